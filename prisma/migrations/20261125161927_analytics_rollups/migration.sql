-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "review_lead" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "review_daily_counts" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "sentiment" TEXT NOT NULL,
    "approved" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "has_text" BOOLEAN NOT NULL,
    "has_audio" BOOLEAN NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "review_daily_counts_pkey" PRIMARY KEY ("location_id","day","source","sentiment","approved","archived","has_text","has_audio","campaign_id")
);

-- CreateTable
CREATE TABLE "dispatch_daily_stats" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "pcheck_email" INTEGER NOT NULL DEFAULT 0,
    "pcheck_sms" INTEGER NOT NULL DEFAULT 0,
    "bio_email" INTEGER NOT NULL DEFAULT 0,
    "bio_sms" INTEGER NOT NULL DEFAULT 0,
    "participants" INTEGER NOT NULL DEFAULT 0,
    "happy" INTEGER NOT NULL DEFAULT 0,
    "neutral" INTEGER NOT NULL DEFAULT 0,
    "unhappy" INTEGER NOT NULL DEFAULT 0,
    "kudo_index_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "kudo_index_count" INTEGER NOT NULL DEFAULT 0,
    "slider0_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "slider0_count" INTEGER NOT NULL DEFAULT 0,
    "slider1_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "slider1_count" INTEGER NOT NULL DEFAULT 0,
    "slider2_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "slider2_count" INTEGER NOT NULL DEFAULT 0,
    "review_leads" INTEGER NOT NULL DEFAULT 0,
    "contact_cards" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "dispatch_daily_stats_pkey" PRIMARY KEY ("location_id","day")
);

-- CreateIndex
CREATE INDEX "contact_card_sends_location_id_sent_at_idx" ON "contact_card_sends"("location_id", "sent_at");

-- CreateIndex
CREATE INDEX "reviews_location_id_posted_at_id_idx" ON "reviews"("location_id", "posted_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "reviews_location_id_kudo_index_posted_at_id_idx" ON "reviews"("location_id", "kudo_index" DESC, "posted_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "reviews_location_id_customer_name_posted_at_id_idx" ON "reviews"("location_id", "customer_name", "posted_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "reviews_location_id_campaign_id_posted_at_id_idx" ON "reviews"("location_id", "campaign_id", "posted_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "review_daily_counts" ADD CONSTRAINT "review_daily_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatch_daily_stats" ADD CONSTRAINT "dispatch_daily_stats_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The local calendar day of a stored (UTC) time at a location.
CREATE FUNCTION analytics_local_day(loc integer, ts timestamp) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (ts AT TIME ZONE 'UTC' AT TIME ZONE coalesce((SELECT time_zone FROM locations WHERE id = loc), 'America/New_York'))::date
$$;

-- Adds a review's kind to review_daily_counts (sign 1) or takes it away (sign -1).
CREATE FUNCTION analytics_count_review(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_daily_counts AS c (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id, count)
  VALUES (r.location_id, analytics_local_day(r.location_id, r.posted_at), r.source, r.sentiment, r.approved_for_widget, r.archived,
          r.text <> '', r.audio_url IS NOT NULL, coalesce(r.campaign_id, 0), sign)
  ON CONFLICT (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id)
  DO UPDATE SET count = c.count + EXCLUDED.count;
END $$;

-- Adds a pulseCheck answer's figures to dispatch_daily_stats (sign 1) or takes them away (sign -1).
CREATE FUNCTION analytics_count_answer(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s0 double precision := (r.sliders->0->>'value')::double precision;
  s1 double precision := (r.sliders->1->>'value')::double precision;
  s2 double precision := (r.sliders->2->>'value')::double precision;
BEGIN
  IF r.source <> 'kudo' OR r.dispatch_id IS NULL OR r.archived THEN RETURN; END IF;
  INSERT INTO dispatch_daily_stats AS s (location_id, day, participants, happy, neutral, unhappy, kudo_index_sum, kudo_index_count,
      slider0_sum, slider0_count, slider1_sum, slider1_count, slider2_sum, slider2_count, review_leads)
  VALUES (r.location_id, analytics_local_day(r.location_id, r.posted_at), sign,
      sign * (r.sentiment = 'positive')::int, sign * (r.sentiment = 'neutral')::int, sign * (r.sentiment = 'negative')::int,
      sign * coalesce(r.kudo_index, 0), sign * (r.kudo_index IS NOT NULL)::int,
      sign * coalesce(s0, 0), sign * (s0 IS NOT NULL)::int, sign * coalesce(s1, 0), sign * (s1 IS NOT NULL)::int,
      sign * coalesce(s2, 0), sign * (s2 IS NOT NULL)::int, sign * r.review_lead::int)
  ON CONFLICT (location_id, day) DO UPDATE SET
    participants = s.participants + EXCLUDED.participants, happy = s.happy + EXCLUDED.happy,
    neutral = s.neutral + EXCLUDED.neutral, unhappy = s.unhappy + EXCLUDED.unhappy,
    kudo_index_sum = s.kudo_index_sum + EXCLUDED.kudo_index_sum, kudo_index_count = s.kudo_index_count + EXCLUDED.kudo_index_count,
    slider0_sum = s.slider0_sum + EXCLUDED.slider0_sum, slider0_count = s.slider0_count + EXCLUDED.slider0_count,
    slider1_sum = s.slider1_sum + EXCLUDED.slider1_sum, slider1_count = s.slider1_count + EXCLUDED.slider1_count,
    slider2_sum = s.slider2_sum + EXCLUDED.slider2_sum, slider2_count = s.slider2_count + EXCLUDED.slider2_count,
    review_leads = s.review_leads + EXCLUDED.review_leads;
END $$;

CREATE FUNCTION analytics_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_count_review(OLD, -1);
    PERFORM analytics_count_answer(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_count_review(NEW, 1);
    PERFORM analytics_count_answer(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_analytics AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION analytics_reviews_changed();

-- Adds a dispatch's sends (tests left out) to its day (sign 1) or takes them away (sign -1).
CREATE FUNCTION analytics_count_dispatch(d dispatches, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF d.is_test THEN RETURN; END IF;
  IF coalesce(d.sms_status, 0) <> 1 AND coalesce(d.email_status, 0) <> 1 THEN RETURN; END IF;
  INSERT INTO dispatch_daily_stats AS s (location_id, day, pcheck_email, pcheck_sms, bio_email, bio_sms)
  VALUES (d.location_id, analytics_local_day(d.location_id, d.created_at),
      sign * (d.kind = 'pcheck' AND coalesce(d.email_status, 0) = 1)::int, sign * (d.kind = 'pcheck' AND coalesce(d.sms_status, 0) = 1)::int,
      sign * (d.kind = 'bio' AND coalesce(d.email_status, 0) = 1)::int, sign * (d.kind = 'bio' AND coalesce(d.sms_status, 0) = 1)::int)
  ON CONFLICT (location_id, day) DO UPDATE SET
    pcheck_email = s.pcheck_email + EXCLUDED.pcheck_email, pcheck_sms = s.pcheck_sms + EXCLUDED.pcheck_sms,
    bio_email = s.bio_email + EXCLUDED.bio_email, bio_sms = s.bio_sms + EXCLUDED.bio_sms;
END $$;

CREATE FUNCTION analytics_dispatches_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.sms_status IS NOT DISTINCT FROM NEW.sms_status AND OLD.email_status IS NOT DISTINCT FROM NEW.email_status
     AND OLD.is_test = NEW.is_test AND OLD.kind = NEW.kind AND OLD.created_at = NEW.created_at AND OLD.location_id = NEW.location_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_dispatch(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_dispatch(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dispatches_analytics AFTER INSERT OR UPDATE OR DELETE ON dispatches
FOR EACH ROW EXECUTE FUNCTION analytics_dispatches_changed();

-- A contact card counts on the day it went out.
CREATE FUNCTION analytics_count_card(c contact_card_sends, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF c.status <> 'sent' OR c.sent_at IS NULL THEN RETURN; END IF;
  INSERT INTO dispatch_daily_stats AS s (location_id, day, contact_cards)
  VALUES (c.location_id, analytics_local_day(c.location_id, c.sent_at), sign)
  ON CONFLICT (location_id, day) DO UPDATE SET contact_cards = s.contact_cards + EXCLUDED.contact_cards;
END $$;

CREATE FUNCTION analytics_cards_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.sent_at IS NOT DISTINCT FROM NEW.sent_at THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_card(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_card(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_card_sends_analytics AFTER INSERT OR UPDATE OR DELETE ON contact_card_sends
FOR EACH ROW EXECUTE FUNCTION analytics_cards_changed();

-- Both rollups of one location (or of all, with NULL) computed again from the rows themselves.
CREATE FUNCTION analytics_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_daily_counts WHERE loc IS NULL OR location_id = loc;
  DELETE FROM dispatch_daily_stats WHERE loc IS NULL OR location_id = loc;
  INSERT INTO review_daily_counts (location_id, day, source, sentiment, approved, archived, has_text, has_audio, campaign_id, count)
  SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date, r.source, r.sentiment, r.approved_for_widget,
         r.archived, r.text <> '', r.audio_url IS NOT NULL, coalesce(r.campaign_id, 0), count(*)
    FROM reviews r JOIN locations l ON l.id = r.location_id
   WHERE loc IS NULL OR r.location_id = loc
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  INSERT INTO dispatch_daily_stats (location_id, day, pcheck_email, pcheck_sms, bio_email, bio_sms, participants, happy, neutral, unhappy,
      kudo_index_sum, kudo_index_count, slider0_sum, slider0_count, slider1_sum, slider1_count, slider2_sum, slider2_count,
      review_leads, contact_cards)
  SELECT location_id, day, sum(pe), sum(ps), sum(be), sum(bs), sum(n), sum(h), sum(nt), sum(u), sum(kis), sum(kic),
         sum(a0), sum(c0), sum(a1), sum(c1), sum(a2), sum(c2), sum(leads), sum(cards)
    FROM (
      SELECT d.location_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date AS day,
             count(*) FILTER (WHERE d.kind = 'pcheck' AND d.email_status = 1) AS pe, count(*) FILTER (WHERE d.kind = 'pcheck' AND d.sms_status = 1) AS ps,
             count(*) FILTER (WHERE d.kind = 'bio' AND d.email_status = 1) AS be, count(*) FILTER (WHERE d.kind = 'bio' AND d.sms_status = 1) AS bs,
             0 AS n, 0 AS h, 0 AS nt, 0 AS u, 0::float8 AS kis, 0 AS kic, 0::float8 AS a0, 0 AS c0, 0::float8 AS a1, 0 AS c1,
             0::float8 AS a2, 0 AS c2, 0 AS leads, 0 AS cards
        FROM dispatches d JOIN locations l ON l.id = d.location_id
       WHERE (loc IS NULL OR d.location_id = loc) AND NOT d.is_test AND (d.sms_status = 1 OR d.email_status = 1)
       GROUP BY 1, 2
      UNION ALL
      SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date,
             0, 0, 0, 0, count(*), count(*) FILTER (WHERE r.sentiment = 'positive'), count(*) FILTER (WHERE r.sentiment = 'neutral'),
             count(*) FILTER (WHERE r.sentiment = 'negative'), coalesce(sum(r.kudo_index), 0), count(r.kudo_index),
             coalesce(sum((r.sliders->0->>'value')::float8), 0), count(r.sliders->0->>'value'),
             coalesce(sum((r.sliders->1->>'value')::float8), 0), count(r.sliders->1->>'value'),
             coalesce(sum((r.sliders->2->>'value')::float8), 0), count(r.sliders->2->>'value'),
             count(*) FILTER (WHERE r.review_lead), 0
        FROM reviews r JOIN locations l ON l.id = r.location_id
       WHERE (loc IS NULL OR r.location_id = loc) AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived
       GROUP BY 1, 2
      UNION ALL
      SELECT c.location_id, (c.sent_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date,
             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
        FROM contact_card_sends c JOIN locations l ON l.id = c.location_id
       WHERE (loc IS NULL OR c.location_id = loc) AND c.status = 'sent' AND c.sent_at IS NOT NULL
       GROUP BY 1, 2
    ) x
   GROUP BY location_id, day;
END $$;

-- Review leads of the answers already stored, then both rollups from the existing rows.
UPDATE reviews r SET review_lead = true
  FROM pulse_check_submissions s
 WHERE s.dispatch_id = r.dispatch_id AND s.type = 'social-media' AND coalesce(s.data->>'selection', 'none') <> 'none';

SELECT analytics_rebuild(NULL);

-- A location that changes its time zone has its days counted again.
CREATE FUNCTION analytics_location_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild(NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER locations_analytics_zone AFTER UPDATE OF time_zone ON locations
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION analytics_location_zone_changed();
