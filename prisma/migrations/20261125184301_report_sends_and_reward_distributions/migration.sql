-- AlterTable
ALTER TABLE "outbox_attachments" ADD COLUMN     "content_id" TEXT;

-- CreateTable
CREATE TABLE "report_sends" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "frequency" TEXT NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "sent_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "snapshot" JSONB NOT NULL DEFAULT '{}',
    "lease_until" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "report_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reward_distributions" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "report_key" TEXT NOT NULL,
    "total_points" INTEGER NOT NULL DEFAULT 0,
    "total_reward" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fulfilled_at" TIMESTAMP(3),

    CONSTRAINT "reward_distributions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "report_sends_status_idx" ON "report_sends"("status");

-- CreateIndex
CREATE UNIQUE INDEX "report_sends_location_id_frequency_period_start_key" ON "report_sends"("location_id", "frequency", "period_start");

-- CreateIndex
CREATE UNIQUE INDEX "reward_distributions_location_id_month_key" ON "reward_distributions"("location_id", "month");

-- AddForeignKey
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reward_distributions" ADD CONSTRAINT "reward_distributions_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
