CREATE TABLE "availability_calendar_entries" (
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"date_cuid" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_calendar_entries_pkey" PRIMARY KEY("organiser_id","availability_id","date_cuid")
);
--> statement-breakpoint
CREATE TABLE "date_configurations" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "date_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"weekdays" jsonb NOT NULL,
	"slots" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_configurations_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "date_configurations_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "date_configurations_weekdays_array" CHECK (jsonb_typeof("date_configurations"."weekdays") = 'array'),
	CONSTRAINT "date_configurations_slots_array" CHECK (jsonb_typeof("date_configurations"."slots") = 'array')
);
--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "calendar_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_calendar_entries" ADD CONSTRAINT "availability_calendar_entries_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_calendar_entries" ADD CONSTRAINT "availability_calendar_entries_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_configurations" ADD CONSTRAINT "date_configurations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_configurations_organiser_id_order_idx" ON "date_configurations" USING btree ("organiser_id","order");