-- Store: dispatch_daily_stats (DispatchDailyStat, prisma/schema/analytics.prisma)
--   location_id, day → sends per kind and channel (pcheck_email, pcheck_sms, bio_email, bio_sms), pulseCheck answers
--   (participants; happy, neutral, unhappy), Kudo Index sum (in 2520ths) and count, the three sliders' sums and
--   counts, review leads, contact cards sent.
-- Derived from: dispatches (sends: not a test, by day of created_at, each channel whose status is 1); reviews
--   (answers: source 'kudo' with a dispatch, not archived, by day of posted_at); contact_card_sends (status 'sent',
--   by day of sent_at); locations.time_zone.
-- Read by: Analyze › Dispatching and the report emails (modules/analytics/dispatch-days.ts).
-- Kept by: dispatches_dispatch_daily_stats_insert/_update/_delete (statement triggers), reviews_dispatch_daily_stats
--   and contact_card_sends_analytics (row triggers).
-- Rebuilt by: derived_rebuild_dispatch_daily_stats(location, from_day, to_day).

-- A statement's dispatches: their sends on their days. See docs/decisions.md ("Sent means a channel took it").
SELECT derived_statement_functions('dispatch_daily_stats_dispatches', $body$
  {locked}
  INSERT INTO dispatch_daily_stats AS s (location_id, day, pcheck_email, pcheck_sms, bio_email, bio_sms)
  SELECT d.location_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
         sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.email_status, 0) = 1)::int),
         sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.sms_status, 0) = 1)::int),
         sum(d.sign * (d.kind = 'bio' AND coalesce(d.email_status, 0) = 1)::int),
         sum(d.sign * (d.kind = 'bio' AND coalesce(d.sms_status, 0) = 1)::int)
    FROM {changed} d JOIN locations l ON l.id = d.location_id
   WHERE NOT d.is_test AND (coalesce(d.sms_status, 0) = 1 OR coalesce(d.email_status, 0) = 1)
   GROUP BY 1, 2
  HAVING (sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.email_status, 0) = 1)::int),
          sum(d.sign * (d.kind = 'pcheck' AND coalesce(d.sms_status, 0) = 1)::int),
          sum(d.sign * (d.kind = 'bio' AND coalesce(d.email_status, 0) = 1)::int),
          sum(d.sign * (d.kind = 'bio' AND coalesce(d.sms_status, 0) = 1)::int)) <> (0, 0, 0, 0)
   ORDER BY 1, 2
  ON CONFLICT (location_id, day) DO UPDATE SET
    pcheck_email = s.pcheck_email + EXCLUDED.pcheck_email, pcheck_sms = s.pcheck_sms + EXCLUDED.pcheck_sms,
    bio_email = s.bio_email + EXCLUDED.bio_email, bio_sms = s.bio_sms + EXCLUDED.bio_sms;
$body$);

CREATE OR REPLACE TRIGGER dispatches_dispatch_daily_stats_insert AFTER INSERT ON dispatches
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatch_daily_stats_dispatches_insert();
CREATE OR REPLACE TRIGGER dispatches_dispatch_daily_stats_update AFTER UPDATE ON dispatches
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatch_daily_stats_dispatches_update();
CREATE OR REPLACE TRIGGER dispatches_dispatch_daily_stats_delete AFTER DELETE ON dispatches
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatch_daily_stats_dispatches_delete();
ALTER TABLE dispatches ENABLE TRIGGER dispatches_dispatch_daily_stats_insert;
ALTER TABLE dispatches ENABLE TRIGGER dispatches_dispatch_daily_stats_update;
ALTER TABLE dispatches ENABLE TRIGGER dispatches_dispatch_daily_stats_delete;
DROP FUNCTION IF EXISTS dispatch_daily_stats_dispatches();

-- Adds a pulseCheck answer's figures to its day (sign 1) or takes them away (sign -1).
CREATE OR REPLACE FUNCTION analytics_count_answer(r reviews, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s0 double precision := (r.sliders->0->>'value')::double precision;
  s1 double precision := (r.sliders->1->>'value')::double precision;
  s2 double precision := (r.sliders->2->>'value')::double precision;
BEGIN
  IF r.source <> 'kudo' OR r.dispatch_id IS NULL OR r.archived THEN RETURN; END IF;
  INSERT INTO dispatch_daily_stats AS s (location_id, day, participants, happy, neutral, unhappy, kudo_index_sum_x2520, kudo_index_count,
      slider0_sum, slider0_count, slider1_sum, slider1_count, slider2_sum, slider2_count, review_leads)
  VALUES (r.location_id, analytics_local_day(r.location_id, r.posted_at), sign,
      sign * (r.sentiment = 'positive')::int, sign * (r.sentiment = 'neutral')::int, sign * (r.sentiment = 'negative')::int,
      sign * coalesce(round(r.kudo_index * 2520)::bigint, 0), sign * (r.kudo_index IS NOT NULL)::int,
      sign * coalesce(s0, 0), sign * (s0 IS NOT NULL)::int, sign * coalesce(s1, 0), sign * (s1 IS NOT NULL)::int,
      sign * coalesce(s2, 0), sign * (s2 IS NOT NULL)::int, sign * r.review_lead::int)
  ON CONFLICT (location_id, day) DO UPDATE SET
    participants = s.participants + EXCLUDED.participants, happy = s.happy + EXCLUDED.happy,
    neutral = s.neutral + EXCLUDED.neutral, unhappy = s.unhappy + EXCLUDED.unhappy,
    kudo_index_sum_x2520 = s.kudo_index_sum_x2520 + EXCLUDED.kudo_index_sum_x2520, kudo_index_count = s.kudo_index_count + EXCLUDED.kudo_index_count,
    slider0_sum = s.slider0_sum + EXCLUDED.slider0_sum, slider0_count = s.slider0_count + EXCLUDED.slider0_count,
    slider1_sum = s.slider1_sum + EXCLUDED.slider1_sum, slider1_count = s.slider1_count + EXCLUDED.slider1_count,
    slider2_sum = s.slider2_sum + EXCLUDED.slider2_sum, slider2_count = s.slider2_count + EXCLUDED.slider2_count,
    review_leads = s.review_leads + EXCLUDED.review_leads;
END $$;

CREATE OR REPLACE FUNCTION dispatch_daily_stats_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.location_id, OLD.posted_at, OLD.source, OLD.sentiment, OLD.archived, OLD.dispatch_id, OLD.kudo_index,
                           OLD.sliders, OLD.review_lead)
     IS NOT DISTINCT FROM (NEW.location_id, NEW.posted_at, NEW.source, NEW.sentiment, NEW.archived, NEW.dispatch_id, NEW.kudo_index,
                           NEW.sliders, NEW.review_lead) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_answer(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_answer(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER reviews_dispatch_daily_stats AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION dispatch_daily_stats_reviews_changed();
ALTER TABLE reviews ENABLE TRIGGER reviews_dispatch_daily_stats;

-- A contact card counts on the day it went out, at its location.
CREATE OR REPLACE FUNCTION analytics_count_card(c contact_card_sends, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF c.status <> 'sent' OR c.sent_at IS NULL THEN RETURN; END IF;
  INSERT INTO dispatch_daily_stats AS s (location_id, day, contact_cards)
  VALUES (c.location_id, analytics_local_day(c.location_id, c.sent_at), sign)
  ON CONFLICT (location_id, day) DO UPDATE SET contact_cards = s.contact_cards + EXCLUDED.contact_cards;
END $$;

CREATE OR REPLACE FUNCTION analytics_cards_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.sent_at IS NOT DISTINCT FROM NEW.sent_at AND OLD.location_id = NEW.location_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_card(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_card(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_card_sends_analytics AFTER INSERT OR UPDATE OR DELETE ON contact_card_sends
FOR EACH ROW EXECUTE FUNCTION analytics_cards_changed();
ALTER TABLE contact_card_sends ENABLE TRIGGER contact_card_sends_analytics;

CREATE OR REPLACE FUNCTION derived_rebuild_dispatch_daily_stats(loc integer, from_day date, to_day date) RETURNS integer
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
    SELECT (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS day,
           count(*) FILTER (WHERE d.kind = 'pcheck' AND d.email_status = 1) AS pe, count(*) FILTER (WHERE d.kind = 'pcheck' AND d.sms_status = 1) AS ps,
           count(*) FILTER (WHERE d.kind = 'bio' AND d.email_status = 1) AS be, count(*) FILTER (WHERE d.kind = 'bio' AND d.sms_status = 1) AS bs,
           0 AS n, 0 AS h, 0 AS nt, 0 AS u, 0::bigint AS kis, 0 AS kic, 0::float8 AS a0, 0 AS c0, 0::float8 AS a1, 0 AS c1,
           0::float8 AS a2, 0 AS c2, 0 AS leads, 0 AS cards
      FROM dispatches d
     WHERE d.location_id = loc AND d.created_at >= t0 AND d.created_at < t1 AND NOT d.is_test AND (d.sms_status = 1 OR d.email_status = 1)
     GROUP BY 1
    UNION ALL
    SELECT (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date,
           0, 0, 0, 0, count(*), count(*) FILTER (WHERE r.sentiment = 'positive'), count(*) FILTER (WHERE r.sentiment = 'neutral'),
           count(*) FILTER (WHERE r.sentiment = 'negative'), coalesce(sum(round(r.kudo_index * 2520)::bigint), 0), count(r.kudo_index),
           coalesce(sum((r.sliders->0->>'value')::float8), 0), count(r.sliders->0->>'value'),
           coalesce(sum((r.sliders->1->>'value')::float8), 0), count(r.sliders->1->>'value'),
           coalesce(sum((r.sliders->2->>'value')::float8), 0), count(r.sliders->2->>'value'),
           count(*) FILTER (WHERE r.review_lead), 0
      FROM reviews r
     WHERE r.location_id = loc AND r.posted_at >= t0 AND r.posted_at < t1 AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived
     GROUP BY 1
    UNION ALL
    SELECT (c.sent_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
      FROM contact_card_sends c
     WHERE c.location_id = loc AND c.sent_at >= t0 AND c.sent_at < t1 AND c.status = 'sent'
     GROUP BY 1
  ), want AS (
    SELECT p.day, sum(pe)::int AS pcheck_email, sum(ps)::int AS pcheck_sms, sum(be)::int AS bio_email, sum(bs)::int AS bio_sms,
           sum(n)::int AS participants, sum(h)::int AS happy, sum(nt)::int AS neutral, sum(u)::int AS unhappy,
           sum(kis)::bigint AS kudo_index_sum_x2520, sum(kic)::int AS kudo_index_count, sum(a0)::float8 AS slider0_sum, sum(c0)::int AS slider0_count,
           sum(a1)::float8 AS slider1_sum, sum(c1)::int AS slider1_count, sum(a2)::float8 AS slider2_sum, sum(c2)::int AS slider2_count,
           sum(leads)::int AS review_leads, sum(cards)::int AS contact_cards
      FROM parts p GROUP BY p.day
  ), have AS (
    SELECT s.day, s.pcheck_email, s.pcheck_sms, s.bio_email, s.bio_sms, s.participants, s.happy, s.neutral, s.unhappy, s.kudo_index_sum_x2520,
           s.kudo_index_count, s.slider0_sum, s.slider0_count, s.slider1_sum, s.slider1_count, s.slider2_sum, s.slider2_count, s.review_leads, s.contact_cards
      FROM dispatch_daily_stats s WHERE s.location_id = loc AND s.day BETWEEN lo AND hi
  ), diff AS (
    SELECT day, coalesce(w.pcheck_email, 0) AS pcheck_email, coalesce(w.pcheck_sms, 0) AS pcheck_sms, coalesce(w.bio_email, 0) AS bio_email,
           coalesce(w.bio_sms, 0) AS bio_sms, coalesce(w.participants, 0) AS participants, coalesce(w.happy, 0) AS happy,
           coalesce(w.neutral, 0) AS neutral, coalesce(w.unhappy, 0) AS unhappy, coalesce(w.kudo_index_sum_x2520, 0) AS kudo_index_sum_x2520,
           coalesce(w.kudo_index_count, 0) AS kudo_index_count, coalesce(w.slider0_sum, 0) AS slider0_sum, coalesce(w.slider0_count, 0) AS slider0_count,
           coalesce(w.slider1_sum, 0) AS slider1_sum, coalesce(w.slider1_count, 0) AS slider1_count, coalesce(w.slider2_sum, 0) AS slider2_sum,
           coalesce(w.slider2_count, 0) AS slider2_count, coalesce(w.review_leads, 0) AS review_leads, coalesce(w.contact_cards, 0) AS contact_cards
      FROM want w FULL JOIN have h USING (day)
     WHERE (coalesce(w.pcheck_email, 0), coalesce(w.pcheck_sms, 0), coalesce(w.bio_email, 0), coalesce(w.bio_sms, 0), coalesce(w.participants, 0),
            coalesce(w.happy, 0), coalesce(w.neutral, 0), coalesce(w.unhappy, 0), coalesce(w.kudo_index_sum_x2520, 0), coalesce(w.kudo_index_count, 0),
            coalesce(w.slider0_sum, 0), coalesce(w.slider0_count, 0), coalesce(w.slider1_sum, 0), coalesce(w.slider1_count, 0),
            coalesce(w.slider2_sum, 0), coalesce(w.slider2_count, 0), coalesce(w.review_leads, 0), coalesce(w.contact_cards, 0))
        IS DISTINCT FROM
           (coalesce(h.pcheck_email, 0), coalesce(h.pcheck_sms, 0), coalesce(h.bio_email, 0), coalesce(h.bio_sms, 0), coalesce(h.participants, 0),
            coalesce(h.happy, 0), coalesce(h.neutral, 0), coalesce(h.unhappy, 0), coalesce(h.kudo_index_sum_x2520, 0), coalesce(h.kudo_index_count, 0),
            coalesce(h.slider0_sum, 0), coalesce(h.slider0_count, 0), coalesce(h.slider1_sum, 0), coalesce(h.slider1_count, 0),
            coalesce(h.slider2_sum, 0), coalesce(h.slider2_count, 0), coalesce(h.review_leads, 0), coalesce(h.contact_cards, 0))
  ), written AS (
    INSERT INTO dispatch_daily_stats AS s (location_id, day, pcheck_email, pcheck_sms, bio_email, bio_sms, participants, happy, neutral, unhappy,
        kudo_index_sum_x2520, kudo_index_count, slider0_sum, slider0_count, slider1_sum, slider1_count, slider2_sum, slider2_count, review_leads, contact_cards)
    SELECT loc, d.day, d.pcheck_email, d.pcheck_sms, d.bio_email, d.bio_sms, d.participants, d.happy, d.neutral, d.unhappy, d.kudo_index_sum_x2520,
           d.kudo_index_count, d.slider0_sum, d.slider0_count, d.slider1_sum, d.slider1_count, d.slider2_sum, d.slider2_count, d.review_leads, d.contact_cards
      FROM diff d
    ON CONFLICT (location_id, day) DO UPDATE SET
      pcheck_email = EXCLUDED.pcheck_email, pcheck_sms = EXCLUDED.pcheck_sms, bio_email = EXCLUDED.bio_email, bio_sms = EXCLUDED.bio_sms,
      participants = EXCLUDED.participants, happy = EXCLUDED.happy, neutral = EXCLUDED.neutral, unhappy = EXCLUDED.unhappy,
      kudo_index_sum_x2520 = EXCLUDED.kudo_index_sum_x2520, kudo_index_count = EXCLUDED.kudo_index_count,
      slider0_sum = EXCLUDED.slider0_sum, slider0_count = EXCLUDED.slider0_count, slider1_sum = EXCLUDED.slider1_sum,
      slider1_count = EXCLUDED.slider1_count, slider2_sum = EXCLUDED.slider2_sum, slider2_count = EXCLUDED.slider2_count,
      review_leads = EXCLUDED.review_leads, contact_cards = EXCLUDED.contact_cards
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;

-- Analyze's two stores of one location (or of every location, with NULL), all days. The name earlier callers use.
CREATE OR REPLACE FUNCTION analytics_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF loc IS NULL THEN
    PERFORM derived_rebuild_all('review_daily_counts', 'derived_rebuild_review_daily_counts');
    PERFORM derived_rebuild_all('dispatch_daily_stats', 'derived_rebuild_dispatch_daily_stats');
  ELSE
    PERFORM derived_rebuild_review_daily_counts(loc, NULL, NULL), derived_rebuild_dispatch_daily_stats(loc, NULL, NULL);
  END IF;
END $$;
