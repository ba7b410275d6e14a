CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text NOT NULL,
	"provider_state" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "payments_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "payments_provider_provider_payment_id_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('test', 'mollie')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('open', 'paid', 'failed', 'expired', 'canceled')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_paid" CHECK (("payments"."status" = 'paid') = ("payments"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_organiser_id_cart_id_idx" ON "payments" USING btree ("organiser_id","cart_id");