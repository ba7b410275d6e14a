CREATE TABLE "booking_configuration_memberships" (
	"organiser_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	CONSTRAINT "booking_configuration_memberships_configuration_id_membership_id_pk" PRIMARY KEY("configuration_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "booking_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"audience" text DEFAULT 'EVERYONE' NOT NULL,
	"days_ahead" integer,
	"cancellation_hours" integer,
	"max_per_week" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_configurations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "booking_configurations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "booking_configurations_audience" CHECK ("booking_configurations"."audience" in ('EVERYONE', 'MEMBERS')),
	CONSTRAINT "booking_configurations_limits" CHECK (("booking_configurations"."days_ahead" is null or "booking_configurations"."days_ahead" >= 0)
        and ("booking_configurations"."cancellation_hours" is null or "booking_configurations"."cancellation_hours" >= 0)
        and ("booking_configurations"."max_per_week" is null or "booking_configurations"."max_per_week" >= 1))
);
--> statement-breakpoint
CREATE TABLE "resource_group_images" (
	"organiser_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_group_images_group_id_image_id_pk" PRIMARY KEY("group_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "resource_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_groups_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "resource_groups_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "booking_configuration_id" integer;--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" ADD CONSTRAINT "booking_configuration_memberships_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" ADD CONSTRAINT "booking_configuration_memberships_configuration_fk" FOREIGN KEY ("organiser_id","configuration_id") REFERENCES "public"."booking_configurations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_configuration_memberships" ADD CONSTRAINT "booking_configuration_memberships_membership_fk" FOREIGN KEY ("organiser_id","membership_id") REFERENCES "public"."memberships"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_configurations" ADD CONSTRAINT "booking_configurations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_group_images" ADD CONSTRAINT "resource_group_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_group_images" ADD CONSTRAINT "resource_group_images_group_fk" FOREIGN KEY ("organiser_id","group_id") REFERENCES "public"."resource_groups"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_group_images" ADD CONSTRAINT "resource_group_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_location_fk" FOREIGN KEY ("organiser_id","location_id") REFERENCES "public"."locations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_configuration_memberships_membership_id_idx" ON "booking_configuration_memberships" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "resource_group_images_image_id_idx" ON "resource_group_images" USING btree ("image_id");--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_group_fk" FOREIGN KEY ("organiser_id","group_id") REFERENCES "public"."resource_groups"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_booking_configuration_fk" FOREIGN KEY ("organiser_id","booking_configuration_id") REFERENCES "public"."booking_configurations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resources_organiser_id_group_id_idx" ON "resources" USING btree ("organiser_id","group_id");