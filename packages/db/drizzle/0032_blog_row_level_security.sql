-- Row-level security for the tenant tables of 0031_blog (articles and their images): the same
-- three statements as in 0001_row_level_security.sql, whose header explains them.
-- test/schema.test.ts fails while a tenant table lacks them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "blog_articles", "blog_article_images" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "blog_articles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "blog_articles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "blog_articles" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "blog_article_images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "blog_article_images" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "blog_article_images" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
