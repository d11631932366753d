-- CreateTable
CREATE TABLE "contact_card_scan_days" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "contact_card_scan_days_pkey" PRIMARY KEY ("location_id","day")
);

-- AddForeignKey
ALTER TABLE "contact_card_scan_days" ADD CONSTRAINT "contact_card_scan_days_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
