-- Review requests from jobs done in field-service software: connections, rules, events, jobs, and the customers
-- asked. A job asked about becomes an api_review_requests row of source integration, with no API key.

-- AlterTable
ALTER TABLE "api_review_requests" ALTER COLUMN "api_key_id" DROP NOT NULL,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'api';

-- CreateTable
CREATE TABLE "field_connections" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "account_id" TEXT,
    "account_name" TEXT,
    "credentials" TEXT,
    "oauth_state_hash" TEXT,
    "connected_at" TIMESTAMP(3),
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "field_job_settings" (
    "location_id" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "wait_minutes" INTEGER NOT NULL DEFAULT 60,
    "channel" TEXT NOT NULL DEFAULT 'sms',
    "repeat_days" INTEGER NOT NULL DEFAULT 90,
    "skip_tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "generic_token_hash" TEXT,
    "generic_token" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_job_settings_pkey" PRIMARY KEY ("location_id")
);

-- CreateTable
CREATE TABLE "field_technician_campaigns" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "technician_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_technician_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "field_job_events" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "event_key" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'received',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimed_at" TIMESTAMP(3),
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "field_job_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "field_jobs" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "event_id" INTEGER,
    "completed_at" TIMESTAMP(3) NOT NULL,
    "customer_name" TEXT NOT NULL,
    "customer_phone" TEXT,
    "customer_email" TEXT,
    "technician_id" TEXT,
    "technician_name" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "campaign_id" INTEGER,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "review_request_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "field_job_contacts" (
    "location_id" INTEGER NOT NULL,
    "contact" TEXT NOT NULL,
    "asked_at" TIMESTAMP(3) NOT NULL,
    "job_id" INTEGER,

    CONSTRAINT "field_job_contacts_pkey" PRIMARY KEY ("location_id","contact")
);

-- CreateIndex
CREATE UNIQUE INDEX "field_connections_public_key_key" ON "field_connections"("public_key");

-- CreateIndex
CREATE UNIQUE INDEX "field_connections_location_id_provider_key" ON "field_connections"("location_id", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "field_connections_provider_account_id_key" ON "field_connections"("provider", "account_id");

-- CreateIndex
CREATE UNIQUE INDEX "field_job_settings_generic_token_hash_key" ON "field_job_settings"("generic_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "field_technician_campaigns_location_id_technician_key_key" ON "field_technician_campaigns"("location_id", "technician_key");

-- CreateIndex
CREATE INDEX "field_job_events_status_received_at_idx" ON "field_job_events"("status", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "field_job_events_location_id_provider_event_key_key" ON "field_job_events"("location_id", "provider", "event_key");

-- CreateIndex
CREATE UNIQUE INDEX "field_jobs_review_request_id_key" ON "field_jobs"("review_request_id");

-- CreateIndex
CREATE INDEX "field_jobs_location_id_created_at_idx" ON "field_jobs"("location_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "field_jobs_location_id_provider_external_id_key" ON "field_jobs"("location_id", "provider", "external_id");
