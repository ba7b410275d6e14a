-- Row-level security for the account-registration tables of 0016_account_registrations
-- (registration_cancellations, registration_changes, registration_reviews): the same three
-- statements as in 0001_row_level_security.sql, whose header explains them. test/schema.test.ts
-- fails while a tenant table lacks them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "registration_cancellations", "registration_changes", "registration_reviews" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "registration_cancellations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "registration_cancellations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registration_cancellations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "registration_changes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "registration_changes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registration_changes" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "registration_reviews" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "registration_reviews" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registration_reviews" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
