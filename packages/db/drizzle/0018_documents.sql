CREATE TABLE "document_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"document_model_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT false NOT NULL,
	"pattern" text,
	"order" integer DEFAULT 0 NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_custom_fields_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "document_custom_fields_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "document_custom_fields_type" CHECK ("document_custom_fields"."type" in ('TEXT', 'LONGTEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE'))
);
--> statement-breakpoint
CREATE TABLE "document_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"document_page_id" integer NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer,
	"align" text DEFAULT 'left' NOT NULL,
	"payload" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_field_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_elements_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "document_elements_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "document_elements_type" CHECK ("document_elements"."type" in ('STRING', 'NUMBER', 'CURRENCY', 'DATE', 'IMAGE')),
	CONSTRAINT "document_elements_align" CHECK ("document_elements"."align" in ('left', 'center', 'right')),
	CONSTRAINT "document_elements_placement" CHECK ("document_elements"."x" >= 0 and "document_elements"."y" >= 0 and ("document_elements"."width" is null or "document_elements"."width" > 0)),
	CONSTRAINT "document_elements_payload" CHECK (jsonb_typeof("document_elements"."payload" -> 'data') = 'string')
);
--> statement-breakpoint
CREATE TABLE "document_model_activities" (
	"organiser_id" integer NOT NULL,
	"document_model_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "document_model_activities_document_model_id_activity_id_pk" PRIMARY KEY("document_model_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "document_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"icon" text,
	"payment_requirement" text,
	"date_requirement" text,
	"all_activities" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_models_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "document_models_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "document_models_payment_requirement" CHECK ("document_models"."payment_requirement" in ('DEPOSIT', 'TOTAL')),
	CONSTRAINT "document_models_date_requirement" CHECK ("document_models"."date_requirement" in ('AVAILABILITY_START', 'AVAILABILITY_END'))
);
--> statement-breakpoint
CREATE TABLE "document_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"document_model_id" integer NOT NULL,
	"position" integer NOT NULL,
	"size" text DEFAULT 'A4' NOT NULL,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pages_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "document_pages_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "document_pages_document_model_id_position_unique" UNIQUE("document_model_id","position"),
	CONSTRAINT "document_pages_size" CHECK ("document_pages"."size" in ('A4', 'LETTER')),
	CONSTRAINT "document_pages_orientation" CHECK ("document_pages"."orientation" in ('portrait', 'landscape')),
	CONSTRAINT "document_pages_position" CHECK ("document_pages"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issued_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"document_model_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"downloads" integer DEFAULT 1 NOT NULL,
	"last_downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_documents_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "issued_documents_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "issued_documents_document_model_id_registration_id_unique" UNIQUE("document_model_id","registration_id"),
	CONSTRAINT "issued_documents_downloads" CHECK ("issued_documents"."downloads" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_custom_fields" ADD CONSTRAINT "document_custom_fields_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_custom_fields" ADD CONSTRAINT "document_custom_fields_document_model_fk" FOREIGN KEY ("organiser_id","document_model_id") REFERENCES "public"."document_models"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_document_page_fk" FOREIGN KEY ("organiser_id","document_page_id") REFERENCES "public"."document_pages"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_custom_field_fk" FOREIGN KEY ("organiser_id","custom_field_id") REFERENCES "public"."document_custom_fields"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_model_activities" ADD CONSTRAINT "document_model_activities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_model_activities" ADD CONSTRAINT "document_model_activities_document_model_fk" FOREIGN KEY ("organiser_id","document_model_id") REFERENCES "public"."document_models"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_model_activities" ADD CONSTRAINT "document_model_activities_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_models" ADD CONSTRAINT "document_models_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_model_fk" FOREIGN KEY ("organiser_id","document_model_id") REFERENCES "public"."document_models"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_document_model_fk" FOREIGN KEY ("organiser_id","document_model_id") REFERENCES "public"."document_models"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_custom_fields_organiser_id_document_model_id_idx" ON "document_custom_fields" USING btree ("organiser_id","document_model_id");--> statement-breakpoint
CREATE INDEX "document_elements_organiser_id_document_page_id_idx" ON "document_elements" USING btree ("organiser_id","document_page_id","position");--> statement-breakpoint
CREATE INDEX "document_elements_organiser_id_custom_field_id_idx" ON "document_elements" USING btree ("organiser_id","custom_field_id");--> statement-breakpoint
CREATE INDEX "document_model_activities_organiser_id_activity_id_idx" ON "document_model_activities" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "document_models_organiser_id_order_idx" ON "document_models" USING btree ("organiser_id","order");--> statement-breakpoint
CREATE INDEX "document_pages_organiser_id_document_model_id_idx" ON "document_pages" USING btree ("organiser_id","document_model_id");--> statement-breakpoint
CREATE INDEX "issued_documents_organiser_id_registration_id_idx" ON "issued_documents" USING btree ("organiser_id","registration_id");