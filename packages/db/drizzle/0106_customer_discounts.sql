CREATE TABLE "customer_discounts" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "customer_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	"ends_on" date,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_discounts_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "customer_discounts_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "customer_discounts_customer_discount_unique" UNIQUE("organiser_id","customer_id","discount_id")
);
--> statement-breakpoint
CREATE TABLE "discount_activities" (
	"organiser_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "discount_activities_pkey" PRIMARY KEY("organiser_id","discount_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "discount_categories" (
	"organiser_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "discount_categories_pkey" PRIMARY KEY("organiser_id","discount_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer,
	"percentage" numeric(5, 2),
	"valid_from" date,
	"valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "discounts_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "discounts_organiser_id_name_unique" UNIQUE("organiser_id","name"),
	CONSTRAINT "discounts_amount_or_percentage" CHECK (("discounts"."amount" is null) <> ("discounts"."percentage" is null)),
	CONSTRAINT "discounts_values" CHECK (("discounts"."amount" is null or "discounts"."amount" > 0) and ("discounts"."percentage" is null or ("discounts"."percentage" > 0 and "discounts"."percentage" <= 100))),
	CONSTRAINT "discounts_period" CHECK ("discounts"."valid_from" is null or "discounts"."valid_until" is null or "discounts"."valid_from" <= "discounts"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "customer_discount_name" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "customer_discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_discounts" ADD CONSTRAINT "customer_discounts_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_discounts" ADD CONSTRAINT "customer_discounts_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_discounts" ADD CONSTRAINT "customer_discounts_discount_fk" FOREIGN KEY ("organiser_id","discount_id") REFERENCES "public"."discounts"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_activities" ADD CONSTRAINT "discount_activities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_activities" ADD CONSTRAINT "discount_activities_discount_fk" FOREIGN KEY ("organiser_id","discount_id") REFERENCES "public"."discounts"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_activities" ADD CONSTRAINT "discount_activities_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_discount_fk" FOREIGN KEY ("organiser_id","discount_id") REFERENCES "public"."discounts"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_category_fk" FOREIGN KEY ("organiser_id","category_id") REFERENCES "public"."categories"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_discounts_organiser_id_discount_id_idx" ON "customer_discounts" USING btree ("organiser_id","discount_id");--> statement-breakpoint
CREATE INDEX "discount_activities_organiser_id_activity_id_idx" ON "discount_activities" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "discount_categories_organiser_id_category_id_idx" ON "discount_categories" USING btree ("organiser_id","category_id");