-- Row-level security for manual_messages (0039): the same three statements as in
-- 0001_row_level_security.sql, whose header explains them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "manual_messages" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "manual_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "manual_messages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "manual_messages" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
