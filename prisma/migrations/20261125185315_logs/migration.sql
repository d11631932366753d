-- AlterTable
ALTER TABLE "sms_messages" ADD COLUMN     "app" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "campaign_id" INTEGER;

-- CreateTable
CREATE TABLE "email_logs" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER,
    "app" TEXT NOT NULL,
    "campaign_id" INTEGER,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "template" TEXT NOT NULL DEFAULT '',
    "provider" TEXT NOT NULL,
    "provider_id" TEXT,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tasks" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "app" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "api_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "email_logs_location_id_created_at_id_idx" ON "email_logs"("location_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "api_tasks_location_id_created_at_id_idx" ON "api_tasks"("location_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "consent_events_location_id_created_at_idx" ON "consent_events"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "sms_messages_location_id_direction_created_at_id_idx" ON "sms_messages"("location_id", "direction", "created_at", "id");
