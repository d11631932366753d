-- One definition of a sent pulseCheck or bio: a dispatch, not a test, that at least one channel took (its SMS or its
-- email status is 1), as Analyze counted them and the send itself reports them. The leaderboard counted every dispatch
-- not a test, whatever happened to it, so a send that failed on every channel still earned its campaign a pulseCheck.

CREATE OR REPLACE FUNCTION dispatches_counted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := rollup_changed_rows(TG_OP);
BEGIN
  EXECUTE format($sql$
    INSERT INTO dispatch_daily_stats AS s (location_id, day, pcheck_email, pcheck_sms, bio_email, bio_sms)
    SELECT d.location_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
           sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.email_status, 0) = 1)::int),
           sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.sms_status, 0) = 1)::int),
           sum(d.sign * (d.kind = 'bio' AND coalesce(d.email_status, 0) = 1)::int),
           sum(d.sign * (d.kind = 'bio' AND coalesce(d.sms_status, 0) = 1)::int)
      FROM (%s) d JOIN locations l ON l.id = d.location_id
     WHERE NOT d.is_test AND (coalesce(d.sms_status, 0) = 1 OR coalesce(d.email_status, 0) = 1)
     GROUP BY 1, 2
    HAVING (sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.email_status, 0) = 1)::int),
            sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.sms_status, 0) = 1)::int),
            sum(d.sign * (d.kind = 'bio' AND coalesce(d.email_status, 0) = 1)::int),
            sum(d.sign * (d.kind = 'bio' AND coalesce(d.sms_status, 0) = 1)::int)) <> (0, 0, 0, 0)
     ORDER BY 1, 2
    ON CONFLICT (location_id, day) DO UPDATE SET
      pcheck_email = s.pcheck_email + EXCLUDED.pcheck_email, pcheck_sms = s.pcheck_sms + EXCLUDED.pcheck_sms,
      bio_email = s.bio_email + EXCLUDED.bio_email, bio_sms = s.bio_sms + EXCLUDED.bio_sms
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, pchecks, bios)
    SELECT d.location_id, d.campaign_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
           sum(d.sign * (d.kind = 'pcheck')::int), sum(d.sign * (d.kind = 'bio')::int)
      FROM (%s) d JOIN locations l ON l.id = d.location_id
     WHERE NOT d.is_test AND d.kind IN ('pcheck', 'bio') AND (coalesce(d.sms_status, 0) = 1 OR coalesce(d.email_status, 0) = 1)
     GROUP BY 1, 2, 3
    HAVING (sum(d.sign * (d.kind = 'pcheck')::int), sum(d.sign * (d.kind = 'bio')::int)) <> (0, 0)
     ORDER BY 1, 3, 2
    ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET pchecks = s.pchecks + EXCLUDED.pchecks, bios = s.bios + EXCLUDED.bios
  $sql$, changed);
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION leaderboard_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_daily_stats WHERE loc IS NULL OR location_id = loc;
  INSERT INTO campaign_daily_stats (location_id, campaign_id, day, responses, happy, neutral, unhappy, kudo_sum, kudo_count, review_leads, pchecks, bios)
  SELECT location_id, campaign_id, day, sum(n), sum(h), sum(nt), sum(u), sum(ks), sum(kc), sum(leads), sum(p), sum(b)
    FROM (
      SELECT r.location_id, r.campaign_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date AS day,
             count(*) AS n, count(*) FILTER (WHERE r.sentiment = 'positive') AS h, count(*) FILTER (WHERE r.sentiment = 'neutral') AS nt,
             count(*) FILTER (WHERE r.sentiment = 'negative') AS u, coalesce(sum(r.kudo_index), 0)::float8 AS ks, count(r.kudo_index) AS kc,
             count(*) FILTER (WHERE r.review_lead) AS leads, 0 AS p, 0 AS b
        FROM reviews r JOIN locations l ON l.id = r.location_id
       WHERE (loc IS NULL OR r.location_id = loc) AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived AND r.campaign_id IS NOT NULL
       GROUP BY 1, 2, 3
      UNION ALL
      SELECT d.location_id, d.campaign_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date,
             0, 0, 0, 0, 0, 0, 0, count(*) FILTER (WHERE d.kind = 'pcheck'), count(*) FILTER (WHERE d.kind = 'bio')
        FROM dispatches d JOIN locations l ON l.id = d.location_id
       WHERE (loc IS NULL OR d.location_id = loc) AND NOT d.is_test AND d.kind IN ('pcheck', 'bio')
         AND (d.sms_status = 1 OR d.email_status = 1)
       GROUP BY 1, 2, 3
    ) x
   GROUP BY location_id, campaign_id, day;
END $$;

SELECT leaderboard_rebuild(NULL);
