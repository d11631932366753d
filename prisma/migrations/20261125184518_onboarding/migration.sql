-- CreateTable
CREATE TABLE "trial_claims" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "location_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trial_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carrier_registrations" (
    "id" SERIAL NOT NULL,
    "location_id" INTEGER NOT NULL,
    "legal_name" TEXT NOT NULL,
    "ein" TEXT NOT NULL DEFAULT '',
    "business_type" TEXT NOT NULL,
    "website" TEXT NOT NULL DEFAULT '',
    "contact_first_name" TEXT NOT NULL,
    "contact_last_name" TEXT NOT NULL,
    "contact_email" TEXT NOT NULL,
    "contact_phone" TEXT NOT NULL,
    "updated_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carrier_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "signups" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "location_id" INTEGER NOT NULL,
    "marketing_opt_in" BOOLEAN NOT NULL DEFAULT false,
    "terms_accepted_at" TIMESTAMP(3) NOT NULL,
    "free_trial_type" TEXT NOT NULL,
    "business_source" TEXT NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "trial_claims_kind_value_key" ON "trial_claims"("kind", "value");

-- CreateIndex
CREATE UNIQUE INDEX "carrier_registrations_location_id_key" ON "carrier_registrations"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "signups_account_id_key" ON "signups"("account_id");

-- CreateIndex
CREATE INDEX "signups_user_id_idx" ON "signups"("user_id");

-- AddForeignKey
ALTER TABLE "carrier_registrations" ADD CONSTRAINT "carrier_registrations_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
