-- CreateIndex
CREATE INDEX "reviews_location_id_approved_for_widget_archived_posted_at__idx" ON "reviews"("location_id", "approved_for_widget", "archived", "posted_at" DESC, "id" DESC);
