-- Row-level security for date configurations and calendar feed entries (0100): the same statements
-- as in 0001_row_level_security.sql, whose header explains them (docs/decisions/0093-date-configurations-confirmations-calendar-feeds.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "date_configurations", "availability_calendar_entries" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "date_configurations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "date_configurations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "date_configurations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "availability_calendar_entries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "availability_calendar_entries" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "availability_calendar_entries" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
