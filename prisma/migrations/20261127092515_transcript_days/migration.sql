-- CreateTable
CREATE TABLE "transcript_days" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "epoch" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "csv" TEXT,

    CONSTRAINT "transcript_days_pkey" PRIMARY KEY ("location_id","day")
);

-- CreateTable
CREATE TABLE "transcript_epochs" (
    "location_id" INTEGER NOT NULL,
    "epoch" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "transcript_epochs_pkey" PRIMARY KEY ("location_id")
);

-- AddForeignKey
ALTER TABLE "transcript_days" ADD CONSTRAINT "transcript_days_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transcript_epochs" ADD CONSTRAINT "transcript_epochs_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Staff members' messages, for the epochs of the locations whose transcripts show a member's email.
CREATE INDEX "conversation_messages_user_id_idx" ON "conversation_messages"("user_id") WHERE "user_id" IS NOT NULL;

-- The statement marking stale the local days of the rows `query` gives (location_id, created_at) that are over:
-- the days an export may have stored. A day still going on is never stored, so writing today's messages takes no
-- lock here. Run by the triggers themselves (EXECUTE), where the statement's transition tables are visible.
CREATE FUNCTION transcript_days_stale(query text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    INSERT INTO transcript_days AS t (location_id, day, version)
    SELECT x.location_id, x.day, 1
      FROM (SELECT DISTINCT m.location_id, l.time_zone, (m.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date AS day
              FROM (%s) m JOIN locations l ON l.id = m.location_id) x
     WHERE (x.day + 1)::timestamp AT TIME ZONE x.time_zone <= clock_timestamp()
     ORDER BY 1, 2
    ON CONFLICT (location_id, day) DO UPDATE SET version = t.version + 1, csv = NULL
  $sql$, query)
$fn$;

-- Messages written, changed or removed.
CREATE FUNCTION transcript_messages_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE transcript_days_stale(rollup_changed_rows(TG_OP));
  RETURN NULL;
END $$;

CREATE TRIGGER conversation_messages_transcripts_insert AFTER INSERT ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed();
CREATE TRIGGER conversation_messages_transcripts_update AFTER UPDATE ON conversation_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed();
CREATE TRIGGER conversation_messages_transcripts_delete AFTER DELETE ON conversation_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_messages_changed();

-- An SMS whose status changed or that was removed: the day of the message it carried, looked up by its id (the
-- statement's rows have no statistics; a join could read every message).
CREATE FUNCTION transcript_sms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE transcript_days_stale(
      'SELECT m.location_id, m.created_at FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.status IS DISTINCT FROM n.status,
         LATERAL (SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.sms_message_id = n.id LIMIT 1) m');
  ELSE
    EXECUTE transcript_days_stale(
      'SELECT m.location_id, m.created_at FROM old_rows o,
         LATERAL (SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.sms_message_id = o.id LIMIT 1) m');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sms_messages_transcripts_update AFTER UPDATE ON sms_messages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_sms_changed();
CREATE TRIGGER sms_messages_transcripts_delete AFTER DELETE ON sms_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transcript_sms_changed();

-- A conversation's name or phone: the days of its messages.
CREATE FUNCTION transcript_conversation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE transcript_days_stale(format('SELECT m.location_id, m.created_at FROM conversation_messages m WHERE m.conversation_id = %s', NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER conversations_transcripts AFTER UPDATE OF name, phone ON conversations
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.phone IS DISTINCT FROM NEW.phone)
EXECUTE FUNCTION transcript_conversation_changed();

-- Every day of a location at once: a new time zone moves every line, and a staff member's email (or its absence
-- once they are removed) is on each of their messages.
CREATE FUNCTION transcript_epochs_raise(query text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($sql$
    INSERT INTO transcript_epochs AS e (location_id, epoch)
    SELECT DISTINCT x.location_id, 1 FROM (%s) x ORDER BY 1
    ON CONFLICT (location_id) DO UPDATE SET epoch = e.epoch + 1
  $sql$, query);
END $fn$;

CREATE FUNCTION transcript_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM transcript_epochs_raise(format('SELECT m.location_id FROM conversation_messages m WHERE m.user_id = %s', OLD.id));
  RETURN NULL;
END $$;

CREATE TRIGGER users_transcripts_update AFTER UPDATE OF email ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION transcript_user_changed();
CREATE TRIGGER users_transcripts_delete AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION transcript_user_changed();

CREATE FUNCTION transcript_location_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM transcript_epochs_raise(format('SELECT %s AS location_id', NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER locations_transcripts_zone AFTER UPDATE OF time_zone ON locations
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION transcript_location_zone_changed();

-- The stored days must follow every write, bulk loads too (session_replication_role = replica).
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_insert;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_update;
ALTER TABLE conversation_messages ENABLE ALWAYS TRIGGER conversation_messages_transcripts_delete;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_transcripts_update;
ALTER TABLE sms_messages ENABLE ALWAYS TRIGGER sms_messages_transcripts_delete;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_transcripts;
ALTER TABLE users ENABLE ALWAYS TRIGGER users_transcripts_update;
ALTER TABLE users ENABLE ALWAYS TRIGGER users_transcripts_delete;
ALTER TABLE locations ENABLE ALWAYS TRIGGER locations_transcripts_zone;
