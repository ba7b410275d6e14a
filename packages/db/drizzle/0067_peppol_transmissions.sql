CREATE TABLE "peppol_transmissions" (
	"organiser_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"receiver" text NOT NULL,
	"status" text NOT NULL,
	"provider_document_id" text,
	"error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peppol_transmissions_organiser_id_invoice_id_pk" PRIMARY KEY("organiser_id","invoice_id"),
	CONSTRAINT "peppol_transmissions_status" CHECK ("peppol_transmissions"."status" in ('PENDING', 'UPLOADED', 'IN_TRANSIT', 'SENT', 'FAILED', 'NOT_REGISTERED'))
);
--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ADD CONSTRAINT "peppol_transmissions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ADD CONSTRAINT "peppol_transmissions_invoice_fk" FOREIGN KEY ("organiser_id","invoice_id") REFERENCES "public"."customer_invoices"("organiser_id","id") ON DELETE no action ON UPDATE no action;