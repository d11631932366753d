-- CreateTable
CREATE TABLE "campaign_daily_stats" (
    "location_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "responses" INTEGER NOT NULL DEFAULT 0,
    "happy" INTEGER NOT NULL DEFAULT 0,
    "neutral" INTEGER NOT NULL DEFAULT 0,
    "unhappy" INTEGER NOT NULL DEFAULT 0,
    "kudo_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "kudo_count" INTEGER NOT NULL DEFAULT 0,
    "review_leads" INTEGER NOT NULL DEFAULT 0,
    "pchecks" INTEGER NOT NULL DEFAULT 0,
    "bios" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "campaign_daily_stats_pkey" PRIMARY KEY ("location_id","day","campaign_id")
);

-- AddForeignKey
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds an answered pulseCheck's figures to its campaign's day (sign 1) or takes them away (sign -1).
CREATE FUNCTION leaderboard_count_answer(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF r.source <> 'kudo' OR r.dispatch_id IS NULL OR r.archived OR r.campaign_id IS NULL THEN RETURN; END IF;
  INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, responses, happy, neutral, unhappy, kudo_sum, kudo_count, review_leads)
  VALUES (r.location_id, r.campaign_id, analytics_local_day(r.location_id, r.posted_at), sign,
      sign * (r.sentiment = 'positive')::int, sign * (r.sentiment = 'neutral')::int, sign * (r.sentiment = 'negative')::int,
      sign * coalesce(r.kudo_index, 0), sign * (r.kudo_index IS NOT NULL)::int, sign * r.review_lead::int)
  ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET
    responses = s.responses + EXCLUDED.responses, happy = s.happy + EXCLUDED.happy,
    neutral = s.neutral + EXCLUDED.neutral, unhappy = s.unhappy + EXCLUDED.unhappy,
    kudo_sum = s.kudo_sum + EXCLUDED.kudo_sum, kudo_count = s.kudo_count + EXCLUDED.kudo_count,
    review_leads = s.review_leads + EXCLUDED.review_leads;
END $$;

CREATE FUNCTION leaderboard_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.source = NEW.source AND OLD.dispatch_id IS NOT DISTINCT FROM NEW.dispatch_id AND OLD.archived = NEW.archived
     AND OLD.campaign_id IS NOT DISTINCT FROM NEW.campaign_id AND OLD.location_id = NEW.location_id AND OLD.posted_at = NEW.posted_at
     AND OLD.sentiment = NEW.sentiment AND OLD.kudo_index IS NOT DISTINCT FROM NEW.kudo_index AND OLD.review_lead = NEW.review_lead THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM leaderboard_count_answer(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM leaderboard_count_answer(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_leaderboard AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION leaderboard_reviews_changed();

-- Adds a dispatch (test sends left out) to its campaign's sends of the day (sign 1) or takes it away (sign -1).
CREATE FUNCTION leaderboard_count_dispatch(d dispatches, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF d.is_test OR d.kind NOT IN ('pcheck', 'bio') THEN RETURN; END IF;
  INSERT INTO campaign_daily_stats AS s (location_id, campaign_id, day, pchecks, bios)
  VALUES (d.location_id, d.campaign_id, analytics_local_day(d.location_id, d.created_at), sign * (d.kind = 'pcheck')::int, sign * (d.kind = 'bio')::int)
  ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET pchecks = s.pchecks + EXCLUDED.pchecks, bios = s.bios + EXCLUDED.bios;
END $$;

CREATE FUNCTION leaderboard_dispatches_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_test = NEW.is_test AND OLD.kind = NEW.kind AND OLD.created_at = NEW.created_at
     AND OLD.campaign_id = NEW.campaign_id AND OLD.location_id = NEW.location_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM leaderboard_count_dispatch(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM leaderboard_count_dispatch(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dispatches_leaderboard AFTER INSERT OR UPDATE OR DELETE ON dispatches
FOR EACH ROW EXECUTE FUNCTION leaderboard_dispatches_changed();

-- The campaigns' days of one location (or of all, with NULL) computed again from the rows themselves.
CREATE FUNCTION leaderboard_rebuild(loc integer) RETURNS void
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
       GROUP BY 1, 2, 3
    ) x
   GROUP BY location_id, campaign_id, day;
END $$;

SELECT leaderboard_rebuild(NULL);

-- A location that changes its time zone has its campaigns' days counted again too.
CREATE FUNCTION leaderboard_location_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaderboard_rebuild(NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER locations_leaderboard_zone AFTER UPDATE OF time_zone ON locations
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION leaderboard_location_zone_changed();
