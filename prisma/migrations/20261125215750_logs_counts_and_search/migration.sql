-- CreateTable
CREATE TABLE "log_daily_counts" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "channel" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "log_daily_counts_pkey" PRIMARY KEY ("location_id","day","channel")
);

-- CreateIndex
CREATE INDEX "email_logs_to_idx" ON "email_logs" USING GIN ("to" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sms_messages_to_idx" ON "sms_messages" USING GIN ("to" gin_trgm_ops);

-- Adds a logged message to its location's day (sign 1) or takes it away (sign -1).
CREATE FUNCTION logs_count(loc integer, at timestamp, kind text, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF loc IS NULL THEN RETURN; END IF;
  INSERT INTO log_daily_counts AS c (location_id, day, channel, count)
  VALUES (loc, analytics_local_day(loc, at), kind, sign)
  ON CONFLICT (location_id, day, channel) DO UPDATE SET count = c.count + EXCLUDED.count;
END $$;

-- Outbound SMS only: the Logs screen lists what was sent.
CREATE FUNCTION logs_sms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.direction = 'outbound' THEN PERFORM logs_count(OLD.location_id, OLD.created_at, 'sms', -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.direction = 'outbound' THEN PERFORM logs_count(NEW.location_id, NEW.created_at, 'sms', 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sms_messages_logs AFTER INSERT OR UPDATE OF location_id, direction, created_at OR DELETE ON sms_messages
FOR EACH ROW EXECUTE FUNCTION logs_sms_changed();

CREATE FUNCTION logs_emails_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM logs_count(OLD.location_id, OLD.created_at, 'email', -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM logs_count(NEW.location_id, NEW.created_at, 'email', 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER email_logs_logs AFTER INSERT OR UPDATE OF location_id, created_at OR DELETE ON email_logs
FOR EACH ROW EXECUTE FUNCTION logs_emails_changed();

-- The days of one location (or of all, with NULL) counted again from the logs themselves.
CREATE FUNCTION logs_rebuild(loc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM log_daily_counts WHERE loc IS NULL OR location_id = loc;
  INSERT INTO log_daily_counts (location_id, day, channel, count)
  SELECT s.location_id, (s.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date, 'sms', count(*)
    FROM sms_messages s LEFT JOIN locations l ON l.id = s.location_id
   WHERE s.location_id IS NOT NULL AND (loc IS NULL OR s.location_id = loc) AND s.direction = 'outbound'
   GROUP BY 1, 2
  UNION ALL
  SELECT e.location_id, (e.created_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date, 'email', count(*)
    FROM email_logs e LEFT JOIN locations l ON l.id = e.location_id
   WHERE e.location_id IS NOT NULL AND (loc IS NULL OR e.location_id = loc)
   GROUP BY 1, 2;
END $$;

SELECT logs_rebuild(NULL);

-- A location that changes its time zone has its logs' days counted again.
CREATE FUNCTION logs_location_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM logs_rebuild(NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER locations_logs_zone AFTER UPDATE OF time_zone ON locations
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION logs_location_zone_changed();

-- FieldOps invitations logged before the log kept them without the technician's password.
UPDATE sms_messages SET body = regexp_replace(body, 'password \S+\. Your profile', 'password (not kept). Your profile')
 WHERE app = 'fieldops' AND body ~ 'password \S+\. Your profile';
