CREATE TABLE "badge_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_lists_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "badge_lists_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"badge_list_id" integer NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "badges_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "badges_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "badges_badge_list_id_label_unique" UNIQUE("badge_list_id","label"),
	CONSTRAINT "badges_color" CHECK ("badges"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "participant_badges" (
	"organiser_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	CONSTRAINT "participant_badges_participant_id_badge_id_pk" PRIMARY KEY("participant_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "collaborator_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaborator_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"collaborator_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_notes_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "collaborator_notes_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "collaborator_tags" (
	"organiser_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "collaborator_tags_member_id_tag_id_pk" PRIMARY KEY("member_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "customer_tags_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "participant_tags" (
	"organiser_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "participant_tags_participant_id_tag_id_pk" PRIMARY KEY("participant_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "tags_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "tags_entity" CHECK ("tags"."entity" in ('CUSTOMERS', 'PARTICIPANTS', 'COLLABORATORS')),
	CONSTRAINT "tags_color" CHECK ("tags"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "custom_fields" DROP CONSTRAINT "custom_fields_entity";--> statement-breakpoint
ALTER TABLE "organiser_collaborators" ADD COLUMN "custom_data" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "badge_lists" ADD CONSTRAINT "badge_lists_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_badge_list_fk" FOREIGN KEY ("organiser_id","badge_list_id") REFERENCES "public"."badge_lists"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_badges" ADD CONSTRAINT "participant_badges_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_badges" ADD CONSTRAINT "participant_badges_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_badges" ADD CONSTRAINT "participant_badges_badge_fk" FOREIGN KEY ("organiser_id","badge_id") REFERENCES "public"."badges"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_notes" ADD CONSTRAINT "collaborator_notes_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_notes" ADD CONSTRAINT "collaborator_notes_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_notes" ADD CONSTRAINT "collaborator_notes_member_fk" FOREIGN KEY ("organiser_id","member_id") REFERENCES "public"."organiser_collaborators"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_tags" ADD CONSTRAINT "collaborator_tags_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_tags" ADD CONSTRAINT "collaborator_tags_member_fk" FOREIGN KEY ("organiser_id","member_id") REFERENCES "public"."organiser_collaborators"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_tags" ADD CONSTRAINT "collaborator_tags_tag_fk" FOREIGN KEY ("organiser_id","tag_id") REFERENCES "public"."tags"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_tag_fk" FOREIGN KEY ("organiser_id","tag_id") REFERENCES "public"."tags"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_tags" ADD CONSTRAINT "participant_tags_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_tags" ADD CONSTRAINT "participant_tags_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_tags" ADD CONSTRAINT "participant_tags_tag_fk" FOREIGN KEY ("organiser_id","tag_id") REFERENCES "public"."tags"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_lists_organiser_id_name_unique" ON "badge_lists" USING btree ("organiser_id",lower("name"));--> statement-breakpoint
CREATE INDEX "badges_organiser_id_badge_list_id_idx" ON "badges" USING btree ("organiser_id","badge_list_id");--> statement-breakpoint
CREATE INDEX "participant_badges_organiser_id_badge_id_idx" ON "participant_badges" USING btree ("organiser_id","badge_id");--> statement-breakpoint
CREATE INDEX "collaborator_notes_organiser_id_member_id_idx" ON "collaborator_notes" USING btree ("organiser_id","member_id");--> statement-breakpoint
CREATE INDEX "collaborator_tags_organiser_id_tag_id_idx" ON "collaborator_tags" USING btree ("organiser_id","tag_id");--> statement-breakpoint
CREATE INDEX "customer_tags_organiser_id_tag_id_idx" ON "customer_tags" USING btree ("organiser_id","tag_id");--> statement-breakpoint
CREATE INDEX "participant_tags_organiser_id_tag_id_idx" ON "participant_tags" USING btree ("organiser_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_organiser_id_entity_name_unique" ON "tags" USING btree ("organiser_id","entity",lower("name"));--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity" CHECK ("custom_fields"."entity" in ('CUSTOMERS', 'PARTICIPANTS', 'COLLABORATORS'));