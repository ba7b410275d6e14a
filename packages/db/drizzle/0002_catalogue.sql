CREATE TABLE "calendar_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_periods_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "calendar_periods_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "calendar_periods_range" CHECK ("calendar_periods"."end_date" >= "calendar_periods"."start_date")
);
--> statement-breakpoint
CREATE TABLE "catalog_activities" (
	"organiser_id" integer NOT NULL,
	"catalog_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "catalog_activities_catalog_id_activity_id_pk" PRIMARY KEY("catalog_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "catalogs_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "segments_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "segments_entity" CHECK ("segments"."entity" in ('CUSTOMERS', 'PARTICIPANTS', 'AVAILABILITIES')),
	CONSTRAINT "segments_conditions_object" CHECK (jsonb_typeof("segments"."conditions") = 'object')
);
--> statement-breakpoint
CREATE TABLE "page_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"element" text NOT NULL,
	"family" text NOT NULL,
	"type" text,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_elements_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "page_elements_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "page_elements_element" CHECK ("page_elements"."element" in ('section', 'container', 'block')),
	CONSTRAINT "page_elements_settings_object" CHECK (jsonb_typeof("page_elements"."settings") = 'object'),
	CONSTRAINT "page_elements_not_own_parent" CHECK ("page_elements"."parent_id" <> "page_elements"."id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"type" text DEFAULT 'DEFAULT' NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "pages_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "pages_organiser_id_path_unique" UNIQUE("organiser_id","path"),
	CONSTRAINT "pages_type" CHECK ("pages"."type" in ('DEFAULT', 'AVAILABILITY')),
	CONSTRAINT "pages_path_format" CHECK ("pages"."path" = '/' or "pages"."path" ~ '^(/[^/?#[:space:]]+)+$')
);
--> statement-breakpoint
CREATE TABLE "resource_images" (
	"organiser_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_images_resource_id_image_id_pk" PRIMARY KEY("resource_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "resource_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"prices" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_slots_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "resource_slots_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "resource_slots_prices" CHECK (jsonb_typeof("resource_slots"."prices") = 'array' and jsonb_array_length("resource_slots"."prices") > 0
        and not jsonb_path_exists("resource_slots"."prices", '$[*] ? (!(exists(@.duration) && exists(@.amount)
          && @.duration.type() == "number" && @.amount.type() == "number"
          && @.duration > 0 && @.duration == @.duration.floor()
          && @.amount >= 0 && @.amount == @.amount.floor()))'))
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "resources_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
DROP INDEX "availability_categories_category_id_idx";--> statement-breakpoint
ALTER TABLE "organisers" ALTER COLUMN "website" SET DEFAULT '{"theme":"default","css":"","accent_color":"#e67e22","pages_settings":{"catalogue":{"path":"/catalogue","statuses":["OPEN","FULL"],"include_started":true}},"layout":{"topbar":{"email":null,"phone":null,"announcement":null,"text_color":"#FFFFFF","background_color":"#000000"},"header":{"logo_position":"left","links_position":"right","sticky":true,"links":[]},"footer":{"brand":null,"quote":null,"columns":[],"legal_links":[],"call_to_action":null}}}'::jsonb;--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "resource_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_periods" ADD CONSTRAINT "calendar_periods_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_activities" ADD CONSTRAINT "catalog_activities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_activities" ADD CONSTRAINT "catalog_activities_catalog_fk" FOREIGN KEY ("organiser_id","catalog_id") REFERENCES "public"."catalogs"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_activities" ADD CONSTRAINT "catalog_activities_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_page_fk" FOREIGN KEY ("organiser_id","page_id") REFERENCES "public"."pages"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_parent_fk" FOREIGN KEY ("organiser_id","parent_id") REFERENCES "public"."page_elements"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_images" ADD CONSTRAINT "resource_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_images" ADD CONSTRAINT "resource_images_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_images" ADD CONSTRAINT "resource_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_slots" ADD CONSTRAINT "resource_slots_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_slots" ADD CONSTRAINT "resource_slots_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_location_fk" FOREIGN KEY ("organiser_id","location_id") REFERENCES "public"."locations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_activities_organiser_id_catalog_id_activity_id_idx" ON "catalog_activities" USING btree ("organiser_id","catalog_id","activity_id");--> statement-breakpoint
CREATE INDEX "catalog_activities_organiser_id_activity_id_idx" ON "catalog_activities" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "segments_organiser_id_entity_idx" ON "segments" USING btree ("organiser_id","entity");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_organiser_id_entity_default_unique" ON "segments" USING btree ("organiser_id","entity") WHERE "segments"."is_default";--> statement-breakpoint
CREATE INDEX "page_elements_organiser_id_page_id_parent_id_position_idx" ON "page_elements" USING btree ("organiser_id","page_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "page_elements_organiser_id_parent_id_idx" ON "page_elements" USING btree ("organiser_id","parent_id");--> statement-breakpoint
CREATE INDEX "resource_images_image_id_idx" ON "resource_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "resource_slots_organiser_id_resource_id_start_at_idx" ON "resource_slots" USING btree ("organiser_id","resource_id","start_at");--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availabilities_organiser_id_end_at_idx" ON "availabilities" USING btree ("organiser_id","end_at");--> statement-breakpoint
CREATE INDEX "availabilities_organiser_id_resource_id_start_at_idx" ON "availabilities" USING btree ("organiser_id","resource_id","start_at");--> statement-breakpoint
CREATE INDEX "availability_categories_organiser_id_category_id_idx" ON "availability_categories" USING btree ("organiser_id","category_id","availability_id");--> statement-breakpoint
CREATE INDEX "availability_dates_organiser_id_status_start_at_idx" ON "availability_dates" USING btree ("organiser_id","status","start_at");