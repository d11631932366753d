-- Store: conversation_list_entries (ConversationListEntry, prisma/schema/inbox.prisma)
--   conversation_id → json: the opening of the conversation's entry in the inbox list (E117), up to the assignee's id
--   inside user_data; the list adds what depends on the viewer or other tables when it is read.
-- Derived from: conversations (id, phone, name, address, source, assignee_id, active, last_message_at,
--   last_message_body, awaiting_since).
-- Read by: the conversation list (modules/inbox/views.ts).
-- Kept by: conversations_list_entry_insert, conversations_list_entry_update (row triggers).
-- Rebuilt by: derived_rebuild_conversation_list_entries(location, from_day, to_day) (the days are ignored: every
--   conversation of the location).

-- {"conversation_id":1,"customer_id":1,"conversation_user_id":7,"name":"…","phone_number":"…","address":"…",
--  "source":"sms","urgent":false,"latest_message":{"datetime":"…Z","message":"…"},"messages":[],"active_flag":true,
--  "user_data":{"id":7,
-- Times are stored as UTC without a zone.
CREATE OR REPLACE FUNCTION conversation_list_json(c conversations) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat('{"conversation_id":', c.id, ',"customer_id":', c.id, ',"conversation_user_id":', coalesce(c.assignee_id::text, 'null'),
    ',"name":', to_json(c.name), ',"phone_number":', to_json(c.phone), ',"address":', to_json(c.address),
    ',"source":', to_json(c.source), ',"urgent":', CASE WHEN c.awaiting_since IS NULL THEN 'false' ELSE 'true' END,
    ',"latest_message":{"datetime":"', to_char(c.last_message_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    '","message":', to_json(c.last_message_body),
    '},"messages":[],"active_flag":', CASE WHEN c.active THEN 'true' ELSE 'false' END,
    ',"user_data":{"id":', coalesce(c.assignee_id::text, 'null'), ',')
$$;

CREATE OR REPLACE FUNCTION conversations_list_entry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_share_location(NEW.location_id);
  INSERT INTO conversation_list_entries (conversation_id, json) VALUES (NEW.id, conversation_list_json(NEW))
  ON CONFLICT (conversation_id) DO UPDATE SET json = EXCLUDED.json;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER conversations_list_entry_insert AFTER INSERT ON conversations
FOR EACH ROW EXECUTE FUNCTION conversations_list_entry();
CREATE OR REPLACE TRIGGER conversations_list_entry_update AFTER UPDATE OF id, phone, name, address, source, assignee_id, active,
  last_message_at, last_message_body, awaiting_since ON conversations
FOR EACH ROW WHEN ((OLD.id, OLD.phone, OLD.name, OLD.address, OLD.source, OLD.assignee_id, OLD.active, OLD.last_message_at,
                    OLD.last_message_body, OLD.awaiting_since)
         IS DISTINCT FROM (NEW.id, NEW.phone, NEW.name, NEW.address, NEW.source, NEW.assignee_id, NEW.active, NEW.last_message_at,
                           NEW.last_message_body, NEW.awaiting_since))
EXECUTE FUNCTION conversations_list_entry();
-- The entries belong to the data: they are written on bulk loads too (session_replication_role = replica).
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_list_entry_insert;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_list_entry_update;

CREATE OR REPLACE FUNCTION derived_rebuild_conversation_list_entries(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  WITH diff AS (
    SELECT c.id, conversation_list_json(c) AS json
      FROM conversations c LEFT JOIN conversation_list_entries e ON e.conversation_id = c.id
     WHERE c.location_id = loc AND e.json IS DISTINCT FROM conversation_list_json(c)
  ), written AS (
    INSERT INTO conversation_list_entries AS e (conversation_id, json) SELECT d.id, d.json FROM diff d ORDER BY d.id
    ON CONFLICT (conversation_id) DO UPDATE SET json = EXCLUDED.json
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
