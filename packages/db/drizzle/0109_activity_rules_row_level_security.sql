-- Row-level security for the activities' rules (0108): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0101-activity-confirmations-cancellation-policy.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_cancellation_policies" TO booking_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_confirmations" TO booking_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_confirmation_documents" TO booking_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_confirmation_files" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "activity_cancellation_policies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity_cancellation_policies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activity_cancellation_policies" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "activity_confirmations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity_confirmations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activity_confirmations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "activity_confirmation_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity_confirmation_documents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activity_confirmation_documents" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "activity_confirmation_files" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity_confirmation_files" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activity_confirmation_files" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
