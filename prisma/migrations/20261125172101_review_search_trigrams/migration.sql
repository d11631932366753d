-- Trigram matching for the reviews search (ILIKE '%phrase%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "reviews_text_idx" ON "reviews" USING GIN ("text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "reviews_customer_name_idx" ON "reviews" USING GIN ("customer_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "reviews_author_name_idx" ON "reviews" USING GIN ("author_name" gin_trgm_ops);
