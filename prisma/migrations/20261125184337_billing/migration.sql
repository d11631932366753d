-- DropIndex
DROP INDEX "subscriptions_location_id_code_key";

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "success_email" TEXT;

-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "stripe_monthly_price_id" TEXT,
ADD COLUMN     "stripe_yearly_price_id" TEXT;

-- AlterTable: one subscription per location (plan, add-ons, term, status, period end)
ALTER TABLE "subscriptions" ADD COLUMN     "addons" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "current_period_end" TIMESTAMP(3),
ADD COLUMN     "past_due_since" TIMESTAMP(3),
ADD COLUMN     "plan_code" TEXT,
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'local',
ADD COLUMN     "status" TEXT,
ADD COLUMN     "stripe_customer_id" TEXT,
ADD COLUMN     "stripe_subscription_id" TEXT,
ADD COLUMN     "term" TEXT NOT NULL DEFAULT 'year',
ADD COLUMN     "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Each location's add-on rows become its one subscription, on the location's plan.
CREATE TEMP TABLE "subscription_fold" AS
  SELECT s."location_id", min(s."id") AS "id", min(s."started_at") AS "started_at",
         coalesce(array_agg(s."code" ORDER BY s."code") FILTER (WHERE s."ends_at" IS NULL OR s."ends_at" > now()), ARRAY[]::TEXT[]) AS "addons"
    FROM "subscriptions" s GROUP BY s."location_id";
DELETE FROM "subscriptions";
INSERT INTO "subscriptions" ("id", "location_id", "started_at", "addons", "status", "plan_code")
  SELECT f."id", f."location_id", f."started_at", f."addons", CASE WHEN l."free_trial" THEN 'trialing' ELSE 'active' END, l."plan_code"
    FROM "subscription_fold" f JOIN "locations" l ON l."id" = f."location_id";
DROP TABLE "subscription_fold";

ALTER TABLE "subscriptions" DROP COLUMN "code",
DROP COLUMN "ends_at",
ALTER COLUMN "status" SET NOT NULL;

-- CreateTable
CREATE TABLE "addons" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "monthly_price_cents" INTEGER NOT NULL,
    "yearly_price_cents" INTEGER NOT NULL,
    "setup_price_cents" INTEGER,
    "selectable" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "stripe_monthly_price_id" TEXT,
    "stripe_yearly_price_id" TEXT,
    "stripe_setup_price_id" TEXT,

    CONSTRAINT "addons_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "billing_checkouts" (
    "id" TEXT NOT NULL,
    "location_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "plan_code" TEXT,
    "addons" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "term" TEXT NOT NULL,
    "total_cents" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_checkouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subscription" TEXT,
    "location_id" INTEGER,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "billing_checkouts_location_id_idx" ON "billing_checkouts"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_location_id_key" ON "subscriptions"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions"("stripe_subscription_id");

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_code_fkey" FOREIGN KEY ("plan_code") REFERENCES "plans"("code") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The add-ons on sale (prices in cents; yearly is twelve months less 15%). Staff change them in the table.
INSERT INTO "addons" ("code", "name", "description", "monthly_price_cents", "yearly_price_cents", "setup_price_cents", "sort_order") VALUES
  ('kudoPro', 'Two-Way Messaging', 'Text with your customers from one shared inbox, with auto-replies and escalation.', 7900, 80580, NULL, 1),
  ('web-chat', 'Chat Widget', 'A chat bubble on your website that turns visitors into text conversations.', 3900, 39780, 9900, 2),
  ('contact-card', 'Contact Card', 'Send your business card by text after every pulseCheck, with a QR code.', 2900, 29580, NULL, 3),
  ('employee-rewards', 'Employee Rewards', 'Reward technicians for the reviews they earn, with monthly reports.', 4900, 49980, NULL, 4)
ON CONFLICT ("code") DO NOTHING;
