CREATE TABLE "newsletters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"segment_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cursor_customer_id" integer DEFAULT 0 NOT NULL,
	"recipients_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "newsletters_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "newsletters_status" CHECK ("newsletters"."status" in ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED')),
	CONSTRAINT "newsletters_scheduled_at" CHECK ("newsletters"."status" <> 'SCHEDULED' or "newsletters"."scheduled_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_segment_fk" FOREIGN KEY ("organiser_id","segment_id") REFERENCES "public"."segments"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletters_organiser_id_created_at_idx" ON "newsletters" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "newsletters_organiser_id_segment_id_idx" ON "newsletters" USING btree ("organiser_id","segment_id");--> statement-breakpoint
CREATE INDEX "newsletters_pending_idx" ON "newsletters" USING btree ("scheduled_at") WHERE "newsletters"."status" in ('SCHEDULED', 'SENDING');--> statement-breakpoint
-- Row-level security, as in 0038_events_outbox.sql: a tenant transaction sees and writes only its
-- organiser's newsletters. The sender (apps/server/src/jobs/newsletters-worker.ts) looks for due
-- newsletters of every organiser on the application's own connection (the tables' owner), so that
-- user gets a second policy admitting all rows; booking_app is not a member of it.
GRANT SELECT, INSERT, UPDATE, DELETE ON "newsletters" TO booking_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO booking_app;
--> statement-breakpoint
ALTER TABLE "newsletters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "newsletters" FOR ALL
  USING (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer)
  WITH CHECK (organiser_id = nullif(current_setting('app.organiser_id', true), '')::integer);
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY "newsletters_sender" ON "newsletters" FOR ALL TO %I USING (true) WITH CHECK (true)', current_user);
END
$$;
