-- Store: review_topic_daily_counts (ReviewTopicDailyCount, prisma/schema/insights.prisma)
--   location_id, day (the location's local day of posted_at), campaign_id (0 for none), topic → mentions, positive,
--   negative: how many of the location's reviews of that day and campaign speak of the topic, and with which polarity
--   (topic_sentiments: 1 positive, -1 negative; the rest of the mentions are mixed or neutral).
-- Derived from: reviews (location_id, posted_at, archived, campaign_id, topics, topic_sentiments; archived reviews left
--   out); locations.time_zone.
-- Read by: Analyze › Insights (modules/insights/service.ts): the topics' ranking, their trend by month, each
--   technician's strongest and weakest topic, and the days its quotes are taken from.
-- Kept by: reviews_review_topic_daily_counts_insert/_update/_delete (statement triggers: the classifier writes a batch
--   of reviews in one statement).
-- Rebuilt by: derived_rebuild_review_topic_daily_counts(location, from_day, to_day).

-- A statement's reviews: each topic they mention, on its campaign's day, added (new rows) or taken away (old rows).
-- Rows whose counted columns did not change cancel out and write nothing.
CREATE OR REPLACE FUNCTION review_topic_daily_counts_reviews() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := rollup_changed_rows(TG_OP);
BEGIN
  EXECUTE derived_share_locations(changed);
  EXECUTE format($sql$
    INSERT INTO review_topic_daily_counts AS c (location_id, day, campaign_id, topic, mentions, positive, negative)
    SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
           coalesce(r.campaign_id, 0), t.topic, sum(r.sign), sum(r.sign * (r.topic_sentiments ->> t.topic = '1')::int),
           sum(r.sign * (r.topic_sentiments ->> t.topic = '-1')::int)
      FROM (%s) r JOIN locations l ON l.id = r.location_id CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
     WHERE NOT r.archived
     GROUP BY 1, 2, 3, 4
    HAVING (sum(r.sign), sum(r.sign * (r.topic_sentiments ->> t.topic = '1')::int), sum(r.sign * (r.topic_sentiments ->> t.topic = '-1')::int))
           <> (0, 0, 0)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (location_id, day, campaign_id, topic) DO UPDATE SET
      mentions = c.mentions + EXCLUDED.mentions, positive = c.positive + EXCLUDED.positive, negative = c.negative + EXCLUDED.negative
  $sql$, changed);
  RETURN NULL;
END $fn$;

CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_insert AFTER INSERT ON reviews
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews();
CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_update AFTER UPDATE ON reviews
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews();
CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_delete AFTER DELETE ON reviews
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews();
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_insert;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_update;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_delete;

CREATE OR REPLACE FUNCTION derived_rebuild_review_topic_daily_counts(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  lo date := coalesce(from_day, '-infinity');
  hi date := coalesce(to_day, 'infinity');
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  zone := derived_zone(loc);
  WITH want AS (
    SELECT (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS day, coalesce(r.campaign_id, 0) AS campaign_id, t.topic,
           count(*)::int AS mentions, count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '1')::int AS positive,
           count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '-1')::int AS negative
      FROM reviews r CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
     WHERE r.location_id = loc AND r.posted_at >= derived_day_start(lo, zone) AND r.posted_at < derived_day_start(hi + 1, zone)
       AND NOT r.archived
     GROUP BY 1, 2, 3
  ), have AS (
    SELECT c.day, c.campaign_id, c.topic, c.mentions, c.positive, c.negative
      FROM review_topic_daily_counts c WHERE c.location_id = loc AND c.day BETWEEN lo AND hi
  ), diff AS (
    SELECT day, campaign_id, topic, coalesce(w.mentions, 0) AS mentions, coalesce(w.positive, 0) AS positive, coalesce(w.negative, 0) AS negative
      FROM want w FULL JOIN have h USING (day, campaign_id, topic)
     WHERE (coalesce(w.mentions, 0), coalesce(w.positive, 0), coalesce(w.negative, 0))
           IS DISTINCT FROM (coalesce(h.mentions, 0), coalesce(h.positive, 0), coalesce(h.negative, 0))
  ), written AS (
    INSERT INTO review_topic_daily_counts AS c (location_id, day, campaign_id, topic, mentions, positive, negative)
    SELECT loc, d.day, d.campaign_id, d.topic, d.mentions, d.positive, d.negative FROM diff d
    ON CONFLICT (location_id, day, campaign_id, topic) DO UPDATE SET
      mentions = EXCLUDED.mentions, positive = EXCLUDED.positive, negative = EXCLUDED.negative
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
