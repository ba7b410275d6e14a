-- migrate:outside-transaction
-- Indexes that the new tenant keys of 0098 cover (decision 0097): the primary key
-- (organiser_id, catalog_id, activity_id) of catalog_activities, and the unique keys
-- (organiser_id, badge_list_id, label) of badges and (organiser_id, document_model_id, position)
-- of document pages, which start with the columns of the other two.
DROP INDEX CONCURRENTLY IF EXISTS "badges_organiser_id_badge_list_id_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "catalog_activities_organiser_id_catalog_id_activity_id_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "document_pages_organiser_id_document_model_id_idx";
