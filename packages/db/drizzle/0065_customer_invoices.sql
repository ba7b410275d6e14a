CREATE TABLE "customer_billing_details" (
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'BE' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"peppol_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_billing_details_organiser_id_customer_id_pk" PRIMARY KEY("organiser_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_invoice_settings" (
	"organiser_id" integer PRIMARY KEY NOT NULL,
	"issue_on" text NOT NULL,
	"number_prefix" text NOT NULL,
	"yearly_reset" boolean NOT NULL,
	"payment_delay_days" integer NOT NULL,
	"footer_message" text NOT NULL,
	"vat_regime" text NOT NULL,
	"vat_rates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_invoice_settings_issue_on" CHECK ("customer_invoice_settings"."issue_on" in ('CART_PROCESSED', 'FULLY_PAID', 'ON_REQUEST')),
	CONSTRAINT "customer_invoice_settings_vat_regime" CHECK ("customer_invoice_settings"."vat_regime" in ('SUBJECT', 'EXEMPT_ARTICLE_44', 'SMALL_BUSINESS_FRANCHISE')),
	CONSTRAINT "customer_invoice_settings_delay" CHECK ("customer_invoice_settings"."payment_delay_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "customer_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"type" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" integer,
	"attendance_charge_id" integer,
	"credited_invoice_id" integer,
	"total_amount" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	"issued_by_collaborator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_invoices_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_invoices_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "customer_invoices_organiser_id_type_year_sequence_unique" UNIQUE("organiser_id","type","year","sequence"),
	CONSTRAINT "customer_invoices_type" CHECK ("customer_invoices"."type" in ('INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "customer_invoices_total" CHECK ("customer_invoices"."total_amount" >= 0),
	CONSTRAINT "customer_invoices_credit_note" CHECK (("customer_invoices"."type" = 'CREDIT_NOTE') = ("customer_invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "customer_invoices_source" CHECK (num_nonnulls("customer_invoices"."cart_id", "customer_invoices"."attendance_charge_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"organiser_id" integer NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_organiser_id_series_year_pk" PRIMARY KEY("organiser_id","series","year"),
	CONSTRAINT "invoice_counters_series" CHECK ("invoice_counters"."series" in ('INVOICE', 'CREDIT_NOTE'))
);
--> statement-breakpoint
ALTER TABLE "customer_billing_details" ADD CONSTRAINT "customer_billing_details_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_billing_details" ADD CONSTRAINT "customer_billing_details_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoice_settings" ADD CONSTRAINT "customer_invoice_settings_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_attendance_charge_fk" FOREIGN KEY ("organiser_id","attendance_charge_id") REFERENCES "public"."attendance_charges"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_credited_invoice_fk" FOREIGN KEY ("organiser_id","credited_invoice_id") REFERENCES "public"."customer_invoices"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_cart_invoice_unique" ON "customer_invoices" USING btree ("organiser_id","cart_id") WHERE "customer_invoices"."type" = 'INVOICE' and "customer_invoices"."cart_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_attendance_charge_invoice_unique" ON "customer_invoices" USING btree ("organiser_id","attendance_charge_id") WHERE "customer_invoices"."type" = 'INVOICE' and "customer_invoices"."attendance_charge_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_invoices_organiser_id_customer_id_idx" ON "customer_invoices" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_invoices_organiser_id_issued_at_idx" ON "customer_invoices" USING btree ("organiser_id","issued_at");--> statement-breakpoint
CREATE INDEX "customer_invoices_organiser_id_credited_invoice_id_idx" ON "customer_invoices" USING btree ("organiser_id","credited_invoice_id");