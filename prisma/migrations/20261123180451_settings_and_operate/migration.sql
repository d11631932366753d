-- CreateEnum
CREATE TYPE "ConsentChannel" AS ENUM ('sms', 'email');

-- CreateEnum
CREATE TYPE "ConsentScope" AS ENUM ('all', 'dispatch', 'messaging');

-- CreateEnum
CREATE TYPE "ConsentAction" AS ENUM ('opt_in', 'opt_out');

-- CreateEnum
CREATE TYPE "DispatchKind" AS ENUM ('pcheck', 'bio');

-- CreateEnum
CREATE TYPE "SmsDirection" AS ENUM ('outbound', 'inbound');

-- AlterTable
ALTER TABLE "locations" ADD COLUMN     "messaging_service_sid" TEXT,
ADD COLUMN     "plan_code" TEXT,
ADD COLUMN     "sms_number" TEXT;

-- CreateTable
CREATE TABLE "plans" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "max_campaign" INTEGER NOT NULL,
    "monthly_price_cents" INTEGER NOT NULL DEFAULT 0,
    "yearly_price_cents" INTEGER NOT NULL DEFAULT 0,
    "custom_pricing" BOOLEAN NOT NULL DEFAULT false,
    "selectable" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "uid" TEXT NOT NULL,
    "employee_id" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "department" TEXT NOT NULL,
    "image" TEXT NOT NULL,
    "license" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "yt_url" TEXT NOT NULL DEFAULT '',
    "fieldops_username" TEXT,
    "fieldops_password_enc" TEXT,
    "pcheck_sms_template" TEXT,
    "bio_sms_template" TEXT,
    "pcheck_email_template" TEXT,
    "bio_email_template" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_social_media" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "metadata" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_social_media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_templates" (
    "location_id" INTEGER NOT NULL,
    "bio_email_template" TEXT,
    "bio_sms_template" TEXT,
    "pcheck_email_template" TEXT,
    "pcheck_sms_template" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_templates_pkey" PRIMARY KEY ("location_id")
);

-- CreateTable
CREATE TABLE "contact_card_settings" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "card_key" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "delay_time" INTEGER NOT NULL DEFAULT 1800,
    "company_name" TEXT,
    "company_logo" TEXT,
    "primary_phone_number" TEXT NOT NULL DEFAULT '',
    "sms_phone_number" TEXT NOT NULL DEFAULT '',
    "phone_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "emails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "search_terms" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "note" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contact_card_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_card_templates" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "comm_type" TEXT NOT NULL,
    "template_name" TEXT NOT NULL,
    "sms_body" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contact_card_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "employee_rewards_settings" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "start_month" INTEGER NOT NULL DEFAULT 1,
    "per_review_budget" INTEGER NOT NULL DEFAULT 0,
    "report_recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sources" TEXT[] DEFAULT ARRAY['google', 'facebook']::TEXT[],
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "employee_rewards_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_card_sends" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "to" TEXT NOT NULL,
    "customer_name" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "send_after" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_card_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consent_states" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "ConsentChannel" NOT NULL,
    "address" TEXT NOT NULL,
    "scope" "ConsentScope" NOT NULL,
    "opted_out" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consent_events" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "channel" "ConsentChannel" NOT NULL,
    "address" TEXT NOT NULL,
    "scope" "ConsentScope" NOT NULL,
    "action" "ConsentAction" NOT NULL,
    "source" TEXT NOT NULL,
    "user_id" INTEGER,
    "detail" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "phone" TEXT,
    "email" TEXT,
    "name" TEXT NOT NULL DEFAULT '',
    "address_line" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dispatches" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "customer_id" INTEGER,
    "kind" "DispatchKind" NOT NULL,
    "source" TEXT NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "token_hash" TEXT NOT NULL,
    "customer_phone" TEXT,
    "customer_email" TEXT,
    "customer_name" TEXT NOT NULL DEFAULT '',
    "customer_address" TEXT NOT NULL DEFAULT '',
    "customer_place" JSONB,
    "sms_status" INTEGER,
    "sms_message" TEXT,
    "email_status" INTEGER,
    "email_message" TEXT,
    "sent_by_user_id" INTEGER,
    "bulk_job_id" INTEGER,
    "bulk_row_id" INTEGER,
    "follow_up_of_id" INTEGER,
    "credited_campaign_id" INTEGER,
    "mood" TEXT,
    "slider_mean" DOUBLE PRECISION,
    "responded_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dispatches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pulse_check_submissions" (
    "id" SERIAL NOT NULL,
    "dispatch_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "ip_address" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pulse_check_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "boost_settings" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boost_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pulse_check_settings" (
    "location_id" INTEGER NOT NULL,
    "whitelabel" BOOLEAN NOT NULL DEFAULT false,
    "flow_mode" TEXT NOT NULL DEFAULT 'sentimentOnly-ungated',
    "slider_titles" TEXT[],
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pulse_check_settings_pkey" PRIMARY KEY ("location_id")
);

-- CreateTable
CREATE TABLE "bulk_jobs" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "kind" "DispatchKind" NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "bulk_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bulk_job_rows" (
    "id" SERIAL NOT NULL,
    "job_id" INTEGER NOT NULL,
    "row_number" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "message" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bulk_job_rows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_messages" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER,
    "direction" "SmsDirection" NOT NULL,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "media_url" TEXT,
    "provider" TEXT NOT NULL,
    "provider_id" TEXT,
    "status" TEXT NOT NULL,
    "error_code" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_emails" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "sentiment" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verification_token_hash" TEXT,
    "verification_expires_at" TIMESTAMP(3),
    "verified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_sms" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "sentiment" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "verified_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_sms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "phone_verifications" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "key_hash" TEXT,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "verified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "escalation_contacts" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "phone_number" TEXT NOT NULL DEFAULT '',
    "delay" INTEGER NOT NULL DEFAULT 5,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "escalation_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auto_reply_settings" (
    "location_id" INTEGER NOT NULL,
    "first_text" TEXT NOT NULL DEFAULT '',
    "first_enabled" BOOLEAN NOT NULL DEFAULT false,
    "second_text" TEXT NOT NULL DEFAULT '',
    "second_enabled" BOOLEAN NOT NULL DEFAULT false,
    "second_delay" INTEGER NOT NULL DEFAULT 5,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "auto_reply_settings_pkey" PRIMARY KEY ("location_id")
);

-- CreateTable
CREATE TABLE "reporting_recipients" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "weekly" BOOLEAN NOT NULL DEFAULT true,
    "monthly" BOOLEAN NOT NULL DEFAULT true,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verified_at" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "verification_token_hash" TEXT,
    "verification_expires_at" TIMESTAMP(3),
    "verification_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reporting_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "external_id" TEXT,
    "author_name" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "audio_url" TEXT,
    "posted_at" TIMESTAMP(3) NOT NULL,
    "approved_for_widget" BOOLEAN NOT NULL DEFAULT false,
    "url" TEXT NOT NULL DEFAULT '',
    "campaign_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "social_accounts" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "unique_type" TEXT,
    "homepage" TEXT NOT NULL DEFAULT '',
    "review_page" TEXT NOT NULL DEFAULT '',
    "title" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "social_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "google_places" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "place_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "rating" DOUBLE PRECISION,
    "review_count" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "google_places_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "google_connections" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "account_id" TEXT NOT NULL,
    "account_name" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'connected',
    "access_token" TEXT,
    "refresh_token" TEXT,
    "expires_at" TIMESTAMP(3),
    "locations" JSONB NOT NULL DEFAULT '[]',
    "selected_id" TEXT,
    "selected_name" TEXT,
    "selected_place_id" TEXT,
    "selected_address" JSONB,
    "connected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "google_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "facebook_connections" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "user_name" TEXT NOT NULL DEFAULT '',
    "user_token" TEXT,
    "pages" JSONB NOT NULL DEFAULT '[]',
    "page_selected_id" TEXT,
    "page_selected_name" TEXT,
    "page_token" TEXT,
    "connected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "facebook_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "widget_settings" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "widget_key" TEXT NOT NULL,
    "show_activity_alert" BOOLEAN NOT NULL DEFAULT true,
    "show_images" BOOLEAN NOT NULL DEFAULT true,
    "show_ratings_always" BOOLEAN NOT NULL DEFAULT false,
    "show_audio" BOOLEAN NOT NULL DEFAULT false,
    "phone_number" TEXT NOT NULL DEFAULT '',
    "show_pullout" BOOLEAN NOT NULL DEFAULT false,
    "color" TEXT NOT NULL DEFAULT '#DDDDDD',
    "font_color" TEXT NOT NULL DEFAULT '#FFFFFF',
    "orientation" TEXT NOT NULL DEFAULT 'right',
    "theme" INTEGER NOT NULL DEFAULT 1,
    "position_fixed" BOOLEAN NOT NULL DEFAULT false,
    "chat_enabled" BOOLEAN NOT NULL DEFAULT false,
    "chat_greeting" TEXT NOT NULL DEFAULT 'Hi! How can we help you today?',
    "chat_color" TEXT NOT NULL DEFAULT '#1F4E79',
    "chat_orientation" TEXT NOT NULL DEFAULT 'right',
    "facebook_tab_page_id" TEXT,
    "facebook_tab_at" TIMESTAMP(3),
    "data_cache" JSONB,
    "data_cached_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "widget_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "campaigns_uid_key" ON "campaigns"("uid");

-- CreateIndex
CREATE UNIQUE INDEX "campaigns_fieldops_username_key" ON "campaigns"("fieldops_username");

-- CreateIndex
CREATE INDEX "campaigns_location_id_deleted_at_idx" ON "campaigns"("location_id", "deleted_at");

-- CreateIndex
CREATE INDEX "campaign_social_media_campaign_id_idx" ON "campaign_social_media"("campaign_id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_card_settings_location_id_key" ON "contact_card_settings"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_card_settings_card_key_key" ON "contact_card_settings"("card_key");

-- CreateIndex
CREATE UNIQUE INDEX "contact_card_templates_location_id_comm_type_key" ON "contact_card_templates"("location_id", "comm_type");

-- CreateIndex
CREATE UNIQUE INDEX "employee_rewards_settings_location_id_key" ON "employee_rewards_settings"("location_id");

-- CreateIndex
CREATE INDEX "contact_card_sends_status_send_after_idx" ON "contact_card_sends"("status", "send_after");

-- CreateIndex
CREATE INDEX "contact_card_sends_location_id_to_idx" ON "contact_card_sends"("location_id", "to");

-- CreateIndex
CREATE UNIQUE INDEX "consent_states_location_id_channel_address_scope_key" ON "consent_states"("location_id", "channel", "address", "scope");

-- CreateIndex
CREATE INDEX "consent_events_location_id_channel_address_idx" ON "consent_events"("location_id", "channel", "address");

-- CreateIndex
CREATE INDEX "customers_location_id_email_idx" ON "customers"("location_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "customers_location_id_phone_key" ON "customers"("location_id", "phone");

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_token_hash_key" ON "dispatches"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_bulk_row_id_key" ON "dispatches"("bulk_row_id");

-- CreateIndex
CREATE UNIQUE INDEX "dispatches_follow_up_of_id_key" ON "dispatches"("follow_up_of_id");

-- CreateIndex
CREATE INDEX "dispatches_location_id_created_at_idx" ON "dispatches"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "dispatches_location_id_kind_created_at_idx" ON "dispatches"("location_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "dispatches_campaign_id_created_at_idx" ON "dispatches"("campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "dispatches_credited_campaign_id_created_at_idx" ON "dispatches"("credited_campaign_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "pulse_check_submissions_dispatch_id_type_key" ON "pulse_check_submissions"("dispatch_id", "type");

-- CreateIndex
CREATE UNIQUE INDEX "boost_settings_location_id_key" ON "boost_settings"("location_id");

-- CreateIndex
CREATE INDEX "bulk_jobs_location_id_created_by_id_created_at_idx" ON "bulk_jobs"("location_id", "created_by_id", "created_at");

-- CreateIndex
CREATE INDEX "bulk_job_rows_job_id_status_idx" ON "bulk_job_rows"("job_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "bulk_job_rows_job_id_row_number_key" ON "bulk_job_rows"("job_id", "row_number");

-- CreateIndex
CREATE UNIQUE INDEX "sms_messages_provider_id_key" ON "sms_messages"("provider_id");

-- CreateIndex
CREATE INDEX "sms_messages_location_id_created_at_idx" ON "sms_messages"("location_id", "created_at");

-- CreateIndex
CREATE INDEX "sms_messages_location_id_to_idx" ON "sms_messages"("location_id", "to");

-- CreateIndex
CREATE INDEX "sms_messages_location_id_from_idx" ON "sms_messages"("location_id", "from");

-- CreateIndex
CREATE UNIQUE INDEX "notification_emails_verification_token_hash_key" ON "notification_emails"("verification_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "notification_emails_location_id_sentiment_email_key" ON "notification_emails"("location_id", "sentiment", "email");

-- CreateIndex
CREATE UNIQUE INDEX "notification_sms_location_id_sentiment_key" ON "notification_sms"("location_id", "sentiment");

-- CreateIndex
CREATE UNIQUE INDEX "phone_verifications_key_hash_key" ON "phone_verifications"("key_hash");

-- CreateIndex
CREATE INDEX "phone_verifications_location_id_phone_idx" ON "phone_verifications"("location_id", "phone");

-- CreateIndex
CREATE INDEX "escalation_contacts_location_id_idx" ON "escalation_contacts"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "reporting_recipients_verification_token_hash_key" ON "reporting_recipients"("verification_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "reporting_recipients_location_id_email_key" ON "reporting_recipients"("location_id", "email");

-- CreateIndex
CREATE INDEX "reviews_location_id_posted_at_idx" ON "reviews"("location_id", "posted_at");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_location_id_source_external_id_key" ON "reviews"("location_id", "source", "external_id");

-- CreateIndex
CREATE INDEX "social_accounts_location_id_sort_order_idx" ON "social_accounts"("location_id", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "social_accounts_location_id_unique_type_key" ON "social_accounts"("location_id", "unique_type");

-- CreateIndex
CREATE UNIQUE INDEX "google_places_location_id_key" ON "google_places"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "google_connections_location_id_key" ON "google_connections"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "facebook_connections_location_id_key" ON "facebook_connections"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "widget_settings_location_id_key" ON "widget_settings"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "widget_settings_widget_key_key" ON "widget_settings"("widget_key");

-- CreateIndex
CREATE UNIQUE INDEX "locations_sms_number_key" ON "locations"("sms_number");

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_social_media" ADD CONSTRAINT "campaign_social_media_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_templates" ADD CONSTRAINT "account_templates_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_card_settings" ADD CONSTRAINT "contact_card_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_card_templates" ADD CONSTRAINT "contact_card_templates_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "employee_rewards_settings" ADD CONSTRAINT "employee_rewards_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_card_sends" ADD CONSTRAINT "contact_card_sends_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consent_states" ADD CONSTRAINT "consent_states_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "locations" ADD CONSTRAINT "locations_plan_code_fkey" FOREIGN KEY ("plan_code") REFERENCES "plans"("code") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_follow_up_of_id_fkey" FOREIGN KEY ("follow_up_of_id") REFERENCES "dispatches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_credited_campaign_id_fkey" FOREIGN KEY ("credited_campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pulse_check_submissions" ADD CONSTRAINT "pulse_check_submissions_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boost_settings" ADD CONSTRAINT "boost_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pulse_check_settings" ADD CONSTRAINT "pulse_check_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_job_rows" ADD CONSTRAINT "bulk_job_rows_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "bulk_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_sms" ADD CONSTRAINT "notification_sms_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "escalation_contacts" ADD CONSTRAINT "escalation_contacts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auto_reply_settings" ADD CONSTRAINT "auto_reply_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reporting_recipients" ADD CONSTRAINT "reporting_recipients_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "google_places" ADD CONSTRAINT "google_places_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "facebook_connections" ADD CONSTRAINT "facebook_connections_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The plans the product ships with (campaign limits); billing may change prices later.
INSERT INTO "plans" ("code", "name", "description", "max_campaign", "monthly_price_cents", "yearly_price_cents", "custom_pricing", "selectable", "sort_order") VALUES
  ('trial', 'Free Trial', 'Try every dispatch feature with up to 3 technicians.', 3, 0, 0, false, false, 0),
  ('starter', 'Starter', 'For small teams: up to 5 technicians.', 5, 9900, 100980, false, true, 1),
  ('pro', 'Pro', 'For growing companies: up to 25 technicians.', 25, 24900, 253980, false, true, 2),
  ('enterprise', 'Enterprise', 'Custom quote for large fleets: up to 100 technicians.', 100, 0, 0, true, true, 3)
ON CONFLICT ("code") DO NOTHING;
