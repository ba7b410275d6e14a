CREATE TABLE "availability_automatic_cancellations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_automatic_cancellations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"minimum_participants" integer NOT NULL,
	"days_before" integer NOT NULL,
	"refund" text NOT NULL,
	"executed_at" timestamp with time zone,
	"cancelled_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_automatic_cancellations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "availability_automatic_cancellations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "availability_automatic_cancellations_availability_unique" UNIQUE("organiser_id","availability_id"),
	CONSTRAINT "availability_automatic_cancellations_numbers" CHECK ("availability_automatic_cancellations"."minimum_participants" between 1 and 10000 and "availability_automatic_cancellations"."days_before" between 0 and 365),
	CONSTRAINT "availability_automatic_cancellations_refund" CHECK ("availability_automatic_cancellations"."refund" in ('WALLET', 'NONE'))
);
--> statement-breakpoint
CREATE TABLE "registration_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"collaborator_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_notes_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_notes_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "unpaid_cancellation_rules" (
	"organiser_id" integer PRIMARY KEY NOT NULL,
	"delay_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unpaid_cancellation_rules_delay" CHECK ("unpaid_cancellation_rules"."delay_hours" between 1 and 8760)
);
--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" ADD CONSTRAINT "availability_automatic_cancellations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_automatic_cancellations" ADD CONSTRAINT "availability_automatic_cancellations_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_notes" ADD CONSTRAINT "registration_notes_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_notes" ADD CONSTRAINT "registration_notes_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_notes" ADD CONSTRAINT "registration_notes_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unpaid_cancellation_rules" ADD CONSTRAINT "unpaid_cancellation_rules_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_notes_organiser_id_registration_id_idx" ON "registration_notes" USING btree ("organiser_id","registration_id");