-- Row-level security for transaction proofs (0104): the same statements as in
-- 0001_row_level_security.sql, whose header explains them (docs/decisions/0098-transaction-proofs.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "transaction_proofs" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "transaction_proofs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "transaction_proofs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "transaction_proofs" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
