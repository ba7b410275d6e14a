CREATE TABLE "manual_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"availability_id" integer,
	"availability_date_id" integer,
	"customer_id" integer,
	"registration_filter" jsonb,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sms_body" text DEFAULT '' NOT NULL,
	"template_cuid" text,
	"send_at" timestamp with time zone NOT NULL,
	"sent_by" integer,
	"status" text NOT NULL,
	"request_key" text NOT NULL,
	"recipients_count" integer DEFAULT 0 NOT NULL,
	"email_count" integer DEFAULT 0 NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"sms_skipped_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "manual_messages_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "manual_messages_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "manual_messages_organiser_id_request_key_unique" UNIQUE("organiser_id","request_key"),
	CONSTRAINT "manual_messages_target_type" CHECK ("manual_messages"."target_type" in ('AVAILABILITY', 'AVAILABILITY_DATE', 'REGISTRATIONS', 'CUSTOMER')),
	CONSTRAINT "manual_messages_status" CHECK ("manual_messages"."status" in ('SCHEDULED', 'SENT', 'CANCELLED')),
	CONSTRAINT "manual_messages_channel" CHECK ("manual_messages"."email" or "manual_messages"."sms")
);
--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_sent_by_collaborators_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_availability_date_fk" FOREIGN KEY ("organiser_id","availability_date_id") REFERENCES "public"."availability_dates"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_messages" ADD CONSTRAINT "manual_messages_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_messages_organiser_id_created_at_idx" ON "manual_messages" USING btree ("organiser_id","created_at");