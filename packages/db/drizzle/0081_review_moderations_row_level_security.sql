-- Row-level security for review_moderations (0080): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0087-customer-owned-items.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "review_moderations" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "review_moderations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "review_moderations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "review_moderations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
