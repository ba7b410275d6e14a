-- Row-level security for peppol_transmissions (0067): the same statements as in
-- 0001_row_level_security.sql, whose header explains them. A transmission row is only ever
-- inserted and updated by the delivery (docs/decisions/0076-peppol-access-point.md).
GRANT SELECT, INSERT, UPDATE ON "peppol_transmissions" TO booking_app;
--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "peppol_transmissions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "peppol_transmissions" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
