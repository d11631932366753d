-- Store: review_topic_monthly_counts (ReviewTopicMonthlyCount, prisma/schema/insights.prisma)
--   location_id, month (the first day of the location's local month of posted_at), campaign_id (0 for none) →
--   mentions, positive, negative: review_topic_daily_counts added up by month (arrays in the order of
--   review_topic_keys(), defined with the daily store, whose file applies first).
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
  changed text := review_topic_changed_rows(TG_OP);
BEGIN
  EXECUTE derived_share_locations(changed);
  EXECUTE format($sql$
    INSERT INTO review_topic_monthly_counts AS c (location_id, month, campaign_id, mentions, positive, negative)
    SELECT x.location_id, x.month, x.campaign_id, array_agg(x.m ORDER BY x.i), array_agg(x.p ORDER BY x.i), array_agg(x.n ORDER BY x.i)
      FROM (SELECT r.location_id, date_trunc('month', r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date AS month,
                   coalesce(r.campaign_id, 0) AS campaign_id, k.i,
                   sum(r.sign * (k.key = ANY (r.topics))::int)::int AS m,
                   sum(r.sign * (k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '1')::int)::int AS p,
                   sum(r.sign * (k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '-1')::int)::int AS n
              FROM (%s) r JOIN locations l ON l.id = r.location_id
             CROSS JOIN unnest(review_topic_keys()) WITH ORDINALITY AS k(key, i)
             WHERE NOT r.archived
             GROUP BY 1, 2, 3, 4) x
     GROUP BY 1, 2, 3
    HAVING bool_or((x.m, x.p, x.n) <> (0, 0, 0))
     ORDER BY 1, 2, 3
    ON CONFLICT (location_id, month, campaign_id) DO UPDATE SET
      mentions = review_topic_add(c.mentions, EXCLUDED.mentions), positive = review_topic_add(c.positive, EXCLUDED.positive),
      negative = review_topic_add(c.negative, EXCLUDED.negative)
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
  zero integer[] := array_fill(0, ARRAY[cardinality(review_topic_keys())]);
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  zone := derived_zone(loc);
  WITH want AS (
    SELECT w.bucket AS month, w.campaign_id, w.mentions, w.positive, w.negative
      FROM review_topic_counts_of(loc, derived_day_start(lo, zone), derived_day_start(hi, zone), zone, $b$date_trunc('month', r.lt)$b$) w
  ), have AS (
    SELECT c.month, c.campaign_id, c.mentions, c.positive, c.negative
      FROM review_topic_monthly_counts c WHERE c.location_id = loc AND c.month >= lo AND c.month < hi
  ), diff AS (
    SELECT month, campaign_id, coalesce(w.mentions, zero) AS mentions, coalesce(w.positive, zero) AS positive, coalesce(w.negative, zero) AS negative
      FROM want w FULL JOIN have h USING (month, campaign_id)
     WHERE (coalesce(w.mentions, zero), coalesce(w.positive, zero), coalesce(w.negative, zero))
           IS DISTINCT FROM (coalesce(h.mentions, zero), coalesce(h.positive, zero), coalesce(h.negative, zero))
  ), written AS (
    INSERT INTO review_topic_monthly_counts AS c (location_id, month, campaign_id, mentions, positive, negative)
    SELECT loc, d.month, d.campaign_id, d.mentions, d.positive, d.negative FROM diff d
    ON CONFLICT (location_id, month, campaign_id) DO UPDATE SET
      mentions = EXCLUDED.mentions, positive = EXCLUDED.positive, negative = EXCLUDED.negative
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
