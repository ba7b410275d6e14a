-- Row-level security for the customer invoice tables (0065): the same statements as in
-- 0001_row_level_security.sql, whose header explains them. Issued invoices and credit notes are
-- immutable (docs/decisions/0074-customer-invoices.md): the application may insert and read them,
-- and change only customer_id (a merge of two customers moves them), never their content; a
-- correction is a credit note.
GRANT SELECT, INSERT, UPDATE, DELETE ON "customer_invoice_settings", "invoice_counters", "customer_billing_details" TO booking_app;
--> statement-breakpoint
-- 0001's default privileges granted everything on new tables: take UPDATE and DELETE back.
REVOKE UPDATE, DELETE ON "customer_invoices" FROM booking_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "customer_invoices" TO booking_app;
--> statement-breakpoint
GRANT UPDATE ("customer_id") ON "customer_invoices" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "customer_invoice_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customer_invoice_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_invoice_settings" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoice_counters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_counters" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "customer_billing_details" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customer_billing_details" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_billing_details" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "customer_invoices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customer_invoices" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_invoices" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
