-- Store: review_topic_monthly_counts (ReviewTopicMonthlyCount, prisma/schema/insights.prisma)
--   location_id, month (the first day of the location's local month of posted_at), campaign_id (0 for none), topic →
--   mentions, positive, negative: review_topic_daily_counts added up by month.
-- Derived from: reviews (location_id, posted_at, archived, campaign_id, topics, topic_sentiments; archived reviews left
--   out); locations.time_zone.
-- Read by: Analyze › Insights (modules/insights/queries.ts) for the whole months of a range; its partial months come
--   from review_topic_daily_counts.
-- Kept by: reviews_review_topic_monthly_counts_insert/_update/_delete (statement triggers).
-- Rebuilt by: derived_rebuild_review_topic_monthly_counts(location, from_day, to_day): the whole months holding those
--   days.

CREATE OR REPLACE FUNCTION review_topic_monthly_counts_reviews() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := rollup_changed_rows(TG_OP);
BEGIN
  EXECUTE derived_share_locations(changed);
  EXECUTE format($sql$
    INSERT INTO review_topic_monthly_counts AS c (location_id, month, campaign_id, topic, mentions, positive, negative)
    SELECT r.location_id, date_trunc('month', r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
           coalesce(r.campaign_id, 0), t.topic, sum(r.sign), sum(r.sign * (r.topic_sentiments ->> t.topic = '1')::int),
           sum(r.sign * (r.topic_sentiments ->> t.topic = '-1')::int)
      FROM (%s) r JOIN locations l ON l.id = r.location_id CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
     WHERE NOT r.archived
     GROUP BY 1, 2, 3, 4
    HAVING (sum(r.sign), sum(r.sign * (r.topic_sentiments ->> t.topic = '1')::int), sum(r.sign * (r.topic_sentiments ->> t.topic = '-1')::int))
           <> (0, 0, 0)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (location_id, month, campaign_id, topic) DO UPDATE SET
      mentions = c.mentions + EXCLUDED.mentions, positive = c.positive + EXCLUDED.positive, negative = c.negative + EXCLUDED.negative
  $sql$, changed);
  RETURN NULL;
END $fn$;

CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_insert AFTER INSERT ON reviews
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews();
CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_update AFTER UPDATE ON reviews
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews();
CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_delete AFTER DELETE ON reviews
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews();
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_insert;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_update;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_delete;

-- A month's row is a sum over all its days: the rebuild recomputes the whole months that hold from_day to to_day.
CREATE OR REPLACE FUNCTION derived_rebuild_review_topic_monthly_counts(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  lo date := coalesce(date_trunc('month', from_day::timestamp)::date, '-infinity');
  hi date := coalesce((date_trunc('month', to_day::timestamp) + interval '1 month')::date, 'infinity');
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  zone := derived_zone(loc);
  WITH want AS (
    SELECT date_trunc('month', r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS month, coalesce(r.campaign_id, 0) AS campaign_id, t.topic,
           count(*)::int AS mentions, count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '1')::int AS positive,
           count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '-1')::int AS negative
      FROM reviews r CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
     WHERE r.location_id = loc AND r.posted_at >= derived_day_start(lo, zone) AND r.posted_at < derived_day_start(hi, zone)
       AND NOT r.archived
     GROUP BY 1, 2, 3
  ), have AS (
    SELECT c.month, c.campaign_id, c.topic, c.mentions, c.positive, c.negative
      FROM review_topic_monthly_counts c WHERE c.location_id = loc AND c.month >= lo AND c.month < hi
  ), diff AS (
    SELECT month, campaign_id, topic, coalesce(w.mentions, 0) AS mentions, coalesce(w.positive, 0) AS positive, coalesce(w.negative, 0) AS negative
      FROM want w FULL JOIN have h USING (month, campaign_id, topic)
     WHERE (coalesce(w.mentions, 0), coalesce(w.positive, 0), coalesce(w.negative, 0))
           IS DISTINCT FROM (coalesce(h.mentions, 0), coalesce(h.positive, 0), coalesce(h.negative, 0))
  ), written AS (
    INSERT INTO review_topic_monthly_counts AS c (location_id, month, campaign_id, topic, mentions, positive, negative)
    SELECT loc, d.month, d.campaign_id, d.topic, d.mentions, d.positive, d.negative FROM diff d
    ON CONFLICT (location_id, month, campaign_id, topic) DO UPDATE SET
      mentions = EXCLUDED.mentions, positive = EXCLUDED.positive, negative = EXCLUDED.negative
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
