-- Row-level security for the payment reminder tables (0070): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0077-payment-reminders.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "payment_reminder_settings", "payment_reminders", "payment_overdue_marks" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "payment_reminder_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_reminder_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_reminder_settings" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "payment_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_reminders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_reminders" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "payment_overdue_marks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_overdue_marks" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_overdue_marks" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
