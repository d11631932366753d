-- The derived stores: tables that triggers keep current from the product's rows so that reads stay fast (Analyze,
-- the leaderboards, the logs, the inbox, the exports). One file a store: what it derives from, its table, its
-- functions and triggers as they are now, and its rebuild for a location and a range of its days. This file holds
-- what they share. The tables themselves are in prisma/schema/ and their history in prisma/migrations/; the
-- functions and triggers are defined here only (never in a migration): `deployMigrations` applies every file of this
-- folder after the migrations, in name order, in one transaction, whenever their text changed. Each statement can
-- run again (CREATE OR REPLACE, DROP ... IF EXISTS). `pnpm db:verify` compares every store with its rebuild
-- (apps/api/src/derived/registry.ts lists them).
--
-- Rebuilds are named derived_rebuild_<store>(location, from_day, to_day): they compute the store's rows of the
-- location's local days from_day to to_day (NULL: no bound) from the source rows and write only the rows that
-- differ (an upsert; a row that should not be there is set to zero), and answer how many rows they changed.

-- A location's lock. Every trigger that writes a store row of a location holds it shared until its transaction
-- ends, and reads the location's time zone after taking it; a rebuild, and a change of the location's time zone,
-- hold it exclusively. So a rebuild never overwrites a writer's change it did not see, and a writer never files a
-- row under a zone that is being replaced: it waits, then reads the new one. Class 1802855535 is 'kudo' in ASCII.
CREATE OR REPLACE FUNCTION derived_share_location(loc integer) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock_shared(1802855535, loc) $$;

CREATE OR REPLACE FUNCTION derived_lock_location(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Within derived_rebuild_all the store tables themselves are locked instead (see there).
  IF current_setting('kudo.derived_all', true) = 'on' THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(1802855535, loc);
END $$;

-- Runs `rebuild` (a rebuild function's name) for every location, all days. One lock a location would fill the lock
-- table of a database with thousands of locations in one transaction: the store `tables` are locked EXCLUSIVE
-- instead, which holds off every writer of those tables until the end of the transaction (a writer already under way
-- is waited for first, and its rows counted; one that comes later adds its change to the rebuilt rows).
CREATE OR REPLACE FUNCTION derived_rebuild_all(tables text, rebuild text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('LOCK TABLE %s IN EXCLUSIVE MODE', tables);
  PERFORM set_config('kudo.derived_all', 'on', true);
  EXECUTE format('SELECT count(%I(l.id, NULL, NULL)) FROM (SELECT id FROM locations ORDER BY id) l', rebuild);
  PERFORM set_config('kudo.derived_all', 'off', true);
END $$;

-- The local calendar day of a stored (UTC) time at a location, read under the location's shared lock.
CREATE OR REPLACE FUNCTION analytics_local_day(loc integer, ts timestamp) RETURNS date
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_share_location(loc);
  RETURN (ts AT TIME ZONE 'UTC' AT TIME ZONE coalesce((SELECT time_zone FROM locations WHERE id = loc), 'America/New_York'))::date;
END $$;

-- The location's time zone, for a rebuild (which holds the exclusive lock).
CREATE OR REPLACE FUNCTION derived_zone(loc integer) RETURNS text
LANGUAGE sql STABLE AS $$ SELECT coalesce((SELECT time_zone FROM locations WHERE id = loc), 'America/New_York') $$;

-- The UTC instant a local day starts in a zone; -infinity and infinity pass through.
CREATE OR REPLACE FUNCTION derived_day_start(day date, zone text) RETURNS timestamp
LANGUAGE sql STABLE AS $$ SELECT day::timestamp AT TIME ZONE zone AT TIME ZONE 'UTC' $$;

-- The rows a statement changed, as a query with a sign: 1 for the rows it wrote (new_rows), -1 for the rows it
-- replaced or removed (old_rows).
CREATE OR REPLACE FUNCTION rollup_changed_rows(op text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'UPDATE' THEN 'SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* FROM old_rows o'
  END
$$;

-- Defines a store's statement trigger functions, one for each kind of statement (`ops`): <name>_insert(),
-- <name>_update() and <name>_delete(). Each is `body` (PL/pgSQL statements) with every {changed} replaced by the
-- statement's rows as `rows_of` (a function of the operation, rollup_changed_rows by default) gives them, in
-- parentheses; {locked} stands for taking the shared lock of each of those rows' locations, in id order. Written out
-- per operation, the statements are static: each database session plans them once and keeps the plans, where a
-- statement built at run time (EXECUTE) is planned again on every call, which cost several times the work itself for
-- a statement of a few rows.
CREATE OR REPLACE FUNCTION derived_statement_functions(name text, body text, rows_of text DEFAULT 'rollup_changed_rows',
  ops text[] DEFAULT ARRAY['INSERT', 'UPDATE', 'DELETE']) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  op text;
  rows text;
BEGIN
  FOREACH op IN ARRAY ops LOOP
    EXECUTE format('SELECT %I($1)', rows_of) INTO rows USING op;
    EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', name || '_' || lower(op),
      format(E'BEGIN\n%s\nRETURN NULL;\nEND', replace(replace(body, '{locked}',
        'PERFORM count(derived_share_location(x.location_id)) FROM (SELECT DISTINCT q.location_id FROM {changed} q WHERE q.location_id IS NOT NULL ORDER BY 1) x;'),
        '{changed}', '(' || rows || ')')));
  END LOOP;
END $fn$;

-- A new time zone moves every local day: the day stores of the location are rebuilt under its exclusive lock
-- (writers of the location wait, then read the new zone), and its stored transcript days all go stale.
CREATE OR REPLACE FUNCTION derived_location_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_lock_location(NEW.id);
  PERFORM derived_rebuild_review_daily_counts(NEW.id, NULL, NULL);
  PERFORM derived_rebuild_dispatch_daily_stats(NEW.id, NULL, NULL);
  PERFORM derived_rebuild_campaign_daily_stats(NEW.id, NULL, NULL);
  PERFORM derived_rebuild_log_daily_counts(NEW.id, NULL, NULL);
  PERFORM derived_rebuild_review_topic_daily_counts(NEW.id, NULL, NULL);
  PERFORM derived_rebuild_review_topic_monthly_counts(NEW.id, NULL, NULL);
  PERFORM transcript_epochs_raise(format('SELECT %s AS location_id', NEW.id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER locations_derived_zone AFTER UPDATE OF time_zone ON locations
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION derived_location_zone_changed();
ALTER TABLE locations ENABLE ALWAYS TRIGGER locations_derived_zone;

-- TRUNCATE fires no row trigger: the stores derived from a table would keep what it held. It is refused on every table
-- a store is derived from (DELETE keeps them exact), on bulk loads too.
CREATE OR REPLACE FUNCTION derived_refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'TRUNCATE of % is refused: % would keep what it held. Delete the rows instead (the triggers follow).', TG_TABLE_NAME, TG_ARGV[0]
    USING ERRCODE = 'feature_not_supported';
END $$;

CREATE OR REPLACE TRIGGER reviews_derived_truncate BEFORE TRUNCATE ON reviews
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('review_daily_counts, dispatch_daily_stats, campaign_daily_stats, review_topic_daily_counts, review_topic_monthly_counts and reviews.export_row');
CREATE OR REPLACE TRIGGER dispatches_derived_truncate BEFORE TRUNCATE ON dispatches
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('dispatch_daily_stats and campaign_daily_stats');
CREATE OR REPLACE TRIGGER contact_card_sends_derived_truncate BEFORE TRUNCATE ON contact_card_sends
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('dispatch_daily_stats');
CREATE OR REPLACE TRIGGER sms_messages_derived_truncate BEFORE TRUNCATE ON sms_messages
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('log_daily_counts and transcript_days');
CREATE OR REPLACE TRIGGER email_logs_derived_truncate BEFORE TRUNCATE ON email_logs
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('log_daily_counts');
CREATE OR REPLACE TRIGGER conversations_derived_truncate BEFORE TRUNCATE ON conversations
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('inbox_unread_totals, conversation_list_entries and transcript_days');
CREATE OR REPLACE TRIGGER conversation_reads_derived_truncate BEFORE TRUNCATE ON conversation_reads
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('inbox_unread_totals');
CREATE OR REPLACE TRIGGER conversation_messages_derived_truncate BEFORE TRUNCATE ON conversation_messages
FOR EACH STATEMENT EXECUTE FUNCTION derived_refuse_truncate('transcript_days');
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_derived_truncate;
ALTER TABLE dispatches ENABLE ALWAYS TRIGGER dispatches_derived_truncate;
ALTER TABLE contact_card_sends ENABLE ALWAYS TRIGGER contact_card_sends_derived_truncate;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_derived_truncate;
ALTER TABLE email_logs ENABLE ALWAYS TRIGGER email_logs_derived_truncate;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_derived_truncate;
ALTER TABLE conversation_reads ENABLE ALWAYS TRIGGER conversation_reads_derived_truncate;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_derived_truncate;

-- Triggers and functions of earlier layouts, replaced by the files of this folder.
DROP TRIGGER IF EXISTS reviews_analytics ON reviews;
DROP TRIGGER IF EXISTS reviews_leaderboard ON reviews;
DROP TRIGGER IF EXISTS dispatches_counted_insert ON dispatches;
DROP TRIGGER IF EXISTS dispatches_counted_update ON dispatches;
DROP TRIGGER IF EXISTS dispatches_counted_delete ON dispatches;
DROP TRIGGER IF EXISTS locations_analytics_zone ON locations;
DROP TRIGGER IF EXISTS locations_leaderboard_zone ON locations;
DROP TRIGGER IF EXISTS locations_logs_zone ON locations;
DROP TRIGGER IF EXISTS locations_transcripts_zone ON locations;
DROP FUNCTION IF EXISTS analytics_reviews_changed();
DROP FUNCTION IF EXISTS leaderboard_reviews_changed();
DROP FUNCTION IF EXISTS dispatches_counted();
DROP FUNCTION IF EXISTS analytics_location_zone_changed();
DROP FUNCTION IF EXISTS leaderboard_location_zone_changed();
DROP FUNCTION IF EXISTS logs_location_zone_changed();
DROP FUNCTION IF EXISTS transcript_location_zone_changed();
DROP FUNCTION IF EXISTS derived_share_locations(text);
