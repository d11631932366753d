-- The daily counts that a send changes (Analyze's sends, the leaderboard's pulseChecks and bios, the logs' totals)
-- were kept by row triggers: one upsert of the same day's row per dispatch, SMS and email. A bulk send writes 200
-- of each in one statement, and its drain rate halved with them. They are now kept by statement triggers that
-- read the statement's rows (its transition tables), add them up by day, and upsert each day's row once, in key
-- order. What a statement counts is what its rows counted one by one: an update adds its new rows and takes its
-- old ones away, so an update that changes nothing counted nets to nothing and writes nothing.

DROP TRIGGER dispatches_analytics ON dispatches;
DROP TRIGGER dispatches_leaderboard ON dispatches;
DROP TRIGGER sms_messages_logs ON sms_messages;
DROP TRIGGER email_logs_logs ON email_logs;
DROP FUNCTION analytics_dispatches_changed();
DROP FUNCTION analytics_count_dispatch(dispatches, integer);
DROP FUNCTION leaderboard_dispatches_changed();
DROP FUNCTION leaderboard_count_dispatch(dispatches, integer);
DROP FUNCTION logs_sms_changed();
DROP FUNCTION logs_emails_changed();
DROP FUNCTION logs_count(integer, timestamp, text, integer);

-- The rows a statement changed, as a query with a sign: 1 for the rows it wrote (new_rows), -1 for the rows it
-- replaced or removed (old_rows).
CREATE FUNCTION rollup_changed_rows(op text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'UPDATE' THEN 'SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* FROM old_rows o'
  END
$$;

-- A statement's dispatches: their sends (tests left out) on Analyze's days, and their pulseChecks and bios on their
-- campaigns' days for the leaderboard. Days are the location's own (stored times are UTC).
CREATE FUNCTION dispatches_counted() RETURNS trigger
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
     WHERE NOT d.is_test AND d.kind IN ('pcheck', 'bio')
     GROUP BY 1, 2, 3
    HAVING (sum(d.sign * (d.kind = 'pcheck')::int), sum(d.sign * (d.kind = 'bio')::int)) <> (0, 0)
     ORDER BY 1, 3, 2
    ON CONFLICT (location_id, day, campaign_id) DO UPDATE SET pchecks = s.pchecks + EXCLUDED.pchecks, bios = s.bios + EXCLUDED.bios
  $sql$, changed);
  RETURN NULL;
END $fn$;

-- A statement's messages on the logs' days: outbound SMS ('sms') and every email ('email').
CREATE FUNCTION logs_counted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($sql$
    INSERT INTO log_daily_counts AS c (location_id, day, channel, count)
    SELECT m.location_id, (m.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date, %L, sum(m.sign)
      FROM (%s) m JOIN locations l ON l.id = m.location_id
     WHERE %s
     GROUP BY 1, 2
    HAVING sum(m.sign) <> 0
     ORDER BY 1, 2
    ON CONFLICT (location_id, day, channel) DO UPDATE SET count = c.count + EXCLUDED.count
  $sql$, TG_ARGV[0], rollup_changed_rows(TG_OP), CASE TG_ARGV[0] WHEN 'sms' THEN 'm.direction = ''outbound''' ELSE 'true' END);
  RETURN NULL;
END $fn$;

CREATE TRIGGER dispatches_counted_insert AFTER INSERT ON dispatches
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatches_counted();
CREATE TRIGGER dispatches_counted_update AFTER UPDATE ON dispatches
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatches_counted();
CREATE TRIGGER dispatches_counted_delete AFTER DELETE ON dispatches
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dispatches_counted();

CREATE TRIGGER sms_messages_logs_insert AFTER INSERT ON sms_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('sms');
CREATE TRIGGER sms_messages_logs_update AFTER UPDATE ON sms_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('sms');
CREATE TRIGGER sms_messages_logs_delete AFTER DELETE ON sms_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('sms');

CREATE TRIGGER email_logs_logs_insert AFTER INSERT ON email_logs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('email');
CREATE TRIGGER email_logs_logs_update AFTER UPDATE ON email_logs
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('email');
CREATE TRIGGER email_logs_logs_delete AFTER DELETE ON email_logs
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logs_counted('email');
