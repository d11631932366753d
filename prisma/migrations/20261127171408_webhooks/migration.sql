-- CreateTable
CREATE TABLE "webhook_subscriptions" (
    "id" SERIAL NOT NULL,
    "public_id" TEXT NOT NULL,
    "location_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "failing_since" TIMESTAMP(3),
    "disabled_at" TIMESTAMP(3),
    "created_by_id" INTEGER,
    "api_key_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" SERIAL NOT NULL,
    "public_id" TEXT NOT NULL,
    "location_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "subscription_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "claimed_until" TIMESTAMP(3),
    "last_attempt_at" TIMESTAMP(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_subscriptions_public_id_key" ON "webhook_subscriptions"("public_id");

-- CreateIndex
CREATE INDEX "webhook_subscriptions_location_id_status_idx" ON "webhook_subscriptions"("location_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_public_id_key" ON "webhook_events"("public_id");

-- CreateIndex
CREATE INDEX "webhook_events_location_id_created_at_idx" ON "webhook_events"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_subscription_id_created_at_idx" ON "webhook_deliveries"("subscription_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_event_id_subscription_id_key" ON "webhook_deliveries"("event_id", "subscription_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The transactional outbox. Each event is written by a trigger on the row that makes it happen, in the same
-- transaction: a rollback takes the event away with the change, and a commit cannot happen without it. An event is
-- written only when one of the location's active subscriptions wants its type, with one delivery per such
-- subscription; the NOTIFY (sent at commit) wakes the workers, and their minute's sweep finds anything missed.

-- Stored times are UTC: as ISO 8601 text.
CREATE FUNCTION webhooks_time(ts timestamp) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE FUNCTION webhooks_location(loc integer) RETURNS json
LANGUAGE sql STABLE AS $$ SELECT json_build_object('id', l.id, 'name', l.name) FROM locations l WHERE l.id = loc $$;

CREATE FUNCTION webhooks_campaign(campaign integer) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('uid', c.uid, 'name', c.name, 'employee_id', c.employee_id) FROM campaigns c WHERE c.id = campaign
$$;

-- Whether any active subscription of the location wants events of this type (the triggers' first, cheap question).
CREATE FUNCTION webhooks_wanted(loc integer, kind text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.location_id = loc AND s.status = 'active' AND kind = ANY (s.events))
$$;

-- Records one event, {"type", "timestamp", "data"} in that order, and its deliveries.
CREATE FUNCTION webhooks_emit(loc integer, kind text, data json) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  event_id integer;
BEGIN
  INSERT INTO webhook_events (public_id, location_id, type, body)
  VALUES ('evt_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24), loc, kind,
          json_build_object('type', kind, 'timestamp', webhooks_time((now() AT TIME ZONE 'UTC')::timestamp(3)), 'data', data)::text)
  RETURNING id INTO event_id;
  INSERT INTO webhook_deliveries (event_id, subscription_id, location_id, next_attempt_at)
  SELECT event_id, s.id, loc, now() AT TIME ZONE 'UTC'
    FROM webhook_subscriptions s
   WHERE s.location_id = loc AND s.status = 'active' AND kind = ANY (s.events)
   ORDER BY s.id;
  PERFORM pg_notify('kudo_webhooks', event_id::text);
END $$;

-- review.created: a pulseCheck's answer made its review, a Google or Facebook review was imported, or staff added one.
CREATE FUNCTION webhooks_review_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF webhooks_wanted(NEW.location_id, 'review.created') THEN
    PERFORM webhooks_emit(NEW.location_id, 'review.created', json_build_object(
      'id', 'rv_' || NEW.id,
      'location', webhooks_location(NEW.location_id),
      'source', NEW.source,
      'rating', NEW.rating,
      'text', NEW.text,
      'author_name', NEW.author_name,
      'sentiment', NEW.sentiment,
      'posted_at', webhooks_time(NEW.posted_at),
      'url', nullif(NEW.url, ''),
      'campaign', webhooks_campaign(NEW.campaign_id),
      'customer', CASE WHEN NEW.customer_name <> '' OR NEW.customer_phone <> '' OR NEW.customer_email <> '' THEN
        json_build_object('name', NEW.customer_name, 'phone', nullif(NEW.customer_phone, ''), 'email', nullif(NEW.customer_email, '')) END,
      'pulsecheck_id', 'pc_' || NEW.dispatch_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_webhooks AFTER INSERT ON reviews
FOR EACH ROW EXECUTE FUNCTION webhooks_review_created();

-- pulsecheck.answered: the customer's first answer to a pulseCheck (test pulseChecks left out).
CREATE FUNCTION webhooks_pulsecheck_answered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF webhooks_wanted(NEW.location_id, 'pulsecheck.answered') THEN
    PERFORM webhooks_emit(NEW.location_id, 'pulsecheck.answered', json_build_object(
      'id', 'pc_' || NEW.id,
      'location', webhooks_location(NEW.location_id),
      'campaign', webhooks_campaign(coalesce(NEW.credited_campaign_id, NEW.campaign_id)),
      'customer', json_build_object('name', NEW.customer_name, 'phone', NEW.customer_phone, 'email', NEW.customer_email),
      'mood', NEW.mood,
      'sent_at', webhooks_time(NEW.created_at),
      'answered_at', webhooks_time(NEW.responded_at)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dispatches_webhooks AFTER UPDATE OF responded_at ON dispatches
FOR EACH ROW WHEN (OLD.responded_at IS NULL AND NEW.responded_at IS NOT NULL AND NOT NEW.is_test AND NEW.kind = 'pcheck')
EXECUTE FUNCTION webhooks_pulsecheck_answered();

-- message.received: a customer's message in the inbox, by SMS or from the website's chat.
CREATE FUNCTION webhooks_message_received() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF webhooks_wanted(NEW.location_id, 'message.received') THEN
    PERFORM webhooks_emit(NEW.location_id, 'message.received', (
      SELECT json_build_object(
        'id', 'msg_' || NEW.id,
        'location', webhooks_location(NEW.location_id),
        'conversation_id', 'cv_' || c.id,
        'channel', CASE WHEN NEW.kind = 'web_chat' THEN 'web-chat' ELSE 'sms' END,
        'from', json_build_object('phone', c.phone, 'name', c.name),
        'body', NEW.body,
        'media_url', NEW.media_url,
        'received_at', webhooks_time(NEW.created_at))
      FROM conversations c WHERE c.id = NEW.conversation_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER conversation_messages_webhooks AFTER INSERT ON conversation_messages
FOR EACH ROW WHEN (NEW.direction = 'inbound') EXECUTE FUNCTION webhooks_message_received();

-- conversation.assigned: a conversation given to a user, by staff or by the assignment rule when it starts
-- (unassigning sends nothing).
CREATE FUNCTION webhooks_conversation_assigned() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF webhooks_wanted(NEW.location_id, 'conversation.assigned') THEN
    PERFORM webhooks_emit(NEW.location_id, 'conversation.assigned', json_build_object(
      'id', 'cv_' || NEW.id,
      'location', webhooks_location(NEW.location_id),
      'phone', NEW.phone,
      'name', NEW.name,
      'assignee', (SELECT json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'email', u.email) FROM users u WHERE u.id = NEW.assignee_id),
      'previous_assignee_id', CASE WHEN TG_OP = 'UPDATE' THEN OLD.assignee_id END,
      'assigned_at', webhooks_time((now() AT TIME ZONE 'UTC')::timestamp(3))));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER conversations_webhooks_insert AFTER INSERT ON conversations
FOR EACH ROW WHEN (NEW.assignee_id IS NOT NULL) EXECUTE FUNCTION webhooks_conversation_assigned();
CREATE TRIGGER conversations_webhooks AFTER UPDATE OF assignee_id ON conversations
FOR EACH ROW WHEN (NEW.assignee_id IS NOT NULL AND NEW.assignee_id IS DISTINCT FROM OLD.assignee_id)
EXECUTE FUNCTION webhooks_conversation_assigned();

-- optout.created: any opt-out recorded in consent (STOP, an unsubscribe link, staff, a bulk upload, the carrier).
CREATE FUNCTION webhooks_optout_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF webhooks_wanted(NEW.location_id, 'optout.created') THEN
    PERFORM webhooks_emit(NEW.location_id, 'optout.created', json_build_object(
      'id', 'oo_' || NEW.id,
      'location', webhooks_location(NEW.location_id),
      'channel', NEW.channel::text,
      'address', NEW.address,
      'scope', NEW.scope::text,
      'source', NEW.source,
      'created_at', webhooks_time(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER consent_events_webhooks AFTER INSERT ON consent_events
FOR EACH ROW WHEN (NEW.action = 'opt_out') EXECUTE FUNCTION webhooks_optout_created();
