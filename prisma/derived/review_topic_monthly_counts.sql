-- Store: review_topic_monthly_counts (ReviewTopicMonthlyCount, prisma/schema/insights.prisma)
--   location_id, month (the first day of the location's local month of posted_at), campaign_id (0 for none) →
--   mentions, positive, negative: review_topic_daily_counts added up by month (arrays in the order of
--   review_topic_keys(); its functions are defined with the daily store, whose file applies first).
-- Derived from: reviews (location_id, posted_at, archived, campaign_id, topics, topic_sentiments; archived reviews left
--   out); locations.time_zone.
-- Read by: Analyze › Insights (modules/insights/queries.ts) for the whole months of a range; its partial months come
--   from review_topic_daily_counts.
-- Kept by: reviews_review_topic_monthly_counts_insert/_update/_delete (statement triggers).
-- Rebuilt by: derived_rebuild_review_topic_monthly_counts(location, from_day, to_day): the whole months holding those
--   days.

SELECT derived_statement_functions('review_topic_monthly_counts_reviews', '{locked} ' || review_topic_store_add('{changed}', 'review_topic_monthly_counts', 'month', 'date_trunc(''month'', r.lt)') || ';',
  'review_topic_changed_rows');

CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_insert AFTER INSERT ON reviews
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews_insert();
CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_update AFTER UPDATE ON reviews
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews_update();
CREATE OR REPLACE TRIGGER reviews_review_topic_monthly_counts_delete AFTER DELETE ON reviews
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_topic_monthly_counts_reviews_delete();
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_insert;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_update;
ALTER TABLE reviews ENABLE TRIGGER reviews_review_topic_monthly_counts_delete;
DROP FUNCTION IF EXISTS review_topic_monthly_counts_reviews();

-- A month's row is a sum over all its days: the rebuild recomputes the whole months that hold from_day to to_day.
CREATE OR REPLACE FUNCTION derived_rebuild_review_topic_monthly_counts(loc integer, from_day date, to_day date) RETURNS integer
LANGUAGE sql AS $$
  SELECT review_topic_store_rebuild(loc, coalesce(date_trunc('month', from_day::timestamp)::date, '-infinity'),
    coalesce((date_trunc('month', to_day::timestamp) + interval '1 month')::date, 'infinity'),
    'review_topic_monthly_counts', 'month', $b$date_trunc('month', r.lt)$b$)
$$;
