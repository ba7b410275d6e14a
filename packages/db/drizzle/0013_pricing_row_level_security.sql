-- Row-level security for the pricing tables of 0012_pricing (volume_discounts,
-- bundle_activities): the same three statements as in 0001_row_level_security.sql, whose header
-- explains them. test/schema.test.ts fails while a tenant table lacks them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "volume_discounts", "bundle_activities" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "volume_discounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "volume_discounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "volume_discounts" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "bundle_activities" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bundle_activities" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bundle_activities" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
