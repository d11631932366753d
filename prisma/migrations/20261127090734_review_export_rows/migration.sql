-- The export of the reviews table (E139) writes 3,000 rows of 18 cells. Formatting them on every export cost
-- PostgreSQL about 5 µs a row; each review's row is now written once, when one of its cells changes, as the JSON
-- array of strings the export sends.
ALTER TABLE "reviews" ADD COLUMN     "export_row" TEXT;

-- Date (ISO 8601, UTC), source, campaign, department, sentiment, Kudo Index (one decimal, no trailing zeros),
-- rating, comment, audio, the customer's seven fields, approved and archived ('Yes' or 'No').
CREATE FUNCTION reviews_export_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  campaign_name text;
  department text;
BEGIN
  SELECT c.name, c.department INTO campaign_name, department FROM campaigns c WHERE c.id = NEW.campaign_id;
  NEW.export_row := '[' || concat_ws(',',
    to_json(to_char(NEW.posted_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    to_json(NEW.source),
    to_json(coalesce(campaign_name, '')),
    to_json(coalesce(department, '')),
    to_json(initcap(NEW.sentiment)),
    to_json(coalesce(trim_scale(round(NEW.kudo_index::numeric, 1))::text, '')),
    to_json(NEW.rating::text),
    to_json(NEW.text),
    to_json(coalesce(NEW.audio_url, '')),
    to_json(NEW.customer_name),
    to_json(NEW.customer_phone),
    to_json(NEW.customer_email),
    to_json(NEW.customer_address),
    to_json(NEW.customer_city),
    to_json(NEW.customer_state),
    to_json(NEW.customer_zipcode),
    to_json(CASE WHEN NEW.approved_for_widget THEN 'Yes' ELSE 'No' END),
    to_json(CASE WHEN NEW.archived THEN 'Yes' ELSE 'No' END)) || ']';
  RETURN NEW;
END
$$;

CREATE TRIGGER reviews_export_row BEFORE INSERT OR UPDATE OF posted_at, source, campaign_id, sentiment, kudo_index, rating, text,
  audio_url, customer_name, customer_phone, customer_email, customer_address, customer_city, customer_state, customer_zipcode,
  approved_for_widget, archived, export_row ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_export_row();

-- A campaign renamed (or moved to another department) writes its reviews' rows again.
CREATE FUNCTION campaigns_export_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reviews SET export_row = NULL WHERE location_id = NEW.location_id AND campaign_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER campaigns_export_rows AFTER UPDATE OF name, department ON campaigns
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.department IS DISTINCT FROM NEW.department)
EXECUTE FUNCTION campaigns_export_rows();

-- The rows belong to the data: they are written on bulk loads too (session_replication_role = replica).
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_export_row;
ALTER TABLE campaigns ENABLE ALWAYS TRIGGER campaigns_export_rows;

-- A review's change that leaves its counted columns as they were (a reply, the customer's details, the export
-- row, a sync that finds the review unchanged) no longer takes it out of the daily counts and puts it back.
CREATE OR REPLACE FUNCTION analytics_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.location_id = NEW.location_id AND OLD.posted_at = NEW.posted_at AND OLD.source = NEW.source
     AND OLD.sentiment = NEW.sentiment AND OLD.approved_for_widget = NEW.approved_for_widget AND OLD.archived = NEW.archived
     AND (OLD.text <> '') = (NEW.text <> '') AND (OLD.audio_url IS NULL) = (NEW.audio_url IS NULL)
     AND OLD.campaign_id IS NOT DISTINCT FROM NEW.campaign_id AND OLD.dispatch_id IS NOT DISTINCT FROM NEW.dispatch_id
     AND OLD.kudo_index IS NOT DISTINCT FROM NEW.kudo_index AND OLD.sliders IS NOT DISTINCT FROM NEW.sliders
     AND OLD.review_lead = NEW.review_lead THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_count_review(OLD, -1);
    PERFORM analytics_count_answer(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_count_review(NEW, 1);
    PERFORM analytics_count_answer(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

-- Existing reviews: the trigger writes their rows.
UPDATE reviews SET export_row = NULL;
