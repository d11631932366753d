-- A day's stored lines may now be its head: the lines of the messages written before `upto`. Today's head (the
-- part of the day more than two hours old) is stored too, so that an export writes only the last hours afresh.
ALTER TABLE "transcript_days" ADD COLUMN     "upto" TIMESTAMP(3);

-- The rule that keeps stored lines exact. An export stores only lines of messages written more than two hours
-- before it. A change to a message written more than an hour before the change marks its day stale. So a change
-- that marks nothing (to a message written within the hour before it) can be missing from stored lines only if
-- its transaction stayed open for more than an hour; a new message, written now, marks nothing.
CREATE OR REPLACE FUNCTION transcript_days_stale(query text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    INSERT INTO transcript_days AS t (location_id, day, version)
    SELECT DISTINCT m.location_id, (m.created_at AT TIME ZONE 'UTC' AT TIME ZONE l.time_zone)::date, 1
      FROM (%s) m JOIN locations l ON l.id = m.location_id
     WHERE m.created_at < (clock_timestamp() AT TIME ZONE 'UTC') - interval '1 hour'
     ORDER BY 1, 2
    ON CONFLICT (location_id, day) DO UPDATE SET version = t.version + 1, csv = NULL, upto = NULL
  $sql$, query)
$fn$;

-- Lines are now in the order the messages were written (time, then id): the stored ones are written again.
UPDATE transcript_days SET version = version + 1, csv = NULL;
