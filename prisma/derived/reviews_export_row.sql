-- Store: reviews.export_row (a column of Review, prisma/schema/reviews.prisma)
--   A review's row of the reviews export (E139) as the JSON array of strings the export sends: its date, source,
--   campaign and department, sentiment, Kudo Index, rating, comment, audio, the customer's fields, approved and
--   archived (and the cells later migrations add).
-- Derived from: reviews (its own columns); campaigns (name, department).
-- Read by: the reviews export (modules/analytics/reviews.ts).
-- Kept by: reviews_export_row (BEFORE row trigger, function reviews_export_row(): still defined by the migrations that
--   add its cells), reviews_export_campaign (its campaign's lock, below) and campaigns_export_rows (a renamed campaign).
-- Rebuilt by: derived_rebuild_reviews_export_row(location, from_day, to_day): the reviews posted on those days.

-- A campaign's lock (class 'kudp'). A review's row is written under its campaign's lock, shared, taken before the
-- campaign's name is read (this trigger fires before reviews_export_row: triggers of an event fire in name order); a
-- rename takes it exclusively. So a rename waits for the reviews being written with the old name to be committed,
-- and rewrites them too; a review written during the rename waits, then reads the new name.
CREATE OR REPLACE FUNCTION derived_share_campaign(campaign integer) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock_shared(1802855536, campaign) $$;

CREATE OR REPLACE FUNCTION derived_lock_campaign(campaign integer) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(1802855536, campaign) $$;

CREATE OR REPLACE FUNCTION reviews_export_campaign() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_share_campaign(NEW.campaign_id);
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER reviews_export_campaign BEFORE INSERT OR UPDATE ON reviews
FOR EACH ROW WHEN (NEW.campaign_id IS NOT NULL) EXECUTE FUNCTION reviews_export_campaign();
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_export_campaign;

-- A campaign renamed (or moved to another department) writes its reviews' rows again, after the writers of its
-- reviews under way. The product's own rename (E055) says it will rewrite them itself after its commit, a few hundred
-- at a time (kudo.export_rows = 'after', apps/api/src/derived/export-rows.ts), so that the rename's transaction does
-- not hold every review of the campaign; any other rename rewrites them here, in its transaction.
CREATE OR REPLACE FUNCTION campaigns_export_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM derived_lock_campaign(NEW.id);
  IF current_setting('kudo.export_rows', true) = 'after' THEN RETURN NULL; END IF;
  UPDATE reviews SET export_row = NULL WHERE location_id = NEW.location_id AND campaign_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER campaigns_export_rows AFTER UPDATE OF name, department ON campaigns
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.department IS DISTINCT FROM NEW.department)
EXECUTE FUNCTION campaigns_export_rows();
ALTER TABLE campaigns ENABLE ALWAYS TRIGGER campaigns_export_rows;

-- The reviews of the range written again by their trigger (the one definition of a row); answers how many rows
-- changed.
CREATE OR REPLACE FUNCTION derived_rebuild_reviews_export_row(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text := derived_zone(loc);
  changed integer;
BEGIN
  WITH before AS (
    SELECT r.id, r.export_row FROM reviews r
     WHERE r.location_id = loc
       AND r.posted_at >= derived_day_start(coalesce(from_day, '-infinity'), zone)
       AND r.posted_at < derived_day_start(coalesce(to_day, 'infinity') + 1, zone)
  ), written AS (
    UPDATE reviews r SET export_row = NULL FROM before b WHERE r.id = b.id RETURNING r.id, r.export_row
  )
  SELECT count(*) INTO changed FROM written w JOIN before b USING (id) WHERE w.export_row IS DISTINCT FROM b.export_row;
  RETURN changed;
END $$;
