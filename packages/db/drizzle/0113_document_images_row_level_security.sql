-- Row-level security for document images (0112): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0103-demo-through-services-document-models.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "document_images" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "document_images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "document_images" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_images" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
