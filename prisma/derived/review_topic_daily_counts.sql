-- Store: review_topic_daily_counts (ReviewTopicDailyCount, prisma/schema/insights.prisma)
--   location_id, day (the location's local day of posted_at), campaign_id (0 for none) → mentions, positive, negative:
--   arrays holding each topic's count in the order of review_topic_keys(): how many of the location's reviews of that
--   day and campaign speak of the topic, and of those how many praise it (topic_sentiments 1) and blame it (-1); the
--   rest of the mentions are mixed or neutral.
-- Derived from: reviews (location_id, posted_at, archived, campaign_id, topics, topic_sentiments; archived reviews left
--   out); locations.time_zone.
-- Read by: Analyze › Insights (modules/insights/queries.ts): a range's partial months, and the latest day a topic was
--   praised or blamed (its quotes' day).
-- Kept by: reviews_review_topic_daily_counts_insert/_update/_delete (statement triggers: the classifier writes a batch
--   of reviews in one statement).
-- Rebuilt by: derived_rebuild_review_topic_daily_counts(location, from_day, to_day).

-- The topics in the order of the stores' arrays: REVIEW_TOPICS (packages/shared/src/review-topics.ts), which a test
-- holds equal to this list.
CREATE OR REPLACE FUNCTION review_topic_keys() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['punctuality', 'price', 'professionalism', 'quality', 'cleanliness', 'communication', 'scheduling']
$$;

-- Two arrays of counts added place by place.
CREATE OR REPLACE FUNCTION review_topic_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;

-- The reviews a statement changed in what the topic stores count, with a sign (1 written, -1 replaced or removed): an
-- update that leaves location, time, archiving, campaign, topics and polarities as they were (a reply, the export row,
-- the customer's details) brings nothing. Only reviews with topics count.
CREATE OR REPLACE FUNCTION review_topic_changed_rows(op text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n WHERE cardinality(n.topics) > 0'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o WHERE cardinality(o.topics) > 0'
    ELSE 'SELECT 1 AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE cardinality(n.topics) > 0
             AND (o.location_id, o.posted_at, o.archived, o.campaign_id, o.topics, o.topic_sentiments)
                 IS DISTINCT FROM (n.location_id, n.posted_at, n.archived, n.campaign_id, n.topics, n.topic_sentiments)
          UNION ALL
          SELECT -1, o.* FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE cardinality(o.topics) > 0
             AND (o.location_id, o.posted_at, o.archived, o.campaign_id, o.topics, o.topic_sentiments)
                 IS DISTINCT FROM (n.location_id, n.posted_at, n.archived, n.campaign_id, n.topics, n.topic_sentiments)'
  END
$$;

-- The statement adding a statement's changed reviews (`changed`, signed) to a topic store: `store`, its bucket column
-- (`bucket`: day or month) and the bucket as an expression of the review's local time `r.lt` (`bucket_of`).
CREATE OR REPLACE FUNCTION review_topic_store_add(changed text, store text, bucket text, bucket_of text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    INSERT INTO %2$I AS c (location_id, %3$I, campaign_id, mentions, positive, negative)
    SELECT x.location_id, x.bucket, x.campaign_id, array_agg(x.m ORDER BY x.i), array_agg(x.p ORDER BY x.i), array_agg(x.n ORDER BY x.i)
      FROM (SELECT r.location_id, (%4$s)::date AS bucket, coalesce(r.campaign_id, 0) AS campaign_id, k.i,
                   sum(r.sign * (k.key = ANY (r.topics))::int)::int AS m,
                   sum(r.sign * (k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '1')::int)::int AS p,
                   sum(r.sign * (k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '-1')::int)::int AS n
              FROM (SELECT r.*, r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York') AS lt
                      FROM (%1$s) r JOIN locations l ON l.id = r.location_id WHERE NOT r.archived) r
             CROSS JOIN unnest(review_topic_keys()) WITH ORDINALITY AS k(key, i)
             GROUP BY 1, 2, 3, 4) x
     GROUP BY 1, 2, 3
    HAVING bool_or((x.m, x.p, x.n) <> (0, 0, 0))
     ORDER BY 1, 2, 3
    ON CONFLICT (location_id, %3$I, campaign_id) DO UPDATE SET
      mentions = review_topic_add(c.mentions, EXCLUDED.mentions), positive = review_topic_add(c.positive, EXCLUDED.positive),
      negative = review_topic_add(c.negative, EXCLUDED.negative)
  $sql$, changed, store, bucket, bucket_of)
$fn$;

-- Writes a location's rows of a topic store whose buckets are from `lo` to before `hi` as the reviews give them (those
-- that should not be there set to zero, the others only where they differ); answers how many rows it wrote. The
-- reviews read are those posted from the local day `lo` to before the local day `hi`.
CREATE OR REPLACE FUNCTION review_topic_store_rebuild(loc integer, lo date, hi date, store text, bucket text, bucket_of text) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text;
  zero integer[] := array_fill(0, ARRAY[cardinality(review_topic_keys())]);
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  zone := derived_zone(loc);
  EXECUTE format($sql$
    WITH want AS (
      SELECT x.bucket, x.campaign_id, array_agg(x.m ORDER BY x.i) AS mentions, array_agg(x.p ORDER BY x.i) AS positive,
             array_agg(x.n ORDER BY x.i) AS negative
        FROM (SELECT (%3$s)::date AS bucket, coalesce(r.campaign_id, 0) AS campaign_id, k.i,
                     count(*) FILTER (WHERE k.key = ANY (r.topics))::int AS m,
                     count(*) FILTER (WHERE k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '1')::int AS p,
                     count(*) FILTER (WHERE k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '-1')::int AS n
                FROM (SELECT r.*, r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE $4 AS lt FROM reviews r
                       WHERE r.location_id = $1 AND r.posted_at >= derived_day_start($2, $4) AND r.posted_at < derived_day_start($3, $4)
                         AND NOT r.archived AND cardinality(r.topics) > 0) r
               CROSS JOIN unnest(review_topic_keys()) WITH ORDINALITY AS k(key, i)
               GROUP BY 1, 2, 3) x
       GROUP BY 1, 2
      HAVING bool_or(x.m <> 0)
    ), have AS (
      SELECT c.%2$I AS bucket, c.campaign_id, c.mentions, c.positive, c.negative
        FROM %1$I c WHERE c.location_id = $1 AND c.%2$I >= $2 AND c.%2$I < $3
    ), diff AS (
      SELECT bucket, campaign_id, coalesce(w.mentions, $5) AS mentions, coalesce(w.positive, $5) AS positive, coalesce(w.negative, $5) AS negative
        FROM want w FULL JOIN have h USING (bucket, campaign_id)
       WHERE (coalesce(w.mentions, $5), coalesce(w.positive, $5), coalesce(w.negative, $5))
             IS DISTINCT FROM (coalesce(h.mentions, $5), coalesce(h.positive, $5), coalesce(h.negative, $5))
    ), written AS (
      INSERT INTO %1$I AS c (location_id, %2$I, campaign_id, mentions, positive, negative)
      SELECT $1, d.bucket, d.campaign_id, d.mentions, d.positive, d.negative FROM diff d
      ON CONFLICT (location_id, %2$I, campaign_id) DO UPDATE SET
        mentions = EXCLUDED.mentions, positive = EXCLUDED.positive, negative = EXCLUDED.negative
      RETURNING 1
    )
    SELECT count(*)::int FROM written
  $sql$, store, bucket, bucket_of) INTO changed USING loc, lo, hi, zone, zero;
  RETURN changed;
END $fn$;

-- A statement's changed reviews: their topics' counts on their campaign's day, added (new rows) or taken away (old).
SELECT derived_statement_functions('review_topic_daily_counts_reviews', '{locked} ' || review_topic_store_add('{changed}', 'review_topic_daily_counts', 'day', 'r.lt') || ';',
  'review_topic_changed_rows');

CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_insert AFTER INSERT ON reviews
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews_insert();
CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_update AFTER UPDATE ON reviews
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews_update();
CREATE OR REPLACE TRIGGER reviews_review_topic_daily_counts_delete AFTER DELETE ON reviews
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_daily_counts_reviews_delete();
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_insert;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_update;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_daily_counts_delete;
DROP FUNCTION IF EXISTS review_topic_daily_counts_reviews();

CREATE OR REPLACE FUNCTION derived_rebuild_review_topic_daily_counts(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE sql AS $$
  SELECT review_topic_store_rebuild(loc, coalesce(from_day, '-infinity'), coalesce(to_day + 1, 'infinity'), 'review_topic_daily_counts', 'day', 'r.lt')
$$;

-- Earlier forms.
DROP FUNCTION IF EXISTS review_topic_counts_of(integer, timestamp, timestamp, text, text);
