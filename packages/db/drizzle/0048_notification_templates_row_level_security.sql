-- Row-level security for notification_templates (0047): the same three statements as in
-- 0001_row_level_security.sql, whose header explains them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "notification_templates" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "notification_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "notification_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_templates" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
