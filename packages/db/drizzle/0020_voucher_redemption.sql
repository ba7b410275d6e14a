ALTER TABLE "customer_bundles" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_bundles" ALTER COLUMN "cart_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD COLUMN "customer_voucher_id" integer;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD COLUMN "recipient_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "customer_voucher_id" integer;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_customer_voucher_fk" FOREIGN KEY ("organiser_id","customer_voucher_id") REFERENCES "public"."customer_vouchers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_recipient_fk" FOREIGN KEY ("organiser_id","recipient_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_customer_voucher_fk" FOREIGN KEY ("organiser_id","customer_voucher_id") REFERENCES "public"."customer_vouchers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_vouchers_organiser_id_recipient_id_idx" ON "customer_vouchers" USING btree ("organiser_id","recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_organiser_id_customer_voucher_id_unique" ON "wallet_transactions" USING btree ("organiser_id","customer_voucher_id") WHERE "wallet_transactions"."reason" = 'VOUCHER';--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_organiser_id_customer_voucher_id_unique" UNIQUE("organiser_id","customer_voucher_id");--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_origin" CHECK (("customer_bundles"."cart_id" is not null and "customer_bundles"."cart_item_id" is not null) or "customer_bundles"."customer_voucher_id" is not null);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_voucher" CHECK ("wallet_transactions"."reason" <> 'VOUCHER' or "wallet_transactions"."customer_voucher_id" is not null);