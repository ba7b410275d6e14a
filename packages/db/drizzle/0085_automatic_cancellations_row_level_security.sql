-- Row-level security for the automatic cancellations' tables and registration notes (0084): the same
-- statements as in 0001_row_level_security.sql, whose header explains them (docs/decisions/0088-automatic-cancellations.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "unpaid_cancellation_rules", "availability_automatic_cancellations", "registration_notes" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "unpaid_cancellation_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "unpaid_cancellation_rules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "unpaid_cancellation_rules" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "availability_automatic_cancellations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "registration_notes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "registration_notes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registration_notes" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
