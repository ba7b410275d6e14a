CREATE TABLE "notification_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"default_key" text,
	"subject" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "notification_templates_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "notification_templates_type" CHECK ("notification_templates"."type" in ('EMAIL', 'SMS'))
);
--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_organiser_id_default_key_unique" ON "notification_templates" USING btree ("organiser_id","default_key") WHERE "notification_templates"."default_key" is not null;