ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_reason";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'CHECKOUT' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "registration_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "registration_request_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_path" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "registration_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "registration_request_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_request_fk" FOREIGN KEY ("organiser_id","registration_request_id") REFERENCES "public"."registration_requests"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_registration_request_fk" FOREIGN KEY ("organiser_id","registration_request_id") REFERENCES "public"."registration_requests"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_organiser_id_registration_id_idx" ON "payments" USING btree ("organiser_id","registration_id");--> statement-breakpoint
CREATE INDEX "payments_organiser_id_registration_request_id_idx" ON "payments" USING btree ("organiser_id","registration_request_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_organiser_id_registration_id_idx" ON "wallet_transactions" USING btree ("organiser_id","registration_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_organiser_id_registration_request_id_idx" ON "wallet_transactions" USING btree ("organiser_id","registration_request_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" in ('CHECKOUT', 'BALANCE'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_destination" CHECK (case "payments"."purpose" when 'CHECKOUT' then "payments"."cart_id" is not null and "payments"."registration_id" is null and "payments"."registration_request_id" is null and "payments"."return_path" is null else ("payments"."cart_id" is not null and "payments"."registration_request_id" is null) or ("payments"."registration_request_id" is not null and "payments"."cart_id" is null and "payments"."registration_id" is null) end);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment" CHECK ("wallet_transactions"."reason" not in ('PAYMENT', 'OVERPAYMENT') or "wallet_transactions"."cart_id" is not null or "wallet_transactions"."registration_request_id" is not null);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_reason" CHECK ("wallet_transactions"."reason" in ('CHECKOUT', 'REFUND', 'VOUCHER', 'ADJUSTMENT', 'PAYMENT', 'OVERPAYMENT'));