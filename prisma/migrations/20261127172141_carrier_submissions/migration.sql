-- AlterTable
ALTER TABLE "carrier_registrations" ADD COLUMN     "city" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "contact_position" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "contact_title" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "postal_code" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "state" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "street" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "carrier_submissions" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "steps" JSONB NOT NULL DEFAULT '{}',
    "resources" JSONB NOT NULL DEFAULT '{}',
    "failure_reason" TEXT,
    "failure_field" TEXT,
    "trust_score" INTEGER,
    "daily_limit" INTEGER,
    "polls" INTEGER NOT NULL DEFAULT 0,
    "next_poll_at" TIMESTAMP(3),
    "lease_until" TIMESTAMP(3),
    "notified" TEXT NOT NULL DEFAULT '',
    "submitted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carrier_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "carrier_submissions_location_id_key" ON "carrier_submissions"("location_id");

-- CreateIndex
CREATE INDEX "carrier_submissions_status_next_poll_at_idx" ON "carrier_submissions"("status", "next_poll_at");

-- AddForeignKey
ALTER TABLE "carrier_submissions" ADD CONSTRAINT "carrier_submissions_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
