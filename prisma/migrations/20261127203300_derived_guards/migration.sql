-- Guards around the data the triggers derive.

-- The logs' daily counts and the inbox's unread totals belong to their location like the other stores: they go with
-- it. Rows of locations already deleted are removed first.
DELETE FROM log_daily_counts c WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.id = c.location_id);
DELETE FROM inbox_unread_totals t WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.id = t.location_id);
ALTER TABLE "log_daily_counts" ADD CONSTRAINT "log_daily_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "inbox_unread_totals" ADD CONSTRAINT "inbox_unread_totals_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kudo Index sums were kept in floating point: adding and taking away answers one at a time left them off by a little
-- from a sum of the same answers (and a day with no answer left could keep 1e-15). They are now whole numbers: each
-- Kudo Index counts in 2520ths of a point, exact for every mean of up to ten whole slider values (2520 is the least
-- common multiple of 1 to 10); readers divide by 2520 once, after adding.
ALTER TABLE "dispatch_daily_stats" RENAME COLUMN "kudo_index_sum" TO "kudo_index_sum_x2520";
ALTER TABLE "dispatch_daily_stats" ALTER COLUMN "kudo_index_sum_x2520" DROP DEFAULT,
  ALTER COLUMN "kudo_index_sum_x2520" SET DATA TYPE BIGINT USING round("kudo_index_sum_x2520" * 2520)::bigint,
  ALTER COLUMN "kudo_index_sum_x2520" SET DEFAULT 0;
ALTER TABLE "campaign_daily_stats" RENAME COLUMN "kudo_sum" TO "kudo_sum_x2520";
ALTER TABLE "campaign_daily_stats" ALTER COLUMN "kudo_sum_x2520" DROP DEFAULT,
  ALTER COLUMN "kudo_sum_x2520" SET DATA TYPE BIGINT USING round("kudo_sum_x2520" * 2520)::bigint,
  ALTER COLUMN "kudo_sum_x2520" SET DEFAULT 0;

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

CREATE OR REPLACE FUNCTION analytics_rebuild(loc integer) RETURNS void
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
      kudo_index_sum_x2520, kudo_index_count, slider0_sum, slider0_count, slider1_sum, slider1_count, slider2_sum, slider2_count,
      review_leads, contact_cards)
  SELECT location_id, day, sum(pe), sum(ps), sum(be), sum(bs), sum(n), sum(h), sum(nt), sum(u), sum(kis), sum(kic),
         sum(a0), sum(c0), sum(a1), sum(c1), sum(a2), sum(c2), sum(leads), sum(cards)
    FROM (
      SELECT d.location_id, (d.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date AS day,
             count(*) FILTER (WHERE d.kind = 'pcheck' AND d.email_status = 1) AS pe, count(*) FILTER (WHERE d.kind = 'pcheck' AND d.sms_status = 1) AS ps,
             count(*) FILTER (WHERE d.kind = 'bio' AND d.email_status = 1) AS be, count(*) FILTER (WHERE d.kind = 'bio' AND d.sms_status = 1) AS bs,
             0 AS n, 0 AS h, 0 AS nt, 0 AS u, 0::bigint AS kis, 0 AS kic, 0::float8 AS a0, 0 AS c0, 0::float8 AS a1, 0 AS c1,
             0::float8 AS a2, 0 AS c2, 0 AS leads, 0 AS cards
        FROM dispatches d JOIN locations l ON l.id = d.location_id
       WHERE (loc IS NULL OR d.location_id = loc) AND NOT d.is_test AND (d.sms_status = 1 OR d.email_status = 1)
       GROUP BY 1, 2
      UNION ALL
      SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date,
             0, 0, 0, 0, count(*), count(*) FILTER (WHERE r.sentiment = 'positive'), count(*) FILTER (WHERE r.sentiment = 'neutral'),
             count(*) FILTER (WHERE r.sentiment = 'negative'), coalesce(sum(round(r.kudo_index * 2520)::bigint), 0), count(r.kudo_index),
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

CREATE OR REPLACE FUNCTION leaderboard_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_daily_stats WHERE loc IS NULL OR location_id = loc;
  INSERT INTO campaign_daily_stats (location_id, campaign_id, day, responses, happy, neutral, unhappy, kudo_sum_x2520, kudo_count, review_leads, pchecks, bios)
  SELECT location_id, campaign_id, day, sum(n), sum(h), sum(nt), sum(u), sum(ks), sum(kc), sum(leads), sum(p), sum(b)
    FROM (
      SELECT r.location_id, r.campaign_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date AS day,
             count(*) AS n, count(*) FILTER (WHERE r.sentiment = 'positive') AS h, count(*) FILTER (WHERE r.sentiment = 'neutral') AS nt,
             count(*) FILTER (WHERE r.sentiment = 'negative') AS u, coalesce(sum(round(r.kudo_index * 2520)::bigint), 0) AS ks, count(r.kudo_index) AS kc,
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

SELECT analytics_rebuild(NULL);
SELECT leaderboard_rebuild(NULL);

-- TRUNCATE fires no row trigger: the stores derived from a table would keep what it held. It is refused on every table
-- a store is derived from (DELETE keeps them exact), on bulk loads too.
CREATE OR REPLACE FUNCTION derived_refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'TRUNCATE of % is refused: % would keep what it held. Delete the rows instead (the triggers follow).', TG_TABLE_NAME, TG_ARGV[0]
    USING ERRCODE = 'feature_not_supported';
END $$;

CREATE TRIGGER reviews_derived_truncate BEFORE TRUNCATE ON reviews
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('review_daily_counts, dispatch_daily_stats and campaign_daily_stats');
CREATE TRIGGER dispatches_derived_truncate BEFORE TRUNCATE ON dispatches
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('dispatch_daily_stats and campaign_daily_stats');
CREATE TRIGGER contact_card_sends_derived_truncate BEFORE TRUNCATE ON contact_card_sends
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('dispatch_daily_stats');
CREATE TRIGGER sms_messages_derived_truncate BEFORE TRUNCATE ON sms_messages
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('log_daily_counts and transcript_days');
CREATE TRIGGER email_logs_derived_truncate BEFORE TRUNCATE ON email_logs
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('log_daily_counts');
CREATE TRIGGER conversations_derived_truncate BEFORE TRUNCATE ON conversations
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('inbox_unread_totals, conversation_list_entries and transcript_days');
CREATE TRIGGER conversation_reads_derived_truncate BEFORE TRUNCATE ON conversation_reads
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('inbox_unread_totals');
CREATE TRIGGER conversation_messages_derived_truncate BEFORE TRUNCATE ON conversation_messages
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('transcript_days');
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_derived_truncate;
ALTER TABLE dispatches ENABLE ALWAYS TRIGGER dispatches_derived_truncate;
ALTER TABLE contact_card_sends ENABLE ALWAYS TRIGGER contact_card_sends_derived_truncate;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_derived_truncate;
ALTER TABLE email_logs ENABLE ALWAYS TRIGGER email_logs_derived_truncate;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_derived_truncate;
ALTER TABLE conversation_reads ENABLE ALWAYS TRIGGER conversation_reads_derived_truncate;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_derived_truncate;
