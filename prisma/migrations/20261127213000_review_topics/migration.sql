-- Topics and a text sentiment score for every review: written by the worker (the review-topics jobs) from the text,
-- beside the mood (`sentiment`), which stays as it was. See docs/architecture.md, "Review topics".
CREATE EXTENSION IF NOT EXISTS btree_gin;

ALTER TABLE "reviews" ADD COLUMN "topics" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "topic_sentiments" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN "sentiment_score" REAL,
ADD COLUMN "classified_at" TIMESTAMP(3),
ADD COLUMN "classified_by" TEXT;

-- One topic's reviews of a location: the location and the topic in one GIN index (btree_gin for the location).
CREATE INDEX "reviews_location_id_topics_idx" ON "reviews" USING GIN ("location_id" int4_ops, "topics" array_ops);

-- CreateTable
CREATE TABLE "review_classification_queue" (
    "review_id" INTEGER NOT NULL,
    "queued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMP(3),

    CONSTRAINT "review_classification_queue_pkey" PRIMARY KEY ("review_id")
);

-- CreateTable
CREATE TABLE "review_classification_backfills" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'pending',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "last_review_id" INTEGER NOT NULL DEFAULT 0,
    "upto_review_id" INTEGER,
    "locked_until" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_classification_backfills_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "review_classification_queue_queued_at_idx" ON "review_classification_queue"("queued_at");

-- CreateIndex
CREATE INDEX "review_classification_backfills_status_id_idx" ON "review_classification_backfills"("status", "id");

-- AddForeignKey
ALTER TABLE "review_classification_queue" ADD CONSTRAINT "review_classification_queue_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A new text (a new review, or a text that changed) drops the old classification: the review waits for the worker
-- (classified_at null) unless it has no words, which leaves nothing to classify. Named to run before the export row's
-- trigger (triggers of a kind run in the order of their names), so the row never shows the old topics.
CREATE FUNCTION reviews_classification_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.text IS NOT DISTINCT FROM OLD.text THEN
    RETURN NEW;
  END IF;
  NEW.topics := ARRAY[]::text[];
  NEW.topic_sentiments := '{}'::jsonb;
  NEW.sentiment_score := NULL;
  NEW.classified_by := NULL;
  NEW.classified_at := CASE WHEN btrim(NEW.text) = '' THEN now() AT TIME ZONE 'UTC' END;
  RETURN NEW;
END $$;

CREATE TRIGGER reviews_classification_reset BEFORE INSERT OR UPDATE OF text ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_classification_reset();

-- A review waiting for its classification joins the queue (again, if its text changed while it waited or was being
-- classified) and the workers are woken at commit.
CREATE FUNCTION reviews_classification_queue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_classification_queue AS q (review_id, queued_at) VALUES (NEW.id, clock_timestamp() AT TIME ZONE 'UTC')
  ON CONFLICT (review_id) DO UPDATE SET queued_at = EXCLUDED.queued_at, claimed_until = NULL;
  PERFORM pg_notify('kudo_review_topics', '');
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_classification_queue AFTER INSERT OR UPDATE OF text ON reviews
FOR EACH ROW WHEN (NEW.classified_at IS NULL) EXECUTE FUNCTION reviews_classification_queue();

-- The export's row (E139) gains two cells: the topics ("Price, Quality") and the sentiment score (two decimals).
CREATE OR REPLACE FUNCTION reviews_export_row() RETURNS trigger
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
    to_json(CASE WHEN NEW.archived THEN 'Yes' ELSE 'No' END),
    to_json(array_to_string(ARRAY(SELECT initcap(t) FROM unnest(NEW.topics) t), ', ')),
    to_json(coalesce(trim_scale(round(NEW.sentiment_score::numeric, 2))::text, ''))) || ']';
  RETURN NEW;
END
$$;

DROP TRIGGER reviews_export_row ON reviews;
CREATE TRIGGER reviews_export_row BEFORE INSERT OR UPDATE OF posted_at, source, campaign_id, sentiment, kudo_index, rating, text,
  audio_url, customer_name, customer_phone, customer_email, customer_address, customer_city, customer_state, customer_zipcode,
  approved_for_widget, archived, topics, sentiment_score, export_row ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_export_row();
ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_export_row;

-- A backfill made (by this migration or `pnpm topics:backfill`) wakes the workers at commit.
CREATE FUNCTION review_backfills_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kudo_review_backfill', '');
  RETURN NULL;
END $$;

CREATE TRIGGER review_backfills_created AFTER INSERT ON review_classification_backfills
FOR EACH ROW EXECUTE FUNCTION review_backfills_created();

-- Existing reviews: those without words are classified as such, every row gets its two new export cells, and the
-- others wait for the backfill this migration asks for (the worker runs it in batches, with its progress here).
UPDATE reviews SET export_row = NULL, classified_at = CASE WHEN btrim(text) = '' THEN now() AT TIME ZONE 'UTC' END;
INSERT INTO review_classification_backfills (scope) VALUES ('pending');
