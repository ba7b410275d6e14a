-- Row-level security for the tenant tables of 0002_catalogue (catalogs, segments, calendar
-- periods, resources, pages): the same three statements as in 0001_row_level_security.sql, whose
-- header explains them. test/schema.test.ts fails while a tenant table lacks them.

-- 0001's default privileges already cover tables created by the same user; granting explicitly
-- keeps the tenant role working when a different user runs this migration.
GRANT SELECT, INSERT, UPDATE, DELETE ON
  "calendar_periods", "catalog_activities", "catalogs", "page_elements", "pages", "resource_images", "resource_slots", "resources", "segments"
  TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "calendar_periods" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "calendar_periods" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar_periods" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "catalog_activities" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "catalog_activities" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalog_activities" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "catalogs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "catalogs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalogs" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "page_elements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "page_elements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "page_elements" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "pages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "pages" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "resource_images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "resource_images" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resource_images" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "resource_slots" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "resource_slots" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resource_slots" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "resources" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "resources" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "resources" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "segments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "segments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "segments" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
-- Organisers created before this migration get the catalogue page setting that the column
-- default (DEFAULT_CATALOGUE_PAGE_SETTINGS in src/organiser-config.ts) now gives new ones; this
-- copy is the value at the time of the migration. Existing settings are kept.
UPDATE "organisers"
SET "website" = "website" || jsonb_build_object(
  'pages_settings',
  coalesce("website" -> 'pages_settings', '{}'::jsonb) || jsonb_build_object(
    'catalogue',
    '{"path":"/catalogue","statuses":["OPEN","FULL"],"include_started":true}'::jsonb
  )
)
WHERE NOT coalesce("website" -> 'pages_settings', '{}'::jsonb) ? 'catalogue';
