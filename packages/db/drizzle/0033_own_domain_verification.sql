ALTER TABLE "organisers" DROP CONSTRAINT "organisers_domain_unique";--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "domain_status" text;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "domain_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "domain_check_error" text;--> statement-breakpoint
-- A domain stored before verification existed was served as is: it stays served, as verified.
UPDATE "organisers" SET "domain_status" = 'VERIFIED', "domain_token" = md5(random()::text), "domain_requested_at" = now() WHERE "domain" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "organisers_verified_domain_unique" ON "organisers" USING btree ("domain") WHERE "organisers"."domain_status" = 'VERIFIED';--> statement-breakpoint
ALTER TABLE "organisers" ADD CONSTRAINT "organisers_domain_status" CHECK ("organisers"."domain_status" in ('PENDING', 'VERIFIED', 'FAILING'));--> statement-breakpoint
ALTER TABLE "organisers" ADD CONSTRAINT "organisers_domain_claim" CHECK (("organisers"."domain" is null) = ("organisers"."domain_status" is null) and ("organisers"."domain" is null) = ("organisers"."domain_token" is null) and ("organisers"."domain" is null) = ("organisers"."domain_requested_at" is null));