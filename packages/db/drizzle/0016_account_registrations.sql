CREATE TABLE "registration_cancellations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_cancellations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"type" text NOT NULL,
	"customer_id" integer,
	"message" text,
	"paid_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_cancellations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_cancellations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registration_cancellations_type" CHECK ("registration_cancellations"."type" in ('customer', 'organiser', 'automatic', 'automatic-insufficient-participants')),
	CONSTRAINT "registration_cancellations_paid_amount" CHECK ("registration_cancellations"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registration_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"customer_id" integer,
	"added_date_ids" integer[] DEFAULT '{}' NOT NULL,
	"removed_date_ids" integer[] DEFAULT '{}' NOT NULL,
	"options" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"total_before" integer NOT NULL,
	"total_after" integer NOT NULL,
	"deposit_before" integer NOT NULL,
	"deposit_after" integer NOT NULL,
	"pricing" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_changes_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_changes_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registration_changes_amounts" CHECK ("registration_changes"."total_before" >= 0 and "registration_changes"."total_after" >= 0 and "registration_changes"."deposit_before" >= 0 and "registration_changes"."deposit_after" >= 0 and "registration_changes"."deposit_after" <= "registration_changes"."total_after")
);
--> statement-breakpoint
CREATE TABLE "registration_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"score" integer NOT NULL,
	"message" text,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_reviews_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_reviews_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registration_reviews_organiser_id_registration_id_unique" UNIQUE("organiser_id","registration_id"),
	CONSTRAINT "registration_reviews_score" CHECK ("registration_reviews"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_cancellations_organiser_id_registration_id_idx" ON "registration_cancellations" USING btree ("organiser_id","registration_id");--> statement-breakpoint
CREATE INDEX "registration_cancellations_organiser_id_customer_id_idx" ON "registration_cancellations" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "registration_changes_organiser_id_registration_id_idx" ON "registration_changes" USING btree ("organiser_id","registration_id","id");--> statement-breakpoint
CREATE INDEX "registration_changes_organiser_id_customer_id_idx" ON "registration_changes" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "registration_reviews_organiser_id_customer_id_idx" ON "registration_reviews" USING btree ("organiser_id","customer_id");