-- Row-level security for platform_payments (0078): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0082-platform-invoice-payments.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "platform_payments" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "platform_payments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "platform_payments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "platform_payments" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
