CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text,
	"age_minimum" integer,
	"age_maximum" integer,
	"default_capacity" integer,
	"default_price" integer DEFAULT 0 NOT NULL,
	"default_deposit" integer DEFAULT 0 NOT NULL,
	"registration_flow" text DEFAULT 'DIRECT' NOT NULL,
	"settings" jsonb DEFAULT '{"allow_registrations_after_start":false,"partial_registrations":false,"waiting_list":true}'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "activities_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "activities_registration_flow" CHECK ("activities"."registration_flow" in ('DIRECT', 'REQUEST')),
	CONSTRAINT "activities_default_amounts" CHECK ("activities"."default_price" >= 0 and "activities"."default_deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "activity_categories_activity_id_category_id_pk" PRIMARY KEY("activity_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "activity_images" (
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_images_activity_id_image_id_pk" PRIMARY KEY("activity_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "activity_option_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_option_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount" integer,
	"percentage" numeric(5, 2),
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_option_prices_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "activity_option_prices_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "activity_option_prices_amount_or_percentage" CHECK (("activity_option_prices"."amount" is null) <> ("activity_option_prices"."percentage" is null))
);
--> statement-breakpoint
CREATE TABLE "activity_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"order" integer DEFAULT 0 NOT NULL,
	"answer_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_options_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "activity_options_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_questions_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "activity_questions_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "activity_questions_type" CHECK ("activity_questions"."type" in ('TEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE'))
);
--> statement-breakpoint
CREATE TABLE "availabilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availabilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"location_id" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"registrations_start_at" timestamp with time zone,
	"registrations_end_at" timestamp with time zone,
	"capacity" integer,
	"registered" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"age_minimum" integer,
	"age_maximum" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availabilities_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "availabilities_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "availabilities_status" CHECK ("availabilities"."status" in ('OPEN', 'CLOSED', 'FULL')),
	CONSTRAINT "availabilities_period" CHECK ("availabilities"."end_at" >= "availabilities"."start_at"),
	CONSTRAINT "availabilities_amounts" CHECK ("availabilities"."price" >= 0 and "availabilities"."deposit" >= 0 and "availabilities"."deposit" <= "availabilities"."price"),
	CONSTRAINT "availabilities_counts" CHECK ("availabilities"."registered" >= 0 and ("availabilities"."capacity" is null or "availabilities"."capacity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "availability_categories" (
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "availability_categories_availability_id_category_id_pk" PRIMARY KEY("availability_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "availability_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"capacity" integer,
	"registered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_dates_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "availability_dates_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "availability_dates_status" CHECK ("availability_dates"."status" in ('OPEN', 'CLOSED', 'OVERLAP', 'FULL')),
	CONSTRAINT "availability_dates_period" CHECK ("availability_dates"."end_at" >= "availability_dates"."start_at"),
	CONSTRAINT "availability_dates_counts" CHECK ("availability_dates"."registered" >= 0 and ("availability_dates"."capacity" is null or "availability_dates"."capacity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"title" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "categories_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "category_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"scope" text DEFAULT 'PRIMARY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_groups_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "category_groups_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "category_groups_scope" CHECK ("category_groups"."scope" in ('PRIMARY', 'SECONDARY'))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"public_url" text NOT NULL,
	"storage_path" text,
	"width" integer,
	"height" integer,
	"alt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "images_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"name" text,
	"street" text,
	"number" text,
	"postcode" text,
	"city" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "locations_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "collaborator_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaborator_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_roles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "collaborator_roles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "collaborator_roles_organiser_id_name_unique" UNIQUE("organiser_id","name")
);
--> statement-breakpoint
CREATE TABLE "collaborator_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaborator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"collaborator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_sessions_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "collaborator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "collaborators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaborators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborators_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "collaborators_email_unique" UNIQUE("email"),
	CONSTRAINT "collaborators_email_lower" CHECK ("collaborators"."email" = lower("collaborators"."email"))
);
--> statement-breakpoint
CREATE TABLE "organiser_collaborators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organiser_collaborators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"collaborator_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organiser_collaborators_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "organiser_collaborators_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "organiser_collaborators_organiser_id_collaborator_id_unique" UNIQUE("organiser_id","collaborator_id")
);
--> statement-breakpoint
CREATE TABLE "bundle_images" (
	"organiser_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_images_bundle_id_image_id_pk" PRIMARY KEY("bundle_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"capacity" integer,
	"duration" integer,
	"expires_at" timestamp with time zone,
	"entity" text DEFAULT 'PARTICIPANTS' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "bundles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "bundles_entity" CHECK ("bundles"."entity" in ('PARTICIPANTS', 'CUSTOMERS')),
	CONSTRAINT "bundles_price" CHECK ("bundles"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"label" text NOT NULL,
	"code" text NOT NULL,
	"amount" integer,
	"percentage" numeric(5, 2),
	"active" boolean DEFAULT true NOT NULL,
	"min_total_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "coupons_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "coupons_organiser_id_code_unique" UNIQUE("organiser_id","code"),
	CONSTRAINT "coupons_code_upper" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_amount_or_percentage" CHECK (("coupons"."amount" is null) <> ("coupons"."percentage" is null))
);
--> statement-breakpoint
CREATE TABLE "membership_images" (
	"organiser_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "membership_images_membership_id_image_id_pk" PRIMARY KEY("membership_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"entity" text DEFAULT 'PARTICIPANTS' NOT NULL,
	"period_type" text NOT NULL,
	"fixed_period_start_at" timestamp with time zone,
	"fixed_period_end_at" timestamp with time zone,
	"rolling_period_type" text,
	"rolling_period_duration" integer,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "memberships_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "memberships_entity" CHECK ("memberships"."entity" in ('PARTICIPANTS', 'CUSTOMERS')),
	CONSTRAINT "memberships_price" CHECK ("memberships"."price" >= 0),
	CONSTRAINT "memberships_period" CHECK (("memberships"."period_type" = 'FIXED' and "memberships"."fixed_period_start_at" is not null and "memberships"."fixed_period_end_at" > "memberships"."fixed_period_start_at")
        or ("memberships"."period_type" = 'ROLLING' and "memberships"."rolling_period_type" in ('days', 'weeks', 'months', 'years') and "memberships"."rolling_period_duration" > 0))
);
--> statement-breakpoint
CREATE TABLE "voucher_images" (
	"organiser_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_images_voucher_id_image_id_pk" PRIMARY KEY("voucher_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"amount" integer NOT NULL,
	"bundle_id" integer,
	"duration" integer,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "vouchers_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "vouchers_amounts" CHECK ("vouchers"."price" >= 0 and "vouchers"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"entity" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"pattern" text,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "custom_fields_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "custom_fields_entity" CHECK ("custom_fields"."entity" in ('CUSTOMERS', 'PARTICIPANTS')),
	CONSTRAINT "custom_fields_type" CHECK ("custom_fields"."type" in ('TEXT', 'LONGTEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE'))
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"impersonator_collaborator_id" integer,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_sessions_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_sessions_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customer_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text,
	"custom_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wallet_amount" integer DEFAULT 0 NOT NULL,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customers_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customers_email_lower" CHECK ("customers"."email" = lower("customers"."email")),
	CONSTRAINT "customers_wallet_amount_non_negative" CHECK ("customers"."wallet_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"birthdate" date,
	"custom_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "participants_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "password_reset_tokens_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "organisers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"timezone" text DEFAULT 'Europe/Brussels' NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"domain" text,
	"settings" jsonb DEFAULT '{"bank_transfers_payments_activated":true,"online_payments_activated":false,"create_customers_participant":true,"carts_expiration_delay":900,"payments_references_prefix":"","formats":{"ages":[{"type":"days","number_of_days":1,"limit":30,"rounding_interval":1,"rounding_method":"down"},{"type":"weeks","number_of_days":7,"limit":12,"rounding_interval":1,"rounding_method":"down"},{"type":"months","number_of_days":30.4375,"limit":36,"rounding_interval":0.5,"rounding_method":"down"},{"type":"years","number_of_days":365.25,"limit":18,"rounding_interval":0.5,"rounding_method":"down"},{"type":"years","number_of_days":365.25,"limit":null,"rounding_interval":1,"rounding_method":"down"}]}}'::jsonb NOT NULL,
	"billing" jsonb DEFAULT '{"minimum_invoice_amount":500,"billing_cycle_type":"MONTHLY","billing_cycle_duration":1,"delay_before_overdue":14,"customers_service_fee_percentage":0,"customers_service_fee_amount":0,"items":[{"item":"registrations","flat_amount":0,"unit_amount":50,"percentage":0,"metadata":{}},{"item":"bookings","flat_amount":0,"unit_amount":0,"percentage":0,"metadata":{}},{"item":"bundles","flat_amount":0,"unit_amount":0,"percentage":0,"metadata":{}},{"item":"memberships","flat_amount":0,"unit_amount":0,"percentage":0,"metadata":{}},{"item":"vouchers","flat_amount":0,"unit_amount":0,"percentage":0,"metadata":{}},{"item":"sms","flat_amount":0,"unit_amount":15,"percentage":0,"metadata":{}},{"item":"invoices","flat_amount":0,"unit_amount":0,"percentage":1,"metadata":{"payment_delay":30}}],"taxes":[{"type":"VAT","percentage":21,"metadata":{}}]}'::jsonb NOT NULL,
	"website" jsonb DEFAULT '{"theme":"default","css":"","accent_color":"#e67e22","pages_settings":{},"layout":{"topbar":{"email":null,"phone":null,"announcement":null,"text_color":"#FFFFFF","background_color":"#000000"},"header":{"logo_position":"left","links_position":"right","sticky":true,"links":[]},"footer":{"brand":null,"quote":null,"columns":[],"legal_links":[],"call_to_action":null}}}'::jsonb NOT NULL,
	"referral" jsonb DEFAULT '{"rate":30,"duration":365}'::jsonb NOT NULL,
	"legal_name" text,
	"vat_number" text,
	"iban" text,
	"bic" text,
	"street" text,
	"number" text,
	"postcode" text,
	"city" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "organisers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "organisers_domain_unique" UNIQUE("domain"),
	CONSTRAINT "organisers_slug_format" CHECK ("organisers"."slug" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'),
	CONSTRAINT "organisers_slug_reserved" CHECK ("organisers"."slug" not in ('admin', 'api', 'www', 'app')),
	CONSTRAINT "organisers_domain_lower" CHECK ("organisers"."domain" = lower("organisers"."domain")),
	CONSTRAINT "organisers_language" CHECK ("organisers"."language" in ('fr', 'en')),
	CONSTRAINT "organisers_currency_format" CHECK ("organisers"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "emails_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "emails_status" CHECK ("emails"."status" in ('QUEUED', 'OUTBOX', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "platform_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_category_fk" FOREIGN KEY ("organiser_id","category_id") REFERENCES "public"."categories"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_option_prices" ADD CONSTRAINT "activity_option_prices_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_option_prices" ADD CONSTRAINT "activity_option_prices_option_fk" FOREIGN KEY ("organiser_id","option_id") REFERENCES "public"."activity_options"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_options" ADD CONSTRAINT "activity_options_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_options" ADD CONSTRAINT "activity_options_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_questions" ADD CONSTRAINT "activity_questions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_questions" ADD CONSTRAINT "activity_questions_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_location_fk" FOREIGN KEY ("organiser_id","location_id") REFERENCES "public"."locations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_categories" ADD CONSTRAINT "availability_categories_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_categories" ADD CONSTRAINT "availability_categories_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_categories" ADD CONSTRAINT "availability_categories_category_fk" FOREIGN KEY ("organiser_id","category_id") REFERENCES "public"."categories"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_dates" ADD CONSTRAINT "availability_dates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_dates" ADD CONSTRAINT "availability_dates_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_fk" FOREIGN KEY ("organiser_id","group_id") REFERENCES "public"."category_groups"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_groups" ADD CONSTRAINT "category_groups_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_roles" ADD CONSTRAINT "collaborator_roles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_sessions" ADD CONSTRAINT "collaborator_sessions_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD CONSTRAINT "organiser_collaborators_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD CONSTRAINT "organiser_collaborators_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD CONSTRAINT "organiser_collaborators_role_fk" FOREIGN KEY ("organiser_id","role_id") REFERENCES "public"."collaborator_roles"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_images" ADD CONSTRAINT "bundle_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_images" ADD CONSTRAINT "bundle_images_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."bundles"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_images" ADD CONSTRAINT "bundle_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_images" ADD CONSTRAINT "membership_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_images" ADD CONSTRAINT "membership_images_membership_fk" FOREIGN KEY ("organiser_id","membership_id") REFERENCES "public"."memberships"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_images" ADD CONSTRAINT "membership_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_images" ADD CONSTRAINT "voucher_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_images" ADD CONSTRAINT "voucher_images_voucher_fk" FOREIGN KEY ("organiser_id","voucher_id") REFERENCES "public"."vouchers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_images" ADD CONSTRAINT "voucher_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_bundle_fk" FOREIGN KEY ("organiser_id","bundle_id") REFERENCES "public"."bundles"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_impersonator_fk" FOREIGN KEY ("impersonator_collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_categories_category_id_idx" ON "activity_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activity_images_image_id_idx" ON "activity_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "activity_option_prices_organiser_id_option_id_idx" ON "activity_option_prices" USING btree ("organiser_id","option_id");--> statement-breakpoint
CREATE INDEX "activity_options_organiser_id_activity_id_idx" ON "activity_options" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "activity_questions_organiser_id_activity_id_idx" ON "activity_questions" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "availabilities_organiser_id_status_start_at_idx" ON "availabilities" USING btree ("organiser_id","status","start_at");--> statement-breakpoint
CREATE INDEX "availabilities_organiser_id_activity_id_idx" ON "availabilities" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "availabilities_organiser_id_location_id_idx" ON "availabilities" USING btree ("organiser_id","location_id");--> statement-breakpoint
CREATE INDEX "availability_categories_category_id_idx" ON "availability_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "availability_dates_organiser_id_start_at_idx" ON "availability_dates" USING btree ("organiser_id","start_at");--> statement-breakpoint
CREATE INDEX "availability_dates_organiser_id_availability_id_idx" ON "availability_dates" USING btree ("organiser_id","availability_id","start_at");--> statement-breakpoint
CREATE INDEX "categories_organiser_id_group_id_idx" ON "categories" USING btree ("organiser_id","group_id");--> statement-breakpoint
CREATE INDEX "collaborator_sessions_collaborator_id_idx" ON "collaborator_sessions" USING btree ("collaborator_id");--> statement-breakpoint
CREATE INDEX "collaborator_sessions_expires_at_idx" ON "collaborator_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "organiser_collaborators_organiser_id_role_id_idx" ON "organiser_collaborators" USING btree ("organiser_id","role_id");--> statement-breakpoint
CREATE INDEX "organiser_collaborators_collaborator_id_idx" ON "organiser_collaborators" USING btree ("collaborator_id");--> statement-breakpoint
CREATE INDEX "bundle_images_image_id_idx" ON "bundle_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "membership_images_image_id_idx" ON "membership_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "voucher_images_image_id_idx" ON "voucher_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "vouchers_organiser_id_bundle_id_idx" ON "vouchers" USING btree ("organiser_id","bundle_id");--> statement-breakpoint
CREATE INDEX "custom_fields_organiser_id_entity_order_idx" ON "custom_fields" USING btree ("organiser_id","entity","order");--> statement-breakpoint
CREATE INDEX "customer_sessions_organiser_id_customer_id_idx" ON "customer_sessions" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_at_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_organiser_id_email_unique" ON "customers" USING btree ("organiser_id","email") WHERE "customers"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "participants_organiser_id_customer_id_idx" ON "participants" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_organiser_id_customer_id_idx" ON "password_reset_tokens" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "emails_status_created_at_idx" ON "emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "emails_organiser_id_created_at_idx" ON "emails" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "emails_to_address_created_at_idx" ON "emails" USING btree ("to_address","created_at");