ALTER TABLE "imports" DROP CONSTRAINT "imports_kind";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_organiser_id_external_id_unique" ON "activities" USING btree ("organiser_id","external_id") WHERE "activities"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "availabilities_organiser_id_external_id_unique" ON "availabilities" USING btree ("organiser_id","external_id") WHERE "availabilities"."external_id" is not null;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('CUSTOMERS', 'ACTIVITIES', 'AVAILABILITIES', 'REGISTRATIONS'));