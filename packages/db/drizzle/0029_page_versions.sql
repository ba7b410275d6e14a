CREATE TABLE "page_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_versions_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "page_versions_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "page_versions_status" CHECK ("page_versions"."status" in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
	CONSTRAINT "page_versions_content_array" CHECK (jsonb_typeof("page_versions"."content") = 'array')
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_created_by_collaborators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_fk" FOREIGN KEY ("organiser_id","page_id") REFERENCES "public"."pages"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_versions_organiser_id_page_id_created_at_idx" ON "page_versions" USING btree ("organiser_id","page_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_one_draft" ON "page_versions" USING btree ("organiser_id","page_id") WHERE "page_versions"."status" = 'DRAFT';--> statement-breakpoint
-- Row-level security for page_versions: the same three statements as in 0001_row_level_security.sql,
-- whose header explains them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "page_versions" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "page_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "page_versions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "page_versions" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
