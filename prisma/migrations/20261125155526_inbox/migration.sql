-- CreateTable
CREATE TABLE "conversations" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "assignee_id" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "source" TEXT NOT NULL DEFAULT 'sms',
    "last_message_id" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_body" TEXT NOT NULL DEFAULT '',
    "inbound_count" INTEGER NOT NULL DEFAULT 0,
    "awaiting_since" TIMESTAMP(3),
    "first_auto_reply_at" TIMESTAMP(3),
    "second_auto_reply_for" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_messages" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "direction" "SmsDirection" NOT NULL,
    "body" TEXT NOT NULL,
    "media_url" TEXT,
    "sms_message_id" INTEGER,
    "user_id" INTEGER,
    "kind" TEXT NOT NULL DEFAULT 'message',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_reads" (
    "conversation_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "read_count" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_reads_pkey" PRIMARY KEY ("conversation_id","user_id")
);

-- CreateTable
CREATE TABLE "conversation_events" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_id" INTEGER,
    "from_user_id" INTEGER,
    "to_user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "escalation_alerts" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "contact_id" INTEGER NOT NULL,
    "awaiting_since" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "escalation_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbox_events" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "message_id" INTEGER,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbox_templates" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "inbox_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "web_chat_leads" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "conversation_id" INTEGER,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_chat_leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbox_bulk_jobs" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "assignee_id" INTEGER,
    "file_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "inbox_bulk_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbox_bulk_rows" (
    "id" SERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "row_number" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "message" TEXT,
    "conversation_id" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_bulk_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conversations_location_id_active_last_message_id_idx" ON "conversations"("location_id", "active", "last_message_id" DESC);

-- CreateIndex
CREATE INDEX "conversations_awaiting_since_idx" ON "conversations"("awaiting_since");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_location_id_phone_key" ON "conversations"("location_id", "phone");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_sms_message_id_key" ON "conversation_messages"("sms_message_id");

-- CreateIndex
CREATE INDEX "conversation_messages_conversation_id_id_idx" ON "conversation_messages"("conversation_id", "id");

-- CreateIndex
CREATE INDEX "conversation_messages_location_id_id_idx" ON "conversation_messages"("location_id", "id");

-- CreateIndex
CREATE INDEX "conversation_messages_location_id_created_at_idx" ON "conversation_messages"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "conversation_events_location_id_created_at_idx" ON "conversation_events"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "conversation_events_conversation_id_idx" ON "conversation_events"("conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "escalation_alerts_conversation_id_contact_id_awaiting_since_key" ON "escalation_alerts"("conversation_id", "contact_id", "awaiting_since");

-- CreateIndex
CREATE INDEX "inbox_events_location_id_id_idx" ON "inbox_events"("location_id", "id");

-- CreateIndex
CREATE INDEX "inbox_templates_location_id_idx" ON "inbox_templates"("location_id");

-- CreateIndex
CREATE INDEX "web_chat_leads_location_id_id_idx" ON "web_chat_leads"("location_id", "id");

-- CreateIndex
CREATE INDEX "inbox_bulk_jobs_location_id_created_by_id_created_at_idx" ON "inbox_bulk_jobs"("location_id", "created_by_id", "created_at");

-- CreateIndex
CREATE INDEX "inbox_bulk_rows_job_id_status_idx" ON "inbox_bulk_rows"("job_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "inbox_bulk_rows_job_id_row_number_key" ON "inbox_bulk_rows"("job_id", "row_number");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbox_templates" ADD CONSTRAINT "inbox_templates_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "web_chat_leads" ADD CONSTRAINT "web_chat_leads_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbox_bulk_jobs" ADD CONSTRAINT "inbox_bulk_jobs_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbox_bulk_rows" ADD CONSTRAINT "inbox_bulk_rows_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "inbox_bulk_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
