-- Row-level security for the waiting list of 0008_waiting_list: the same three statements as in
-- 0001_row_level_security.sql, whose header explains them. test/schema.test.ts fails while a
-- tenant table lacks them.

GRANT SELECT, INSERT, UPDATE, DELETE ON "waiting_list_entries" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "waiting_list_entries" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
