-- The e-mails log becomes the messages log (e-mail and SMS): renamed and extended, rows kept.
ALTER TABLE "emails" RENAME TO "messages";--> statement-breakpoint
ALTER SEQUENCE "emails_id_seq" RENAME TO "messages_id_seq";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "emails_pkey" TO "messages_pkey";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "emails_cuid_unique" TO "messages_cuid_unique";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "emails_organiser_id_organisers_id_fk" TO "messages_organiser_id_organisers_id_fk";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "emails_status";--> statement-breakpoint
ALTER INDEX "emails_status_created_at_idx" RENAME TO "messages_status_created_at_idx";--> statement-breakpoint
ALTER INDEX "emails_organiser_id_created_at_idx" RENAME TO "messages_organiser_id_created_at_idx";--> statement-breakpoint
ALTER INDEX "emails_to_address_created_at_idx" RENAME TO "messages_to_address_created_at_idx";--> statement-breakpoint
ALTER TABLE "messages" RENAME COLUMN "error" TO "last_error";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'EMAIL' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "source" text DEFAULT 'SYSTEM' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "collaborator_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "newsletter_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "manual_message_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "send_at" = "created_at";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "message_id" text;--> statement-breakpoint
-- Earlier rows get a Message-ID of the same shape as new ones (queue.ts), on a reserved domain.
UPDATE "messages" SET "message_id" = '<' || "cuid" || '@messages.invalid>';--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "attempts" = 1 WHERE "status" IN ('SENT', 'FAILED');--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "uncertain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel" CHECK ("messages"."channel" in ('EMAIL', 'SMS'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_source" CHECK ("messages"."source" in ('SYSTEM', 'RULE', 'MANUAL', 'NEWSLETTER', 'STAFF'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status" CHECK ("messages"."status" in ('SCHEDULED', 'QUEUED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED', 'OUTBOX'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_email_content" CHECK ("messages"."channel" <> 'EMAIL' or "messages"."subject" is not null);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_collaborators_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_customer_id_idx" ON "messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("status","send_at") WHERE "messages"."status" in ('SCHEDULED', 'QUEUED', 'SENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "messages_organiser_id_idempotency_key_unique" ON "messages" USING btree ("organiser_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;
