CREATE TABLE "platform_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text NOT NULL,
	"provider_state" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_payments_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "platform_payments_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "platform_payments_provider_provider_payment_id_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "platform_payments_status" CHECK ("platform_payments"."status" in ('open', 'paid', 'failed', 'expired', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "platform_payments" ADD CONSTRAINT "platform_payments_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_payments" ADD CONSTRAINT "platform_payments_invoice_fk" FOREIGN KEY ("organiser_id","invoice_id") REFERENCES "public"."platform_invoices"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_payments_organiser_id_invoice_id_idx" ON "platform_payments" USING btree ("organiser_id","invoice_id");