-- Store: campaign_daily_stats (CampaignDailyStat, prisma/schema/analytics.prisma)
--   location_id, day, campaign_id → answered pulseChecks (responses; happy, neutral, unhappy), Kudo Index sum (in
--   2520ths) and count, review leads, pulseChecks and bios sent.
-- Derived from: reviews (answers: source 'kudo' with a dispatch and a campaign, not archived, by day of posted_at);
--   dispatches (sends: not a test, a channel took it, by day of created_at); locations.time_zone.
-- Read by: the leaderboards and their reports (modules/leaderboard/service.ts), the report emails.
-- Kept by: reviews_campaign_daily_stats (row trigger), dispatches_campaign_daily_stats_insert/_update/_delete
--   (statement triggers).
-- Rebuilt by: derived_rebuild_campaign_daily_stats(location, from_day, to_day).

-- Adds an answered pulseCheck's figures to its campaign's day (sign 1) or takes them away (sign -1).
CREATE OR REPLACE FUNCTION leaderboard_count_answer(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF r.source <> 'kudo' OR r.dispatch_id IS NULL OR r.archived OR r.campaign_id IS NULL THEN RETURN; END IF;
  INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, responses, happy, neutral, unhappy, kudo_sum_x2520, kudo_count, review_leads)
  VALUES (r.location_id, r.campaign_id, analytics_local_day(r.location_id, r.posted_at), sign,
      sign * (r.sentiment = 'positive')::int, sign * (r.sentiment = 'neutral')::int, sign * (r.sentiment = 'negative')::int,
      sign * coalesce(round(r.kudo_index * 2520)::bigint, 0), sign * (r.kudo_index IS NOT NULL)::int, sign * r.review_lead::int)
  ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET
    responses = s.responses + EXCLUDED.responses, happy = s.happy + EXCLUDED.happy,
    neutral = s.neutral + EXCLUDED.neutral, unhappy = s.unhappy + EXCLUDED.unhappy,
    kudo_sum_x2520 = s.kudo_sum_x2520 + EXCLUDED.kudo_sum_x2520, kudo_count = s.kudo_count + EXCLUDED.kudo_count,
    review_leads = s.review_leads + EXCLUDED.review_leads;
END $$;

CREATE OR REPLACE FUNCTION campaign_daily_stats_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.location_id, OLD.posted_at, OLD.source, OLD.dispatch_id, OLD.archived, OLD.campaign_id, OLD.sentiment,
                           OLD.kudo_index, OLD.review_lead)
     IS NOT DISTINCT FROM (NEW.location_id, NEW.posted_at, NEW.source, NEW.dispatch_id, NEW.archived, NEW.campaign_id, NEW.sentiment,
                           NEW.kudo_index, NEW.review_lead) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM leaderboard_count_answer(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM leaderboard_count_answer(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER reviews_campaign_daily_stats AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION campaign_daily_stats_reviews_changed();
ALTER TABLE reviews ENABLE TRIGGER reviews_campaign_daily_stats;

-- A statement's dispatches: their pulseChecks and bios sent, on their campaigns' days.
SELECT derived_statement_functions('campaign_daily_stats_dispatches', $body$
  {locked}
  INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, pchecks, bios)
  SELECT d.location_id, d.campaign_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
         sum(d.sign * (d.kind = 'pcheck')::int), sum(d.sign * (d.kind = 'bio')::int)
    FROM {changed} d JOIN locations l ON l.id = d.location_id
   WHERE NOT d.is_test AND d.kind IN ('pcheck', 'bio') AND (coalesce(d.sms_status, 0) = 1 OR coalesce(d.email_status, 0) = 1)
   GROUP BY 1, 2, 3
  HAVING (sum(d.sign * (d.kind = 'pcheck')::int), sum(d.sign * (d.kind = 'bio')::int)) <> (0, 0)
   ORDER BY 1, 3, 2
  ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET pchecks = s.pchecks + EXCLUDED.pchecks, bios = s.bios + EXCLUDED.bios;
$body$);

CREATE OR REPLACE TRIGGER dispatches_campaign_daily_stats_insert AFTER INSERT ON dispatches
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_daily_stats_dispatches_insert();
CREATE OR REPLACE TRIGGER dispatches_campaign_daily_stats_update AFTER UPDATE ON dispatches
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_daily_stats_dispatches_update();
CREATE OR REPLACE TRIGGER dispatches_campaign_daily_stats_delete AFTER DELETE ON dispatches
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_daily_stats_dispatches_delete();
ALTER TABLE dispatches ENABLE TRIGGER dispatches_campaign_daily_stats_insert;
ALTER TABLE dispatches ENABLE TRIGGER dispatches_campaign_daily_stats_update;
ALTER TABLE dispatches ENABLE TRIGGER dispatches_campaign_daily_stats_delete;
DROP FUNCTION IF EXISTS campaign_daily_stats_dispatches();

CREATE OR REPLACE FUNCTION derived_rebuild_campaign_daily_stats(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  lo date := coalesce(from_day, '-infinity');
  hi date := coalesce(to_day, 'infinity');
  t0 timestamp;
  t1 timestamp;
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  zone := derived_zone(loc);
  t0 := derived_day_start(lo, zone);
  t1 := derived_day_start(hi + 1, zone);
  WITH parts AS (
    SELECT r.campaign_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS day,
           count(*) AS n, count(*) FILTER (WHERE r.sentiment = 'positive') AS h, count(*) FILTER (WHERE r.sentiment = 'neutral') AS nt,
           count(*) FILTER (WHERE r.sentiment = 'negative') AS u, coalesce(sum(round(r.kudo_index * 2520)::bigint), 0) AS ks, count(r.kudo_index) AS kc,
           count(*) FILTER (WHERE r.review_lead) AS leads, 0 AS p, 0 AS b
      FROM reviews r
     WHERE r.location_id = loc AND r.posted_at >= t0 AND r.posted_at < t1
       AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived AND r.campaign_id IS NOT NULL
     GROUP BY 1, 2
    UNION ALL
    SELECT d.campaign_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date,
           0, 0, 0, 0, 0, 0, 0, count(*) FILTER (WHERE d.kind = 'pcheck'), count(*) FILTER (WHERE d.kind = 'bio')
      FROM dispatches d
     WHERE d.location_id = loc AND d.created_at >= t0 AND d.created_at < t1
       AND NOT d.is_test AND d.kind IN ('pcheck', 'bio') AND (d.sms_status = 1 OR d.email_status = 1)
     GROUP BY 1, 2
  ), want AS (
    SELECT p.day, p.campaign_id, sum(n)::int AS responses, sum(h)::int AS happy, sum(nt)::int AS neutral, sum(u)::int AS unhappy,
           sum(ks)::bigint AS kudo_sum_x2520, sum(kc)::int AS kudo_count, sum(leads)::int AS review_leads, sum(p)::int AS pchecks, sum(b)::int AS bios
      FROM parts p GROUP BY p.day, p.campaign_id
  ), have AS (
    SELECT s.day, s.campaign_id, s.responses, s.happy, s.neutral, s.unhappy, s.kudo_sum_x2520, s.kudo_count, s.review_leads, s.pchecks, s.bios
      FROM campaign_daily_stats s WHERE s.location_id = loc AND s.day BETWEEN lo AND hi
  ), diff AS (
    SELECT day, campaign_id, coalesce(w.responses, 0) AS responses, coalesce(w.happy, 0) AS happy, coalesce(w.neutral, 0) AS neutral,
           coalesce(w.unhappy, 0) AS unhappy, coalesce(w.kudo_sum_x2520, 0) AS kudo_sum_x2520, coalesce(w.kudo_count, 0) AS kudo_count,
           coalesce(w.review_leads, 0) AS review_leads, coalesce(w.pchecks, 0) AS pchecks, coalesce(w.bios, 0) AS bios
      FROM want w FULL JOIN have h USING (day, campaign_id)
     WHERE (coalesce(w.responses, 0), coalesce(w.happy, 0), coalesce(w.neutral, 0), coalesce(w.unhappy, 0), coalesce(w.kudo_sum_x2520, 0),
            coalesce(w.kudo_count, 0), coalesce(w.review_leads, 0), coalesce(w.pchecks, 0), coalesce(w.bios, 0))
        IS DISTINCT FROM
           (coalesce(h.responses, 0), coalesce(h.happy, 0), coalesce(h.neutral, 0), coalesce(h.unhappy, 0), coalesce(h.kudo_sum_x2520, 0),
            coalesce(h.kudo_count, 0), coalesce(h.review_leads, 0), coalesce(h.pchecks, 0), coalesce(h.bios, 0))
  ), written AS (
    INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, responses, happy, neutral, unhappy, kudo_sum_x2520, kudo_count, review_leads, pchecks, bios)
    SELECT loc, d.campaign_id, d.day, d.responses, d.happy, d.neutral, d.unhappy, d.kudo_sum_x2520, d.kudo_count, d.review_leads, d.pchecks, d.bios
      FROM diff d
    ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET
      responses = EXCLUDED.responses, happy = EXCLUDED.happy, neutral = EXCLUDED.neutral, unhappy = EXCLUDED.unhappy,
      kudo_sum_x2520 = EXCLUDED.kudo_sum_x2520, kudo_count = EXCLUDED.kudo_count, review_leads = EXCLUDED.review_leads,
      pchecks = EXCLUDED.pchecks, bios = EXCLUDED.bios
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;

-- The leaderboard's store of one location (or of every location, with NULL), all days. The name earlier callers use.
CREATE OR REPLACE FUNCTION leaderboard_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF loc IS NULL THEN PERFORM derived_rebuild_all('campaign_daily_stats', 'derived_rebuild_campaign_daily_stats');
  ELSE PERFORM derived_rebuild_campaign_daily_stats(loc, NULL, NULL);
  END IF;
END $$;
