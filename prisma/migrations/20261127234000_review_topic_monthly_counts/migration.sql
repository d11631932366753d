-- Analyze › Insights reads whole months of a range from a monthly store and only the range's partial months from the
-- daily one: a year of a busy location is then about 11 × technicians × 7 monthly rows and a month of daily rows,
-- instead of 365 days of them. Kept by the triggers of prisma/derived/review_topic_monthly_counts.sql.

-- CreateTable
CREATE TABLE "review_topic_monthly_counts" (
    "location_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "topic" TEXT NOT NULL,
    "mentions" INTEGER NOT NULL DEFAULT 0,
    "positive" INTEGER NOT NULL DEFAULT 0,
    "negative" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "review_topic_monthly_counts_pkey" PRIMARY KEY ("location_id","month","campaign_id","topic")
);

-- The latest day of a range on which a topic was praised or blamed: the day a quote is taken from.
-- CreateIndex
CREATE INDEX "review_topic_daily_counts_location_id_topic_day_idx" ON "review_topic_daily_counts"("location_id", "topic", "day");

-- AddForeignKey
ALTER TABLE "review_topic_monthly_counts" ADD CONSTRAINT "review_topic_monthly_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The months of the daily store, added up once.
INSERT INTO "review_topic_monthly_counts" (location_id, month, campaign_id, topic, mentions, positive, negative)
SELECT location_id, date_trunc('month', day::timestamp)::date, campaign_id, topic, sum(mentions), sum(positive), sum(negative)
  FROM review_topic_daily_counts
 GROUP BY 1, 2, 3, 4;
