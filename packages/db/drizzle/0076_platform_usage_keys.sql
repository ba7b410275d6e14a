-- Every tenant table has a cuid and the (organiser_id, id) key (test/schema.test.ts); rows
-- metered before get a cuid of their own.
ALTER TABLE "platform_usage" ADD COLUMN "cuid" text;--> statement-breakpoint
UPDATE "platform_usage" SET "cuid" = 'u' || md5("id"::text || random()::text) WHERE "cuid" IS NULL;--> statement-breakpoint
ALTER TABLE "platform_usage" ALTER COLUMN "cuid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_usage" ADD CONSTRAINT "platform_usage_cuid_unique" UNIQUE("cuid");--> statement-breakpoint
ALTER TABLE "platform_usage" ADD CONSTRAINT "platform_usage_organiser_id_id_unique" UNIQUE("organiser_id","id");
