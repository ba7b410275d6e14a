CREATE TABLE "cart_item_dates" (
	"organiser_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"availability_date_id" integer NOT NULL,
	CONSTRAINT "cart_item_dates_cart_item_id_availability_date_id_pk" PRIMARY KEY("cart_item_id","availability_date_id")
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"type" text NOT NULL,
	"participant_id" integer,
	"availability_id" integer,
	"bundle_id" integer,
	"voucher_id" integer,
	"membership_id" integer,
	"price" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "cart_items_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "cart_items_type" CHECK ("cart_items"."type" in ('REGISTRATION', 'BUNDLE', 'VOUCHER', 'MEMBERSHIP', 'REGISTRATION_REQUEST', 'BOOKING')),
	CONSTRAINT "cart_items_amounts" CHECK ("cart_items"."price" >= 0 and "cart_items"."deposit" >= 0 and "cart_items"."deposit" <= "cart_items"."price"),
	CONSTRAINT "cart_items_product" CHECK (("cart_items"."type" <> 'REGISTRATION' or "cart_items"."availability_id" is not null)
        and ("cart_items"."type" <> 'BUNDLE' or "cart_items"."bundle_id" is not null)
        and ("cart_items"."type" <> 'VOUCHER' or "cart_items"."voucher_id" is not null)
        and ("cart_items"."type" <> 'MEMBERSHIP' or "cart_items"."membership_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reference" text,
	"coupon_id" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "carts_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
ALTER TABLE "cart_item_dates" ADD CONSTRAINT "cart_item_dates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item_dates" ADD CONSTRAINT "cart_item_dates_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item_dates" ADD CONSTRAINT "cart_item_dates_availability_date_fk" FOREIGN KEY ("organiser_id","availability_date_id") REFERENCES "public"."availability_dates"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."bundles"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_voucher_fk" FOREIGN KEY ("organiser_id","voucher_id") REFERENCES "public"."vouchers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_membership_fk" FOREIGN KEY ("organiser_id","membership_id") REFERENCES "public"."memberships"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_fk" FOREIGN KEY ("organiser_id","coupon_id") REFERENCES "public"."coupons"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_item_dates_organiser_id_availability_date_id_idx" ON "cart_item_dates" USING btree ("organiser_id","availability_date_id","cart_item_id");--> statement-breakpoint
CREATE INDEX "cart_items_organiser_id_cart_id_idx" ON "cart_items" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "cart_items_organiser_id_expires_at_idx" ON "cart_items" USING btree ("organiser_id","expires_at");--> statement-breakpoint
CREATE INDEX "cart_items_organiser_id_participant_id_idx" ON "cart_items" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "cart_items_organiser_id_availability_id_idx" ON "cart_items" USING btree ("organiser_id","availability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_organiser_id_customer_id_open_unique" ON "carts" USING btree ("organiser_id","customer_id") WHERE "carts"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "carts_organiser_id_customer_id_idx" ON "carts" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "carts_organiser_id_coupon_id_idx" ON "carts" USING btree ("organiser_id","coupon_id");