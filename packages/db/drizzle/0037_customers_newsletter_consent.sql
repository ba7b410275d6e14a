ALTER TABLE "customers" ADD COLUMN "newsletter_subscribed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "newsletter_subscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "newsletter_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "newsletter_source" text;--> statement-breakpoint
CREATE INDEX "customers_organiser_id_newsletter_idx" ON "customers" USING btree ("organiser_id","id") WHERE "customers"."newsletter_subscribed";--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_newsletter_consent" CHECK (not "customers"."newsletter_subscribed" or "customers"."newsletter_subscribed_at" is not null);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_newsletter_source" CHECK ("customers"."newsletter_source" in ('REGISTER', 'PROFILE', 'UNSUBSCRIBE_LINK', 'CONSOLE', 'ACCOUNT_DELETION'));