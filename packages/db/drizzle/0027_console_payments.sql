ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_statement_line_id_unique";--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "wallet_credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
-- The automatic refunds before this column gave back the whole amount.
UPDATE "payments" SET "refunded_amount" = "amount" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_statement_line_id_unique" ON "bank_transfers" USING btree ("statement_line_id") WHERE "bank_transfers"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "carts_organiser_id_reference_idx" ON "carts" USING btree ("organiser_id","reference");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_wallet_credit" CHECK ("bank_transfers"."wallet_credit" >= 0 and "bank_transfers"."wallet_credit" <= "bank_transfers"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount" CHECK (("payments"."refunded_at" is null) = ("payments"."refunded_amount" is null) and ("payments"."refunded_amount" is null or ("payments"."refunded_amount" > 0 and "payments"."refunded_amount" <= "payments"."amount")));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_note" CHECK (("payments"."refund_note" is not null) = ("payments"."refunded_at" is not null and "payments"."refund_reason" is null) and ("payments"."refund_note" is null or "payments"."status" = 'paid'));