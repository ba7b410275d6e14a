CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "events_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "events_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_unpublished_idx" ON "events" USING btree ("id") WHERE "events"."published_at" is null;--> statement-breakpoint
CREATE INDEX "events_organiser_id_occurred_at_idx" ON "events" USING btree ("organiser_id","occurred_at");
--> statement-breakpoint
-- Row-level security, as in 0001_row_level_security.sql: a tenant transaction sees and writes only
-- its organiser's events. The relay (apps/server/src/jobs/events-relay.ts) reads every
-- organiser's unpublished events on the application's own connection (the tables' owner, the
-- migrating user), so that user gets a second policy admitting all rows; booking_app is not a
-- member of it, so tenant work never does.
GRANT SELECT, INSERT, UPDATE, DELETE ON "events" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "events" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY "events_relay" ON "events" FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END
$$;
