CREATE TABLE "registration_request_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_request_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"registrations" integer DEFAULT 1 NOT NULL,
	"minimum_availabilities" integer DEFAULT 1 NOT NULL,
	"maximum_availabilities" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_request_tiers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_request_tiers_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registration_request_tiers_bounds" CHECK ("registration_request_tiers"."registrations" >= 1 and "registration_request_tiers"."minimum_availabilities" >= 1 and "registration_request_tiers"."maximum_availabilities" >= "registration_request_tiers"."minimum_availabilities")
);
--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD COLUMN "availability_date_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "registration_request_tiers" ADD CONSTRAINT "registration_request_tiers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_request_tiers" ADD CONSTRAINT "registration_request_tiers_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_request_tiers_organiser_id_activity_id_idx" ON "registration_request_tiers" USING btree ("organiser_id","activity_id","position");--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_tier_fk" FOREIGN KEY ("organiser_id","tier_id") REFERENCES "public"."registration_request_tiers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_requests_organiser_id_tier_id_idx" ON "registration_requests" USING btree ("organiser_id","tier_id");