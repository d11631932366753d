-- Mark Unread on a conversation with no customer message stored a read count of -1: a phantom unread message in the
-- inbox's totals. Such rows read nothing (0); the unread totals' triggers take the phantom away as they change. A
-- read count is never negative from now on.
UPDATE conversation_reads SET read_count = 0 WHERE read_count < 0;
ALTER TABLE conversation_reads ADD CONSTRAINT conversation_reads_read_count_check CHECK (read_count >= 0);
