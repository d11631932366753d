-- CreateTable
CREATE TABLE "conversation_list_entries" (
    "conversation_id" INTEGER NOT NULL,
    "json" TEXT NOT NULL,

    CONSTRAINT "conversation_list_entries_pkey" PRIMARY KEY ("conversation_id")
);

-- AddForeignKey
ALTER TABLE "conversation_list_entries" ADD CONSTRAINT "conversation_list_entries_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The conversation list (E117) writes 2,000 entries as JSON. Formatting each entry's own fields (its texts quoted,
-- its time written out) cost PostgreSQL about two thirds of the query on every load; each conversation's part is
-- now written once, when one of those fields changes. The list adds what depends on the viewer or on other tables
-- (the read count, the opt-out, the assignee's label and email) when it is read.
--
-- The entry's opening, up to the assignee's id inside user_data:
-- {"conversation_id":1,"customer_id":1,"conversation_user_id":7,"name":"…","phone_number":"…","address":"…",
--  "source":"sms","urgent":false,"latest_message":{"datetime":"…Z","message":"…"},"messages":[],"active_flag":true,
--  "user_data":{"id":7,
-- Times are stored as UTC without a zone.
CREATE FUNCTION conversation_list_json(c conversations) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat('{"conversation_id":', c.id, ',"customer_id":', c.id, ',"conversation_user_id":', coalesce(c.assignee_id::text, 'null'),
    ',"name":', to_json(c.name), ',"phone_number":', to_json(c.phone), ',"address":', to_json(c.address),
    ',"source":', to_json(c.source), ',"urgent":', CASE WHEN c.awaiting_since IS NULL THEN 'false' ELSE 'true' END,
    ',"latest_message":{"datetime":"', to_char(c.last_message_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    '","message":', to_json(c.last_message_body),
    '},"messages":[],"active_flag":', CASE WHEN c.active THEN 'true' ELSE 'false' END,
    ',"user_data":{"id":', coalesce(c.assignee_id::text, 'null'), ',')
$$;

CREATE FUNCTION conversations_list_entry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_list_entries (conversation_id, json) VALUES (NEW.id, conversation_list_json(NEW))
  ON CONFLICT (conversation_id) DO UPDATE SET json = EXCLUDED.json;
  RETURN NULL;
END
$$;

CREATE TRIGGER conversations_list_entry_insert AFTER INSERT ON conversations
FOR EACH ROW EXECUTE FUNCTION conversations_list_entry();

CREATE TRIGGER conversations_list_entry_update AFTER UPDATE OF id, phone, name, address, source, assignee_id, active,
  last_message_at, last_message_body, awaiting_since ON conversations
FOR EACH ROW WHEN ((OLD.id, OLD.phone, OLD.name, OLD.address, OLD.source, OLD.assignee_id, OLD.active, OLD.last_message_at,
                    OLD.last_message_body, OLD.awaiting_since)
         IS DISTINCT FROM (NEW.id, NEW.phone, NEW.name, NEW.address, NEW.source, NEW.assignee_id, NEW.active, NEW.last_message_at,
                           NEW.last_message_body, NEW.awaiting_since))
EXECUTE FUNCTION conversations_list_entry();

-- The entries belong to the data: they are written on bulk loads too (session_replication_role = replica).
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_list_entry_insert;
ALTER TABLE conversations ENABLE ALWAYS TRIGGER conversations_list_entry_update;

INSERT INTO conversation_list_entries (conversation_id, json) SELECT c.id, conversation_list_json(c) FROM conversations c;
