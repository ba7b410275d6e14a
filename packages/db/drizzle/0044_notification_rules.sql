CREATE TABLE "notification_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"channels" text[] NOT NULL,
	"delay_amount" integer DEFAULT 0 NOT NULL,
	"delay_unit" text DEFAULT 'minutes' NOT NULL,
	"delay_type" text DEFAULT 'AFTER_TRIGGER' NOT NULL,
	"recipient_type" text NOT NULL,
	"recipient" text,
	"dependencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"requirements" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"spam_avoidance_delay" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"global" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"template_key" text,
	"template_cuid" text,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sms_content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rules_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "notification_rules_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "notification_rules_delay" CHECK ("notification_rules"."delay_amount" >= 0 and "notification_rules"."spam_avoidance_delay" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"event_cuid" text NOT NULL,
	"event_type" text NOT NULL,
	"event_payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" integer,
	"collaborator_id" integer,
	"availability_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"reason" text,
	"message_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_notifications_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "scheduled_notifications_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "scheduled_notifications_once" UNIQUE("organiser_id","rule_id","event_cuid","recipient"),
	CONSTRAINT "scheduled_notifications_status" CHECK ("scheduled_notifications"."status" in ('SCHEDULED', 'SENT', 'CANCELLED', 'SKIPPED'))
);
--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_notifications" ADD CONSTRAINT "scheduled_notifications_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_notifications" ADD CONSTRAINT "scheduled_notifications_rule_fk" FOREIGN KEY ("organiser_id","rule_id") REFERENCES "public"."notification_rules"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_rules_organiser_id_trigger_idx" ON "notification_rules" USING btree ("organiser_id","trigger");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_rules_default_unique" ON "notification_rules" USING btree ("organiser_id") WHERE "notification_rules"."is_default";--> statement-breakpoint
CREATE INDEX "scheduled_notifications_due_idx" ON "scheduled_notifications" USING btree ("send_at") WHERE "scheduled_notifications"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "scheduled_notifications_pending_idx" ON "scheduled_notifications" USING btree ("organiser_id") WHERE "scheduled_notifications"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "scheduled_notifications_rule_recipient_idx" ON "scheduled_notifications" USING btree ("organiser_id","rule_id","recipient","processed_at");