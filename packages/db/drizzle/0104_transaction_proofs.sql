CREATE TABLE "transaction_proofs" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "transaction_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_proofs_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "transaction_proofs_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "transaction_proofs_content_type" CHECK ("transaction_proofs"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "transaction_proofs_size" CHECK ("transaction_proofs"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "transaction_proofs" ADD CONSTRAINT "transaction_proofs_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_proofs" ADD CONSTRAINT "transaction_proofs_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_proofs_cart_idx" ON "transaction_proofs" USING btree ("organiser_id","cart_id","created_at");