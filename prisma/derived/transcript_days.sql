-- Store: transcript_days (TranscriptDay, prisma/schema/inbox.prisma) with transcript_epochs (TranscriptEpoch)
--   location_id, day → the transcripts export's lines (csv, and json: the same messages in the JSON form) of the
--   day's messages written before `upto`, the number of those messages, the day's `version` (raised when something
--   its lines show changes) and the location's `epoch` they were written in (raised when every day of the location
--   changes at once). Lines are stored by the export (E126, modules/inbox/export.ts), not by triggers: triggers
--   only mark days stale, and the export stores a day only if its version and the location's epoch and zone are
--   still the ones its statement read.
-- Derived from: conversation_messages, their conversations (name, phone), their authors (users.email), their
--   sms_messages (status); locations.time_zone.
-- Read by: the transcripts export (E126).
-- Kept by: conversation_messages_transcripts_insert/_update/_delete, sms_messages_transcripts_update/_delete
--   (statement triggers), conversations_transcripts, users_transcripts_update/_delete (row triggers), and
--   locations_derived_zone (00-common.sql) for a new time zone.
-- Rebuilt by: the registry (apps/api/src/derived/registry.ts) writes a day's lines again with the export's own
--   statement and marks stale a stored day whose lines differ; the next export stores it afresh.

-- The statement marking stale the local days of the rows `query` gives (location_id, created_at). An export stores
-- only lines of messages written more than two hours before it. A change to a message written more than an hour
-- before the change marks its day stale. So a change that marks nothing (to a message written within the hour before
-- it) can be missing from stored lines only if its transaction stayed open for more than an hour, which the
-- database's idle-in-transaction limit prevents; a new message, written now, marks nothing. Written into the
-- triggers' functions (derived_statement_functions), where the statement's transition tables are visible.
CREATE OR REPLACE FUNCTION transcript_days_stale(query text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    INSERT INTO transcript_days AS t (location_id, day, version)
    SELECT DISTINCT m.location_id, (m.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date, 1
      FROM (%s) m JOIN locations l ON l.id = m.location_id
     WHERE m.created_at < (clock_timestamp() AT TIME ZONE 'UTC') - interval '1 hour'
     ORDER BY 1, 2
    ON CONFLICT (location_id, day) DO UPDATE SET version = t.version + 1, csv = NULL, json = NULL, upto = NULL
  $sql$, query)
$fn$;

-- Messages written, changed or removed.
SELECT derived_statement_functions('transcript_messages_changed', transcript_days_stale('{changed}') || ';');

CREATE OR REPLACE TRIGGER conversation_messages_transcripts_insert AFTER INSERT ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed_insert();
CREATE OR REPLACE TRIGGER conversation_messages_transcripts_update AFTER UPDATE ON conversation_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed_update();
CREATE OR REPLACE TRIGGER conversation_messages_transcripts_delete AFTER DELETE ON conversation_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed_delete();

-- An SMS whose status changed or that was removed: the day of the message it carried, looked up by its id (the
-- statement's rows have no statistics; a join could read every message).
CREATE OR REPLACE FUNCTION transcript_sms_changed_rows(op text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'UPDATE' THEN 'SELECT m.location_id, m.created_at FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.status IS DISTINCT FROM n.status,
         LATERAL (SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.sms_message_id = n.id LIMIT 1) m'
    ELSE 'SELECT m.location_id, m.created_at FROM old_rows o,
         LATERAL (SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.sms_message_id = o.id LIMIT 1) m'
  END
$$;
SELECT derived_statement_functions('transcript_sms_changed', transcript_days_stale('{changed}') || ';', 'transcript_sms_changed_rows', ARRAY['UPDATE', 'DELETE']);

CREATE OR REPLACE TRIGGER sms_messages_transcripts_update AFTER UPDATE ON sms_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_sms_changed_update();
CREATE OR REPLACE TRIGGER sms_messages_transcripts_delete AFTER DELETE ON sms_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_sms_changed_delete();

-- A conversation's name or phone: the days of its messages.
CREATE OR REPLACE FUNCTION transcript_conversation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE transcript_days_stale(format('SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.conversation_id = %s', NEW.id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER conversations_transcripts AFTER UPDATE OF name, phone ON conversations
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.phone IS DISTINCT FROM NEW.phone)
EXECUTE FUNCTION transcript_conversation_changed();

-- Every day of a location at once: a new time zone moves every line (locations_derived_zone), and a staff member's
-- email (or its absence once they are removed) is on each of their messages.
CREATE OR REPLACE FUNCTION transcript_epochs_raise(query text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($sql$
    INSERT INTO transcript_epochs AS e (location_id, epoch)
    SELECT DISTINCT x.location_id, 1 FROM (%s) x ORDER BY 1
    ON CONFLICT (location_id) DO UPDATE SET epoch = e.epoch + 1
  $sql$, query);
END $fn$;

CREATE OR REPLACE FUNCTION transcript_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM transcript_epochs_raise(format('SELECT m.location_id FROM conversation_messages m WHERE m.user_id = %s', OLD.id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER users_transcripts_update AFTER UPDATE OF email ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION transcript_user_changed();
CREATE OR REPLACE TRIGGER users_transcripts_delete AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION transcript_user_changed();

-- The stored days must follow every write, bulk loads too (session_replication_role = replica).
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_insert;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_update;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_delete;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_transcripts_update;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_transcripts_delete;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_transcripts;
ALTER TABLE users ENABLE ALWAYS TRIGGER users_transcripts_update;
ALTER TABLE users ENABLE ALWAYS TRIGGER users_transcripts_delete;

-- Earlier forms.
DROP FUNCTION IF EXISTS transcript_messages_changed();
DROP FUNCTION IF EXISTS transcript_sms_changed();
