-- A read count is never negative: the guard moves from a CHECK constraint to a trigger that fires only on a negative
-- value (no cost otherwise). Prisma's schema reader cannot describe CHECK constraints over the driver adapter (its
-- drift check failed on this one), and the schema files cannot state them either.
ALTER TABLE conversation_reads DROP CONSTRAINT IF EXISTS conversation_reads_read_count_check;

CREATE OR REPLACE FUNCTION conversation_reads_refuse_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'conversation_reads.read_count may not be negative (%)', NEW.read_count USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER conversation_reads_not_negative
  BEFORE INSERT OR UPDATE OF read_count ON conversation_reads
  FOR EACH ROW WHEN (NEW.read_count < 0) EXECUTE FUNCTION conversation_reads_refuse_negative();
