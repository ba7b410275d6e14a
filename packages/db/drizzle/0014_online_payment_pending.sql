ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_paid";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_payment_pending" CHECK ("carts"."payment_pending_at" is null or "carts"."processed_at" is null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded" CHECK (("payments"."status" = 'refunded') = ("payments"."refunded_at" is not null and "payments"."refund_reason" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason" CHECK ("payments"."refund_reason" is null or "payments"."refund_reason" in ('PLACES_TAKEN', 'NOT_AWAITED'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('open', 'paid', 'failed', 'expired', 'canceled', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid" CHECK (("payments"."status" in ('paid', 'refunded')) = ("payments"."paid_at" is not null));