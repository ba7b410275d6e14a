CREATE TABLE "platform_billing_cycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_billing_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"carried_in" integer NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_billing_cycles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "platform_billing_cycles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "platform_billing_cycles_organiser_id_start_at_unique" UNIQUE("organiser_id","start_at"),
	CONSTRAINT "platform_billing_cycles_status" CHECK ("platform_billing_cycles"."status" in ('INVOICED', 'CARRIED')),
	CONSTRAINT "platform_billing_cycles_invoice" CHECK (("platform_billing_cycles"."status" = 'INVOICED') = ("platform_billing_cycles"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "platform_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"total_amount" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_invoices_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "platform_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "platform_invoices_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "platform_invoices_year_sequence_unique" UNIQUE("year","sequence")
);
--> statement-breakpoint
CREATE TABLE "platform_usage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organiser_id" integer NOT NULL,
	"item" text NOT NULL,
	"source_key" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"base_amount" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_usage_organiser_id_item_source_key_unique" UNIQUE("organiser_id","item","source_key")
);
--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "referred_by_organiser_id" integer;--> statement-breakpoint
ALTER TABLE "platform_billing_cycles" ADD CONSTRAINT "platform_billing_cycles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_billing_cycles" ADD CONSTRAINT "platform_billing_cycles_invoice_fk" FOREIGN KEY ("organiser_id","invoice_id") REFERENCES "public"."platform_invoices"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_usage" ADD CONSTRAINT "platform_usage_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_invoices_organiser_id_issued_at_idx" ON "platform_invoices" USING btree ("organiser_id","issued_at");--> statement-breakpoint
CREATE INDEX "platform_usage_organiser_id_occurred_at_idx" ON "platform_usage" USING btree ("organiser_id","occurred_at");--> statement-breakpoint
ALTER TABLE "organisers" ADD CONSTRAINT "organisers_referred_by_organiser_id_organisers_id_fk" FOREIGN KEY ("referred_by_organiser_id") REFERENCES "public"."organisers"("id") ON DELETE set null ON UPDATE no action;