CREATE TABLE "imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"digest" text NOT NULL,
	"headers" jsonb NOT NULL,
	"rows" jsonb,
	"row_count" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'UPLOADED' NOT NULL,
	"summary" jsonb,
	"collaborator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "imports_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "imports_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('CUSTOMERS')),
	CONSTRAINT "imports_status" CHECK ("imports"."status" in ('UPLOADED', 'COMMITTED', 'EXPIRED')),
	CONSTRAINT "imports_committed" CHECK (("imports"."status" = 'COMMITTED') = ("imports"."committed_at" is not null and "imports"."summary" is not null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_organiser_id_created_at_idx" ON "imports" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_organiser_id_external_id_unique" ON "customers" USING btree ("organiser_id","external_id") WHERE "customers"."external_id" is not null and "customers"."anonymised_at" is null;