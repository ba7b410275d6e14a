CREATE TABLE "bundle_activities" (
	"organiser_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "bundle_activities_bundle_id_activity_id_pk" PRIMARY KEY("bundle_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "volume_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "volume_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"min_registrations" integer NOT NULL,
	"amount" integer,
	"percentage" numeric(5, 2),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volume_discounts_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "volume_discounts_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "volume_discounts_min_registrations" CHECK ("volume_discounts"."min_registrations" >= 1),
	CONSTRAINT "volume_discounts_amount_or_percentage" CHECK (("volume_discounts"."amount" is null) <> ("volume_discounts"."percentage" is null)),
	CONSTRAINT "volume_discounts_values" CHECK (("volume_discounts"."amount" is null or "volume_discounts"."amount" >= 0) and ("volume_discounts"."percentage" is null or ("volume_discounts"."percentage" >= 0 and "volume_discounts"."percentage" <= 100)))
);
--> statement-breakpoint
ALTER TABLE "bundle_activities" ADD CONSTRAINT "bundle_activities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_activities" ADD CONSTRAINT "bundle_activities_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."bundles"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_activities" ADD CONSTRAINT "bundle_activities_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_discounts" ADD CONSTRAINT "volume_discounts_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_activities_organiser_id_activity_id_idx" ON "bundle_activities" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "volume_discounts_organiser_id_min_registrations_active_unique" ON "volume_discounts" USING btree ("organiser_id","min_registrations") WHERE "volume_discounts"."active";