-- No double booking (docs/decisions/0063-resource-bookings.md): two periods of one resource never
-- overlap, whether held by a cart item or booked. PostgreSQL checks it on every insert and
-- update, under its own locks, so concurrent adds of one slot end with exactly one row; the
-- others fail with SQLSTATE 23P01 (answered 409 BOOKING_SLOT_TAKEN). btree_gist lets the GiST
-- index compare the integer columns with `=`.

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_no_overlap"
  EXCLUDE USING gist ("organiser_id" WITH =, "resource_id" WITH =, "period" WITH &&);
--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_period"
  CHECK (NOT isempty("period") AND lower_inc("period") AND NOT upper_inc("period")
    AND NOT lower_inf("period") AND NOT upper_inf("period"));
--> statement-breakpoint
-- Row-level security for resource_reservations and resource_closures (0053): the same three
-- statements as in 0001_row_level_security.sql, whose header explains them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "resource_reservations", "resource_closures" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "resource_reservations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "resource_reservations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resource_reservations" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "resource_closures" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "resource_closures" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resource_closures" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
