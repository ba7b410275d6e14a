CREATE TABLE "availability_collaborators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_collaborators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"organiser_collaborator_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_collaborators_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "availability_collaborators_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "availability_collaborators_availability_member_unique" UNIQUE("organiser_id","availability_id","organiser_collaborator_id"),
	CONSTRAINT "availability_collaborators_role" CHECK (char_length("availability_collaborators"."role") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "collaborators" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD COLUMN "notification_options" text[] DEFAULT '{reservation.created}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_collaborators" ADD CONSTRAINT "availability_collaborators_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_collaborators" ADD CONSTRAINT "availability_collaborators_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_collaborators" ADD CONSTRAINT "availability_collaborators_member_fk" FOREIGN KEY ("organiser_id","organiser_collaborator_id") REFERENCES "public"."organiser_collaborators"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_collaborators_organiser_id_member_idx" ON "availability_collaborators" USING btree ("organiser_id","organiser_collaborator_id");--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_language" CHECK ("collaborators"."language" in ('fr', 'en'));--> statement-breakpoint
-- Row-level security of availability_collaborators: the three statements of
-- 0001_row_level_security.sql, whose header explains them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "availability_collaborators" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "availability_collaborators" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "availability_collaborators" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "availability_collaborators" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
