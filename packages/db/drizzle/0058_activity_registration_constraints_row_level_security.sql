-- Row-level security for activity_registration_constraints (0057): the same statements as in
-- 0001_row_level_security.sql, whose header explains them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_registration_constraints" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activity_registration_constraints" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
