-- The public widget data is kept as the JSON text it is served as, with that text's entity tag (its ETag).
-- The copies kept before are dropped: the next request for each widget computes it again.
ALTER TABLE "widget_settings" ALTER COLUMN "data_cache" SET DATA TYPE TEXT USING NULL,
ADD COLUMN "data_etag" TEXT;

UPDATE "widget_settings" SET "data_cached_at" = NULL;
