-- Store: review_daily_counts (ReviewDailyCount, prisma/schema/analytics.prisma)
--   location_id, day (the location's local day of posted_at), source, sentiment, approved, archived, has_text,
--   has_audio, campaign_id (0 for none) → count: the location's reviews of each kind per day.
-- Derived from: reviews (location_id, posted_at, source, sentiment, approved_for_widget, archived, text, audio_url,
--   campaign_id); locations.time_zone.
-- Read by: Analyze's reviews figures and the reviews table's totals (modules/analytics/reviews.ts).
-- Kept by: reviews_review_daily_counts (row trigger on reviews).
-- Rebuilt by: derived_rebuild_review_daily_counts(location, from_day, to_day).

-- Adds a review's kind to its day (sign 1) or takes it away (sign -1).
CREATE OR REPLACE FUNCTION analytics_count_review(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_daily_counts AS c (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id, count)
  VALUES (r.location_id, analytics_local_day(r.location_id, r.posted_at), r.source, r.sentiment, r.approved_for_widget, r.archived,
          r.text <> '', r.audio_url IS NOT NULL, coalesce(r.campaign_id, 0), sign)
  ON CONFLICT (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id)
  DO UPDATE SET count = c.count + EXCLUDED.count;
END $$;

-- A change that leaves the counted columns as they were (a reply, the customer's details, the export row, a sync that
-- finds the review unchanged) counts nothing.
CREATE OR REPLACE FUNCTION review_daily_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.location_id, OLD.posted_at, OLD.source, OLD.sentiment, OLD.approved_for_widget, OLD.archived,
                           OLD.text <> '', OLD.audio_url IS NULL, OLD.campaign_id)
     IS NOT DISTINCT FROM (NEW.location_id, NEW.posted_at, NEW.source, NEW.sentiment, NEW.approved_for_widget, NEW.archived,
                           NEW.text <> '', NEW.audio_url IS NULL, NEW.campaign_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_review(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_review(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER reviews_review_daily_counts AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION review_daily_counts_changed();
ALTER TABLE reviews ENABLE TRIGGER reviews_review_daily_counts;

CREATE OR REPLACE FUNCTION derived_rebuild_review_daily_counts(loc integer, from_day date, to_day date) RETURNS integer
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
    SELECT (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS day, r.source, r.sentiment, r.approved_for_widget AS approved,
           r.archived, r.text <> '' AS has_text, r.audio_url IS NOT NULL AS has_audio, coalesce(r.campaign_id, 0) AS campaign_id, count(*)::int AS count
      FROM reviews r
     WHERE r.location_id = loc AND r.posted_at >= derived_day_start(lo, zone) AND r.posted_at < derived_day_start(hi + 1, zone)
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), have AS (
    SELECT c.day, c.source, c.sentiment, c.approved, c.archived, c.has_text, c.has_audio, c.campaign_id, c.count
      FROM review_daily_counts c WHERE c.location_id = loc AND c.day BETWEEN lo AND hi
  ), diff AS (
    SELECT day, source, sentiment, approved, archived, has_text, has_audio, campaign_id, coalesce(w.count, 0) AS count
      FROM want w FULL JOIN have h USING (day, source, sentiment, approved, archived, has_text, has_audio, campaign_id)
     WHERE coalesce(w.count, 0) <> coalesce(h.count, 0)
  ), written AS (
    INSERT INTO review_daily_counts AS c (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id, count)
    SELECT loc, d.day, d.source, d.sentiment, d.approved, d.archived, d.has_text, d.has_audio, d.campaign_id, d.count FROM diff d
    ON CONFLICT (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id) DO UPDATE SET count = EXCLUDED.count
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
