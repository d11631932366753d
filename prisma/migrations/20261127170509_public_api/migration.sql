-- AlterTable
ALTER TABLE "dispatches" ADD COLUMN     "api_request_id" INTEGER;

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "revoked_by_id" INTEGER,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_review_requests" (
    "id" SERIAL NOT NULL,
    "public_id" TEXT NOT NULL,
    "location_id" INTEGER NOT NULL,
    "api_key_id" INTEGER NOT NULL,
    "idempotency_key" TEXT,
    "request_hash" TEXT NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "customer_name" TEXT NOT NULL,
    "customer_phone" TEXT,
    "customer_email" TEXT,
    "channel" TEXT NOT NULL,
    "external_id" TEXT,
    "send_at" TIMESTAMP(3),
    "scheduled_for" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "claimed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_review_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_location_id_created_at_idx" ON "api_keys"("location_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_review_requests_public_id_key" ON "api_review_requests"("public_id");

-- CreateIndex
CREATE INDEX "api_review_requests_location_id_created_at_idx" ON "api_review_requests"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "api_review_requests_status_scheduled_for_idx" ON "api_review_requests"("status", "scheduled_for");

-- CreateIndex
CREATE UNIQUE INDEX "api_review_requests_api_key_id_idempotency_key_key" ON "api_review_requests"("api_key_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_api_request_id_key" ON "dispatches"("api_request_id");

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_api_request_id_fkey" FOREIGN KEY ("api_request_id") REFERENCES "api_review_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_review_requests" ADD CONSTRAINT "api_review_requests_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
