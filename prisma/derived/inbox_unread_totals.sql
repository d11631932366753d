-- Store: inbox_unread_totals (InboxUnreadTotal, prisma/schema/inbox.prisma)
--   location_id, user_id → count. A conversation's unread messages for a user are max(0, inbound_count - read_count)
--   while it is open, that is inbound_count - least(inbound_count, read_count). Summed over the location's open
--   conversations, a user's unread total is (user 0's count: every inbound message) - (the user's count: what they
--   read of them). Not by day: a rebuild always covers the whole location.
-- Derived from: conversations (location_id, active, inbound_count); conversation_reads (read_count).
-- Read by: the inbox's unread badge (E117, modules/inbox/service.ts).
-- Kept by: inbox_unread_conversations_inserted/_updated (statement), inbox_unread_conversation_deleted (row, before
--   delete), inbox_unread_reads_inserted/_updated/_deleted (statement).
-- Rebuilt by: derived_rebuild_inbox_unread_totals(location, from_day, to_day) (the days are ignored).

-- Adds the open conversations of `after` and takes away those of `before`: their inbound messages (user 0) and
-- what each of their readers has read of them.
CREATE OR REPLACE FUNCTION inbox_unread_count_conversations(before conversations[], after conversations[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_share_location(x.location_id)
     FROM (SELECT DISTINCT c.location_id FROM (SELECT b.location_id FROM unnest(before) b UNION SELECT a.location_id FROM unnest(after) a) c ORDER BY 1) x;
  WITH c AS (
    SELECT b.id, b.location_id, b.inbound_count, -1 AS sign FROM unnest(before) b WHERE b.active
    UNION ALL
    SELECT a.id, a.location_id, a.inbound_count, 1 FROM unnest(after) a WHERE a.active
  ), d AS (
    SELECT c.location_id, 0 AS user_id, sum(c.sign * c.inbound_count) AS delta FROM c GROUP BY c.location_id
    UNION ALL
    SELECT c.location_id, r.user_id, sum(c.sign * least(c.inbound_count, r.read_count))
    FROM c JOIN conversation_reads r ON r.conversation_id = c.id GROUP BY c.location_id, r.user_id
  )
  INSERT INTO inbox_unread_totals AS t (location_id, user_id, count)
  SELECT d.location_id, d.user_id, d.delta FROM d WHERE d.delta <> 0 ORDER BY d.location_id, d.user_id
  ON CONFLICT (location_id, user_id) DO UPDATE SET count = t.count + EXCLUDED.count;
END
$$;

-- Adds what `after` says each user has read of open conversations and takes away what `before` said. The
-- conversations are locked first, so that a concurrent change of one of them counts either before or after this.
CREATE OR REPLACE FUNCTION inbox_unread_count_reads(before conversation_reads[], after conversation_reads[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_share_location(x.location_id)
     FROM (SELECT DISTINCT c.location_id FROM conversations c
            WHERE c.id IN (SELECT b.conversation_id FROM unnest(before) b UNION SELECT a.conversation_id FROM unnest(after) a) ORDER BY 1) x;
  PERFORM 1 FROM conversations c
  WHERE c.id IN (SELECT b.conversation_id FROM unnest(before) b UNION SELECT a.conversation_id FROM unnest(after) a)
  ORDER BY c.id FOR SHARE;
  WITH r AS (
    SELECT b.conversation_id, b.user_id, b.read_count, -1 AS sign FROM unnest(before) b
    UNION ALL
    SELECT a.conversation_id, a.user_id, a.read_count, 1 FROM unnest(after) a
  ), d AS (
    SELECT c.location_id, r.user_id, sum(r.sign * least(c.inbound_count, r.read_count)) AS delta
    FROM r JOIN conversations c ON c.id = r.conversation_id AND c.active GROUP BY c.location_id, r.user_id
  )
  INSERT INTO inbox_unread_totals AS t (location_id, user_id, count)
  SELECT d.location_id, d.user_id, d.delta FROM d WHERE d.delta <> 0 ORDER BY d.location_id, d.user_id
  ON CONFLICT (location_id, user_id) DO UPDATE SET count = t.count + EXCLUDED.count;
END
$$;

CREATE OR REPLACE FUNCTION inbox_unread_conversations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inbox_unread_count_conversations(NULL, (SELECT array_agg(n::conversations) FROM new_rows n));
  ELSE
    PERFORM inbox_unread_count_conversations((SELECT array_agg(o::conversations) FROM old_rows o), (SELECT array_agg(n::conversations) FROM new_rows n));
  END IF;
  RETURN NULL;
END
$$;

-- A deleted conversation is taken away before its read counts go with it (they are deleted in cascade).
CREATE OR REPLACE FUNCTION inbox_unread_conversation_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_unread_count_conversations(ARRAY[OLD], NULL);
  RETURN OLD;
END
$$;

CREATE OR REPLACE FUNCTION inbox_unread_reads_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inbox_unread_count_reads(NULL, (SELECT array_agg(n::conversation_reads) FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM inbox_unread_count_reads((SELECT array_agg(o::conversation_reads) FROM old_rows o), (SELECT array_agg(n::conversation_reads) FROM new_rows n));
  ELSE
    PERFORM inbox_unread_count_reads((SELECT array_agg(o::conversation_reads) FROM old_rows o), NULL);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER inbox_unread_conversations_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_unread_conversations_changed();
CREATE OR REPLACE TRIGGER inbox_unread_conversations_updated AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_unread_conversations_changed();
CREATE OR REPLACE TRIGGER inbox_unread_conversation_deleted BEFORE DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION inbox_unread_conversation_deleted();
CREATE OR REPLACE TRIGGER inbox_unread_reads_inserted AFTER INSERT ON conversation_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_unread_reads_changed();
CREATE OR REPLACE TRIGGER inbox_unread_reads_updated AFTER UPDATE ON conversation_reads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_unread_reads_changed();
CREATE OR REPLACE TRIGGER inbox_unread_reads_deleted AFTER DELETE ON conversation_reads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_unread_reads_changed();
ALTER TABLE conversations ENABLE TRIGGER inbox_unread_conversations_inserted;
ALTER TABLE conversations ENABLE TRIGGER inbox_unread_conversations_updated;
ALTER TABLE conversations ENABLE TRIGGER inbox_unread_conversation_deleted;
ALTER TABLE conversation_reads ENABLE TRIGGER inbox_unread_reads_inserted;
ALTER TABLE conversation_reads ENABLE TRIGGER inbox_unread_reads_updated;
ALTER TABLE conversation_reads ENABLE TRIGGER inbox_unread_reads_deleted;

CREATE OR REPLACE FUNCTION derived_rebuild_inbox_unread_totals(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM derived_lock_location(loc);
  WITH want AS (
    SELECT 0 AS user_id, coalesce(sum(c.inbound_count), 0)::int AS count FROM conversations c WHERE c.location_id = loc AND c.active
    UNION ALL
    SELECT r.user_id, sum(least(c.inbound_count, r.read_count))::int
      FROM conversations c JOIN conversation_reads r ON r.conversation_id = c.id
     WHERE c.location_id = loc AND c.active GROUP BY r.user_id
  ), have AS (
    SELECT t.user_id, t.count FROM inbox_unread_totals t WHERE t.location_id = loc
  ), diff AS (
    SELECT user_id, coalesce(w.count, 0) AS count FROM want w FULL JOIN have h USING (user_id)
     WHERE coalesce(w.count, 0) <> coalesce(h.count, 0)
  ), written AS (
    INSERT INTO inbox_unread_totals AS t (location_id, user_id, count)
    SELECT loc, d.user_id, d.count FROM diff d
    ON CONFLICT (location_id, user_id) DO UPDATE SET count = EXCLUDED.count
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;

-- The name earlier callers use (data loaded with the triggers off).
CREATE OR REPLACE FUNCTION inbox_unread_recount(loc integer) RETURNS void
LANGUAGE sql AS $$ SELECT derived_rebuild_inbox_unread_totals(loc, NULL, NULL) $$;
