-- Store: log_daily_counts (LogDailyCount, prisma/schema/logs.prisma)
--   location_id, day, channel ('sms' or 'email') → count: the messages the Logs screens list, per local day.
-- Derived from: sms_messages (outbound ones, by day of created_at); email_logs (every one); locations.time_zone.
-- Read by: Logs › SMS and Logs › Email totals (modules/logs/service.ts).
-- Kept by: sms_messages_logs_insert/_update/_delete and email_logs_logs_insert/_update/_delete (statement triggers).
-- Rebuilt by: derived_rebuild_log_daily_counts(location, from_day, to_day).

-- A statement's messages on the logs' days: outbound SMS ('sms') and every email ('email').
SELECT derived_statement_functions('logs_counted_' || c.channel, format($body$
  {locked}
  INSERT INTO log_daily_counts AS c (location_id, day, channel, count)
  SELECT m.location_id, (m.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date, %L, sum(m.sign)
    FROM {changed} m JOIN locations l ON l.id = m.location_id
   WHERE %s
   GROUP BY 1, 2
  HAVING sum(m.sign) <> 0
   ORDER BY 1, 2
  ON CONFLICT (location_id, day, channel) DO UPDATE SET count = c.count + EXCLUDED.count;
$body$, c.channel, c.messages))
  FROM (VALUES ('sms', $$m.direction = 'outbound'$$), ('email', 'true')) AS c(channel, messages);

CREATE OR REPLACE TRIGGER sms_messages_logs_insert AFTER INSERT ON sms_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_sms_insert();
CREATE OR REPLACE TRIGGER sms_messages_logs_update AFTER UPDATE ON sms_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_sms_update();
CREATE OR REPLACE TRIGGER sms_messages_logs_delete AFTER DELETE ON sms_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_sms_delete();
CREATE OR REPLACE TRIGGER email_logs_logs_insert AFTER INSERT ON email_logs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_email_insert();
CREATE OR REPLACE TRIGGER email_logs_logs_update AFTER UPDATE ON email_logs
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_email_update();
CREATE OR REPLACE TRIGGER email_logs_logs_delete AFTER DELETE ON email_logs
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted_email_delete();
ALTER TABLE sms_messages ENABLE TRIGGER sms_messages_logs_insert;
ALTER TABLE sms_messages ENABLE TRIGGER sms_messages_logs_update;
ALTER TABLE sms_messages ENABLE TRIGGER sms_messages_logs_delete;
ALTER TABLE email_logs ENABLE TRIGGER email_logs_logs_insert;
ALTER TABLE email_logs ENABLE TRIGGER email_logs_logs_update;
ALTER TABLE email_logs ENABLE TRIGGER email_logs_logs_delete;
DROP FUNCTION IF EXISTS logs_counted();

CREATE OR REPLACE FUNCTION derived_rebuild_log_daily_counts(loc integer, from_day date, to_day date) RETURNS integer
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
  WITH want AS (
    SELECT (s.created_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date AS day, 'sms'::text AS channel, count(*)::int AS count
      FROM sms_messages s
     WHERE s.location_id = loc AND s.created_at >= t0 AND s.created_at < t1 AND s.direction = 'outbound'
     GROUP BY 1
    UNION ALL
    SELECT (e.created_at AT TIME ZONE 'UTC' AT TIME ZONE zone)::date, 'email', count(*)::int
      FROM email_logs e
     WHERE e.location_id = loc AND e.created_at >= t0 AND e.created_at < t1
     GROUP BY 1
  ), have AS (
    SELECT c.day, c.channel, c.count FROM log_daily_counts c WHERE c.location_id = loc AND c.day BETWEEN lo AND hi
  ), diff AS (
    SELECT day, channel, coalesce(w.count, 0) AS count
      FROM want w FULL JOIN have h USING (day, channel)
     WHERE coalesce(w.count, 0) <> coalesce(h.count, 0)
  ), written AS (
    INSERT INTO log_daily_counts AS c (location_id, day, channel, count)
    SELECT loc, d.day, d.channel, d.count FROM diff d
    ON CONFLICT (location_id, day, channel) DO UPDATE SET count = EXCLUDED.count
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;

-- The logs' store of one location (or of every location, with NULL), all days. The name earlier callers use.
CREATE OR REPLACE FUNCTION logs_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF loc IS NULL THEN PERFORM derived_rebuild_all('log_daily_counts', 'derived_rebuild_log_daily_counts');
  ELSE PERFORM derived_rebuild_log_daily_counts(loc, NULL, NULL);
  END IF;
END $$;
