ALTER TABLE "webhook_attempts" ADD COLUMN "cuid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_cuid_unique" UNIQUE("cuid");