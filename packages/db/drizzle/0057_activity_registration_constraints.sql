CREATE TABLE "activity_registration_constraints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_registration_constraints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_registration_constraints_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "activity_registration_constraints_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "activity_registration_constraints_type" CHECK ("activity_registration_constraints"."type" in ('registrations.count.minimum', 'registrations.count.maximum', 'locations.count.minimum', 'locations.count.maximum')),
	CONSTRAINT "activity_registration_constraints_payload_object" CHECK (jsonb_typeof("activity_registration_constraints"."payload") = 'object')
);
--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" ADD CONSTRAINT "activity_registration_constraints_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_registration_constraints" ADD CONSTRAINT "activity_registration_constraints_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_registration_constraints_activity_idx" ON "activity_registration_constraints" USING btree ("organiser_id","activity_id");