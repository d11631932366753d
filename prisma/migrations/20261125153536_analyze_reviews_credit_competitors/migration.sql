-- AlterTable
ALTER TABLE "locations" ADD COLUMN     "max_competitors" INTEGER NOT NULL DEFAULT 7;

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "archived" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "customer_address" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_city" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_phone" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_state" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "customer_zipcode" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "dispatch_id" INTEGER,
ADD COLUMN     "kudo_index" DOUBLE PRECISION,
ADD COLUMN     "rating_type" TEXT NOT NULL DEFAULT 'star',
ADD COLUMN     "reply_text" TEXT,
ADD COLUMN     "reply_updated_at" TIMESTAMP(3),
ADD COLUMN     "sentiment" TEXT NOT NULL DEFAULT 'neutral',
ADD COLUMN     "sliders" JSONB,
ADD COLUMN     "source_updated_at" TIMESTAMP(3),
ADD COLUMN     "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "review_credits" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "review_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_credits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rating_snapshots" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "review_count" INTEGER NOT NULL,
    "rating" DOUBLE PRECISION,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_sync_states" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "last_synced_at" TIMESTAMP(3),
    "last_error" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "next_sync_at" TIMESTAMP(3),
    "locked_until" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_sync_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competitors" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "place_id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "address" JSONB,
    "rating" DOUBLE PRECISION,
    "review_count" INTEGER,
    "refreshed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "competitors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "review_credits_location_id_campaign_id_idx" ON "review_credits"("location_id", "campaign_id");

-- CreateIndex
CREATE UNIQUE INDEX "review_credits_review_id_campaign_id_method_key" ON "review_credits"("review_id", "campaign_id", "method");

-- CreateIndex
CREATE UNIQUE INDEX "rating_snapshots_location_id_platform_day_key" ON "rating_snapshots"("location_id", "platform", "day");

-- CreateIndex
CREATE UNIQUE INDEX "review_sync_states_location_id_platform_key" ON "review_sync_states"("location_id", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "competitors_location_id_place_id_key" ON "competitors"("location_id", "place_id");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_dispatch_id_key" ON "reviews"("dispatch_id");

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_credits" ADD CONSTRAINT "review_credits_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_credits" ADD CONSTRAINT "review_credits_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_credits" ADD CONSTRAINT "review_credits_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_snapshots" ADD CONSTRAINT "rating_snapshots_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_sync_states" ADD CONSTRAINT "review_sync_states_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Reviews already kept: their sentiment from the stars, and pulseCheck answers linked to their pulseCheck.
UPDATE "reviews" SET "sentiment" = CASE WHEN "rating" >= 4 THEN 'positive' WHEN "rating" = 3 THEN 'neutral' ELSE 'negative' END;
UPDATE "reviews" r SET "dispatch_id" = d."id", "sentiment" = COALESCE(d."mood", r."sentiment"), "kudo_index" = d."slider_mean",
  "customer_name" = d."customer_name", "customer_phone" = COALESCE(d."customer_phone", ''), "customer_email" = COALESCE(d."customer_email", ''),
  "customer_address" = d."customer_address"
FROM "dispatches" d
WHERE r."source" = 'kudo' AND r."external_id" = 'dispatch-' || d."id" AND r."location_id" = d."location_id";
