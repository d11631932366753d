-- The topic stores hold one row per local day (or month) and campaign, its seven topics' counts in arrays (in the
-- order of REVIEW_TOPICS, as review_topic_keys() in prisma/derived/review_topic_daily_counts.sql lists them), instead of
-- a row per topic: a year of a busy location is then 7 times fewer rows for Insights to add up. Both stores are made
-- again from the reviews; their triggers and rebuilds are in prisma/derived.

DROP TABLE "review_topic_monthly_counts";
DROP TABLE "review_topic_daily_counts";

-- CreateTable
CREATE TABLE "review_topic_daily_counts" (
    "location_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "mentions" INTEGER[],
    "positive" INTEGER[],
    "negative" INTEGER[],

    CONSTRAINT "review_topic_daily_counts_pkey" PRIMARY KEY ("location_id","day","campaign_id")
);

-- CreateTable
CREATE TABLE "review_topic_monthly_counts" (
    "location_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "mentions" INTEGER[],
    "positive" INTEGER[],
    "negative" INTEGER[],

    CONSTRAINT "review_topic_monthly_counts_pkey" PRIMARY KEY ("location_id","month","campaign_id")
);

-- AddForeignKey
ALTER TABLE "review_topic_daily_counts" ADD CONSTRAINT "review_topic_daily_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_topic_monthly_counts" ADD CONSTRAINT "review_topic_monthly_counts_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The reviews classified already, counted once (the figures the rebuilds compute).
CREATE TEMP TABLE topic_counts ON COMMIT DROP AS
SELECT r.location_id, (r.posted_at AT TIME ZONE 'UTC' AT TIME ZONE coalesce(l.time_zone, 'America/New_York'))::date AS day,
       coalesce(r.campaign_id, 0) AS campaign_id, k.i,
       count(*) FILTER (WHERE k.key = ANY (r.topics))::int AS m,
       count(*) FILTER (WHERE k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '1')::int AS p,
       count(*) FILTER (WHERE k.key = ANY (r.topics) AND r.topic_sentiments ->> k.key = '-1')::int AS n
  FROM reviews r JOIN locations l ON l.id = r.location_id
 CROSS JOIN unnest(ARRAY['punctuality', 'price', 'professionalism', 'quality', 'cleanliness', 'communication', 'scheduling']) WITH ORDINALITY AS k(key, i)
 WHERE NOT r.archived AND cardinality(r.topics) > 0
 GROUP BY 1, 2, 3, 4;

INSERT INTO "review_topic_daily_counts" (location_id, day, campaign_id, mentions, positive, negative)
SELECT location_id, day, campaign_id, array_agg(m ORDER BY i), array_agg(p ORDER BY i), array_agg(n ORDER BY i)
  FROM topic_counts GROUP BY 1, 2, 3;

INSERT INTO "review_topic_monthly_counts" (location_id, month, campaign_id, mentions, positive, negative)
SELECT location_id, month, campaign_id, array_agg(m ORDER BY i), array_agg(p ORDER BY i), array_agg(n ORDER BY i)
  FROM (SELECT location_id, date_trunc('month', day::timestamp)::date AS month, campaign_id, i, sum(m)::int AS m, sum(p)::int AS p, sum(n)::int AS n
          FROM topic_counts GROUP BY 1, 2, 3, 4) x
 GROUP BY 1, 2, 3;
