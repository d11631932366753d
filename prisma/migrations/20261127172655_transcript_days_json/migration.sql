-- A stored day's lines in the export's JSON form too: the same messages as `csv`, each a `,[cell, ...]` row (the
-- leading comma lets days be joined as they are), written by the same statement, so both forms always hold the
-- same messages up to the same `upto`.
ALTER TABLE "transcript_days" ADD COLUMN     "json" TEXT;

-- Marking a day stale clears both forms.
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

-- Days stored before hold no JSON form: they are written again.
UPDATE transcript_days SET version = version + 1, csv = NULL, upto = NULL WHERE csv IS NOT NULL;
