-- Each API process keeps the sessions it has read (session, user, membership, location, subscription) in memory
-- and forgets them when they change: a change to any fact a session carries is announced on the channel
-- kudo_session_facts, in the changing transaction, so the announcement goes out when it commits. The payload
-- says whose sessions to forget: 's:<session id>', 'u:<user id>', 'l:<location id>', or '*' for all of them.
CREATE OR REPLACE FUNCTION kudo_session_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('kudo_session_facts', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('kudo_session_facts', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kudo_session_facts', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'locations' THEN
    PERFORM pg_notify('kudo_session_facts', 'l:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('kudo_session_facts', 'u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('kudo_session_facts', 'u:' || NEW.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('kudo_session_facts', 'l:' || OLD.location_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('kudo_session_facts', 'l:' || NEW.location_id); END IF;
  END IF;
  RETURN NULL;
END $$;

-- A new session needs no announcement: nobody can have kept it.
CREATE TRIGGER sessions_facts_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.csrf_token, OLD.user_id, OLD.location_id, OLD.impersonator_id, OLD.expires_at)
        IS DISTINCT FROM (NEW.token_hash, NEW.csrf_token, NEW.user_id, NEW.location_id, NEW.impersonator_id, NEW.expires_at))
  EXECUTE FUNCTION kudo_session_facts_changed();
-- Nor does the removal of an expired one: a kept session is checked against its expiry at every use.
CREATE TRIGGER sessions_facts_removed AFTER DELETE ON sessions FOR EACH ROW WHEN (OLD.expires_at > now())
  EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER sessions_facts_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION kudo_session_facts_changed();

CREATE TRIGGER users_facts_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.email, OLD.is_platform_staff) IS DISTINCT FROM (NEW.email, NEW.is_platform_staff))
  EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER users_facts_removed AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER users_facts_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION kudo_session_facts_changed();

CREATE TRIGGER memberships_facts_added AFTER INSERT ON memberships FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER memberships_facts_changed AFTER UPDATE ON memberships FOR EACH ROW
  WHEN ((OLD.user_id, OLD.location_id, OLD.role, OLD.access_type, OLD.active, OLD.perm_twm, OLD.perm_dispatch, OLD.perm_analytics, OLD.perm_settings)
        IS DISTINCT FROM (NEW.user_id, NEW.location_id, NEW.role, NEW.access_type, NEW.active, NEW.perm_twm, NEW.perm_dispatch, NEW.perm_analytics, NEW.perm_settings))
  EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER memberships_facts_removed AFTER DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER memberships_facts_truncated AFTER TRUNCATE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION kudo_session_facts_changed();

CREATE TRIGGER locations_facts_changed AFTER UPDATE ON locations FOR EACH ROW
  WHEN ((OLD.account_id, OLD.free_trial, OLD.free_trial_type, OLD.trial_ends_at, OLD.plan_code)
        IS DISTINCT FROM (NEW.account_id, NEW.free_trial, NEW.free_trial_type, NEW.trial_ends_at, NEW.plan_code))
  EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER locations_facts_removed AFTER DELETE ON locations FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER locations_facts_truncated AFTER TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION kudo_session_facts_changed();

CREATE TRIGGER subscriptions_facts_added AFTER INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER subscriptions_facts_changed AFTER UPDATE ON subscriptions FOR EACH ROW
  WHEN ((OLD.location_id, OLD.status, OLD.plan_code, OLD.addons, OLD.term, OLD.current_period_end, OLD.past_due_since)
        IS DISTINCT FROM (NEW.location_id, NEW.status, NEW.plan_code, NEW.addons, NEW.term, NEW.current_period_end, NEW.past_due_since))
  EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER subscriptions_facts_removed AFTER DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION kudo_session_facts_changed();
CREATE TRIGGER subscriptions_facts_truncated AFTER TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION kudo_session_facts_changed();
