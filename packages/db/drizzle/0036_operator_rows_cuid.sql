-- Rows written before this migration get a random cuid; new rows get theirs from the application.
ALTER TABLE "operator_sessions" ADD COLUMN "cuid" text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "operator_sessions" ALTER COLUMN "cuid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "operator_tokens" ADD COLUMN "cuid" text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "operator_tokens" ALTER COLUMN "cuid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_cuid_unique" UNIQUE("cuid");--> statement-breakpoint
ALTER TABLE "operator_tokens" ADD CONSTRAINT "operator_tokens_cuid_unique" UNIQUE("cuid");
