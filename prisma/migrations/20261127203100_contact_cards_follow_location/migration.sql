-- A contact card moved to another location stayed counted (dispatch_daily_stats.contact_cards) where it was: the
-- trigger looked at its status and time only. It now takes the card away from its old location's day and adds it to
-- the new one's whenever its location changes too; the counts are computed again from the cards.
CREATE OR REPLACE FUNCTION analytics_cards_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.sent_at IS NOT DISTINCT FROM NEW.sent_at AND OLD.location_id = NEW.location_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_count_card(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_count_card(NEW, 1); END IF;
  RETURN NULL;
END $$;

SELECT analytics_rebuild(NULL);
