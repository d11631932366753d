-- Analyze › Insights: how many reviews speak of each topic per local day and campaign, and with which polarity. Kept by
-- the triggers of prisma/derived/review_topic_daily_counts.sql (applied after the migrations).

-- CreateTable
CREATE TABLE "review_topic_daily_counts" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "topic" TEXT NOT NULL,
    "mentions" INTEGER NOT NULL DEFAULT 0,
    "positive" INTEGER NOT NULL DEFAULT 0,
    "negative" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "review_topic_daily_counts_pkey" PRIMARY KEY ("location_id","day","campaign_id","topic")
);

-- AddForeignKey
ALTER TABLE "review_topic_daily_counts" ADD CONSTRAINT "review_topic_daily_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The reviews classified already, counted once (the same figures as derived_rebuild_review_topic_daily_counts).
INSERT INTO "review_topic_daily_counts" (location_id, day, campaign_id, topic, mentions, positive, negative)
SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date,
       coalesce(r.campaign_id, 0), t.topic, count(*), count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '1'),
       count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '-1')
  FROM reviews r JOIN locations l ON l.id = r.location_id CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
 WHERE NOT r.archived
 GROUP BY 1, 2, 3, 4;
