-- Answering reviews: the reply voice, the automatic rules and their once-per-review claims, the posted replies with
-- who posted them, the drafts, the bad-review alerts, the queue that wakes the replies worker, and the local review
-- feed's replies (the stand-in for Google's Business Profile).

-- CreateTable
CREATE TABLE "review_reply_settings" (
    "location_id" INTEGER NOT NULL,
    "tone" TEXT NOT NULL DEFAULT 'friendly',
    "sign_off" TEXT NOT NULL DEFAULT '',
    "updated_by_id" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_reply_settings_pkey" PRIMARY KEY ("location_id")
);

-- CreateTable
CREATE TABLE "review_reply_rules" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "source" TEXT NOT NULL DEFAULT 'google',
    "rating" TEXT NOT NULL,
    "delay_minutes" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "template" TEXT NOT NULL DEFAULT '',
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_reply_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_replies" (
    "review_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "posted_by" TEXT NOT NULL,
    "user_id" INTEGER,
    "rule_id" INTEGER,
    "posted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_replies_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "review_reply_drafts" (
    "review_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "written_by" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_reply_drafts_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "review_auto_replies" (
    "review_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "rule_id" INTEGER,
    "rule_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "due_at" TIMESTAMP(3) NOT NULL,
    "claimed_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "text" TEXT,
    "last_error" TEXT,
    "posted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_auto_replies_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "review_alerts" (
    "review_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "emails" INTEGER NOT NULL DEFAULT 0,
    "texts" INTEGER NOT NULL DEFAULT 0,
    "sms_due_at" TIMESTAMP(3),
    "sms_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_alerts_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "review_reply_queue" (
    "review_id" INTEGER NOT NULL,
    "queued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMP(3),

    CONSTRAINT "review_reply_queue_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "local_feed_replies" (
    "review_id" TEXT NOT NULL,
    "comment" TEXT NOT NULL,
    "update_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_feed_replies_pkey" PRIMARY KEY ("review_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "review_reply_rules_location_id_name_key" ON "review_reply_rules"("location_id", "name");

-- CreateIndex
CREATE INDEX "review_reply_drafts_location_id_idx" ON "review_reply_drafts"("location_id");

-- CreateIndex
CREATE INDEX "review_auto_replies_status_due_at_idx" ON "review_auto_replies"("status", "due_at");

-- CreateIndex
CREATE INDEX "review_auto_replies_location_id_created_at_idx" ON "review_auto_replies"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "review_alerts_sms_due_at_idx" ON "review_alerts"("sms_due_at");

-- CreateIndex
CREATE INDEX "review_alerts_location_id_created_at_idx" ON "review_alerts"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "review_reply_queue_queued_at_idx" ON "review_reply_queue"("queued_at");

-- AddForeignKey
ALTER TABLE "review_reply_settings" ADD CONSTRAINT "review_reply_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_reply_rules" ADD CONSTRAINT "review_reply_rules_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_reply_drafts" ADD CONSTRAINT "review_reply_drafts_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_auto_replies" ADD CONSTRAINT "review_auto_replies_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_auto_replies" ADD CONSTRAINT "review_auto_replies_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "review_reply_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_alerts" ADD CONSTRAINT "review_alerts_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_reply_queue" ADD CONSTRAINT "review_reply_queue_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A review that arrives, or whose rating or words change, waits for the replies worker (the bad-review alert and the
-- automatic rules), which is woken at commit; the worker's minute run finds what a lost notification missed.
CREATE FUNCTION reviews_reply_queue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_reply_queue AS q (review_id, queued_at) VALUES (NEW.id, clock_timestamp() AT TIME ZONE 'UTC')
  ON CONFLICT (review_id) DO UPDATE SET queued_at = EXCLUDED.queued_at, claimed_until = NULL;
  PERFORM pg_notify('kudo_review_replies', '');
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_reply_queue_insert AFTER INSERT ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_reply_queue();

CREATE TRIGGER reviews_reply_queue_update AFTER UPDATE OF rating, text ON reviews
FOR EACH ROW WHEN (NEW.rating IS DISTINCT FROM OLD.rating OR NEW.text IS DISTINCT FROM OLD.text)
EXECUTE FUNCTION reviews_reply_queue();
