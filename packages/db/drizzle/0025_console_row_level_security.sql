-- Row-level security for the tenant tables of 0024_console (audit log, customer notes, bank
-- statements and transfers): the same three statements as in 0001_row_level_security.sql, whose
-- header explains them. test/schema.test.ts fails while a tenant table lacks them. The console's
-- platform-level tables (collaborator_tokens, collaborator_sessions) are not tenant-scoped.

GRANT SELECT, INSERT, UPDATE, DELETE ON "audit_logs", "customer_notes", "bank_statements", "bank_statement_lines", "bank_transfers", "collaborator_tokens" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "audit_logs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_logs" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "customer_notes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "customer_notes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_notes" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "bank_statements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_statements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_statements" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_statement_lines" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_transfers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bank_transfers" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
-- A collaborator's own memberships and their roles, at every organiser, are visible in a
-- transaction that sets app.collaborator_id instead of app.organiser_id (src/tenant.ts
-- withCollaborator): the console lists the organisers one may switch to. Read only; permissive
-- policies add to tenant_isolation.
CREATE POLICY "own_memberships" ON "organiser_collaborators" FOR SELECT
  USING (collaborator_id = nullif(current_setting('app.collaborator_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY "roles_of_own_memberships" ON "collaborator_roles" FOR SELECT
  USING (id IN (
    SELECT role_id FROM organiser_collaborators
    WHERE collaborator_id = nullif(current_setting('app.collaborator_id', true), '')::integer
  ));
