-- AlterTable
ALTER TABLE "review_sync_states" ADD COLUMN     "error_kind" TEXT;

-- CreateTable
CREATE TABLE "outbox_attachments" (
    "id" SERIAL NOT NULL,
    "message_id" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "outbox_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_attachments_message_id_idx" ON "outbox_attachments"("message_id");

-- CreateIndex
CREATE INDEX "reviews_location_id_source_posted_at_id_idx" ON "reviews"("location_id", "source", "posted_at", "id");

-- AddForeignKey
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "outbox_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
