-- Store: reviews.export_row (a column of Review, prisma/schema/reviews.prisma)
--   A review's row of the reviews export (E139) as the JSON array of strings the export sends: its date, source,
--   campaign and department, sentiment, Kudo Index, rating, comment, audio, the customer's fields, approved,
--   archived, topics and sentiment score.
-- Derived from: reviews (its own columns); campaigns (name, department).
-- Read by: the reviews export (modules/analytics/reviews.ts).
-- Kept by: reviews_export_campaign (its campaign's lock), reviews_export_row (BEFORE row trigger: writes the row) and
--   campaigns_export_rows (a renamed campaign).
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

-- A review's row: date (ISO 8601, UTC), source, campaign, department, sentiment, Kudo Index (one decimal, no trailing
-- zeros), rating, comment, audio, the customer's seven fields, approved and archived ('Yes' or 'No'), topics
-- ("Price, Quality") and the sentiment score (two decimals).
CREATE OR REPLACE FUNCTION review_export_row(r reviews) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '[' || concat_ws(',',
    to_json(to_char(r.posted_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    to_json(r.source),
    to_json(coalesce(c.name, '')),
    to_json(coalesce(c.department, '')),
    to_json(initcap(r.sentiment)),
    to_json(coalesce(trim_scale(round(r.kudo_index::numeric, 1))::text, '')),
    to_json(r.rating::text),
    to_json(r.text),
    to_json(coalesce(r.audio_url, '')),
    to_json(r.customer_name),
    to_json(r.customer_phone),
    to_json(r.customer_email),
    to_json(r.customer_address),
    to_json(r.customer_city),
    to_json(r.customer_state),
    to_json(r.customer_zipcode),
    to_json(CASE WHEN r.approved_for_widget THEN 'Yes' ELSE 'No' END),
    to_json(CASE WHEN r.archived THEN 'Yes' ELSE 'No' END),
    to_json(array_to_string(ARRAY(SELECT initcap(t) FROM unnest(r.topics) t), ', ')),
    to_json(coalesce(trim_scale(round(r.sentiment_score::numeric, 2))::text, ''))) || ']'
  FROM (SELECT 1) one LEFT JOIN campaigns c ON c.id = r.campaign_id
$$;

CREATE OR REPLACE FUNCTION reviews_export_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.export_row := review_export_row(NEW);
  RETURN NEW;
END
$$;

-- Written when one of its cells' columns changes, and whenever a statement sets export_row (to NULL: write it again).
CREATE OR REPLACE TRIGGER reviews_export_row BEFORE INSERT OR UPDATE OF posted_at, source, campaign_id, sentiment, kudo_index, rating,
  text, audio_url, customer_name, customer_phone, customer_email, customer_address, customer_city, customer_state, customer_zipcode,
  approved_for_widget, archived, topics, sentiment_score, export_row ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_export_row();
-- The rows belong to the data: they are written on bulk loads too (session_replication_role = replica).
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_export_row;

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

-- The reviews of the range whose row is not the one review_export_row gives, written again; answers how many.
CREATE OR REPLACE FUNCTION derived_rebuild_reviews_export_row(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text := derived_zone(loc);
  changed integer;
BEGIN
  WITH written AS (
    UPDATE reviews r SET export_row = NULL
     WHERE r.location_id = loc
       AND r.posted_at >= derived_day_start(coalesce(from_day, '-infinity'), zone)
       AND r.posted_at < derived_day_start(coalesce(to_day, 'infinity') + 1, zone)
       AND r.export_row IS DISTINCT FROM review_export_row(r)
    RETURNING 1
  )
  SELECT count(*) INTO changed FROM written;
  RETURN changed;
END $$;
