ALTER TABLE "catalog_activities" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "order" integer DEFAULT 0 NOT NULL;