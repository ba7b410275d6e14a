CREATE TABLE "customer_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer,
	"bundle_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_bundles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_bundles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customer_bundles_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id"),
	CONSTRAINT "customer_bundles_amounts" CHECK ("customer_bundles"."total_amount" >= 0 and "customer_bundles"."paid_amount" >= 0 and "customer_bundles"."used" >= 0 and ("customer_bundles"."capacity" is null or "customer_bundles"."used" <= "customer_bundles"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "customer_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer,
	"membership_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_memberships_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_memberships_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customer_memberships_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id"),
	CONSTRAINT "customer_memberships_amounts" CHECK ("customer_memberships"."total_amount" >= 0 and "customer_memberships"."paid_amount" >= 0 and "customer_memberships"."end_at" > "customer_memberships"."start_at")
);
--> statement-breakpoint
CREATE TABLE "customer_vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer,
	"voucher_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_vouchers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_vouchers_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customer_vouchers_organiser_id_code_unique" UNIQUE("organiser_id","code"),
	CONSTRAINT "customer_vouchers_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id"),
	CONSTRAINT "customer_vouchers_code_format" CHECK ("customer_vouchers"."code" ~ '^[A-Z2-9]{10}$'),
	CONSTRAINT "customer_vouchers_amounts" CHECK ("customer_vouchers"."total_amount" >= 0 and "customer_vouchers"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_reference_sequences" (
	"organiser_id" integer PRIMARY KEY NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_dates" (
	"organiser_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"availability_date_id" integer NOT NULL,
	CONSTRAINT "registration_dates_registration_id_availability_date_id_pk" PRIMARY KEY("registration_id","availability_date_id")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"reference" text NOT NULL,
	"cart_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"bundle_id" integer,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registrations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registrations_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id"),
	CONSTRAINT "registrations_amounts" CHECK ("registrations"."total_amount" >= 0 and "registrations"."deposit_amount" >= 0 and "registrations"."deposit_amount" <= "registrations"."total_amount" and "registrations"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"cart_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "wallet_transactions_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" <> 0),
	CONSTRAINT "wallet_transactions_reason" CHECK ("wallet_transactions"."reason" in ('CHECKOUT', 'REFUND', 'VOUCHER', 'ADJUSTMENT'))
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_strategy" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "total_amount" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "deposit_amount" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "paid_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "wallet_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "service_fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."bundles"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_membership_fk" FOREIGN KEY ("organiser_id","membership_id") REFERENCES "public"."memberships"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_voucher_fk" FOREIGN KEY ("organiser_id","voucher_id") REFERENCES "public"."vouchers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reference_sequences" ADD CONSTRAINT "payment_reference_sequences_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_availability_date_fk" FOREIGN KEY ("organiser_id","availability_date_id") REFERENCES "public"."availability_dates"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."customer_bundles"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_bundles_organiser_id_customer_id_idx" ON "customer_bundles" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_bundles_organiser_id_cart_id_idx" ON "customer_bundles" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "customer_bundles_organiser_id_bundle_id_idx" ON "customer_bundles" USING btree ("organiser_id","bundle_id");--> statement-breakpoint
CREATE INDEX "customer_bundles_organiser_id_participant_id_idx" ON "customer_bundles" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "customer_memberships_organiser_id_customer_id_idx" ON "customer_memberships" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_memberships_organiser_id_cart_id_idx" ON "customer_memberships" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "customer_memberships_organiser_id_membership_id_idx" ON "customer_memberships" USING btree ("organiser_id","membership_id");--> statement-breakpoint
CREATE INDEX "customer_memberships_organiser_id_participant_id_idx" ON "customer_memberships" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "customer_vouchers_organiser_id_customer_id_idx" ON "customer_vouchers" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_vouchers_organiser_id_cart_id_idx" ON "customer_vouchers" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "customer_vouchers_organiser_id_voucher_id_idx" ON "customer_vouchers" USING btree ("organiser_id","voucher_id");--> statement-breakpoint
CREATE INDEX "customer_vouchers_organiser_id_participant_id_idx" ON "customer_vouchers" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "registration_dates_organiser_id_availability_date_id_idx" ON "registration_dates" USING btree ("organiser_id","availability_date_id");--> statement-breakpoint
CREATE INDEX "registrations_organiser_id_cart_id_idx" ON "registrations" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "registrations_organiser_id_customer_id_idx" ON "registrations" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "registrations_organiser_id_availability_id_idx" ON "registrations" USING btree ("organiser_id","availability_id");--> statement-breakpoint
CREATE INDEX "registrations_organiser_id_participant_id_idx" ON "registrations" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "registrations_organiser_id_bundle_id_idx" ON "registrations" USING btree ("organiser_id","bundle_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_organiser_id_customer_id_idx" ON "wallet_transactions" USING btree ("organiser_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_organiser_id_cart_id_idx" ON "wallet_transactions" USING btree ("organiser_id","cart_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_payment_strategy" CHECK ("carts"."payment_strategy" in ('IMMEDIATE', 'IMMEDIATE_DEPOSIT', 'DELAYED'));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_processed" CHECK ("carts"."processed_at" is null or ("carts"."reference" is not null and "carts"."payment_strategy" is not null and "carts"."total_amount" is not null and "carts"."deposit_amount" is not null));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_amounts" CHECK ("carts"."paid_amount" >= 0 and "carts"."wallet_used" >= 0 and "carts"."service_fees" >= 0);