CREATE TABLE "activity_cancellation_policies" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "activity_cancellation_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"online_until_hours" integer,
	"refund" text DEFAULT 'NONE' NOT NULL,
	"refund_percentage" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_cancellation_policies_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "activity_cancellation_policies_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "activity_cancellation_policies_activity_unique" UNIQUE("organiser_id","activity_id"),
	CONSTRAINT "activity_cancellation_policies_numbers" CHECK (("activity_cancellation_policies"."online_until_hours" is null or "activity_cancellation_policies"."online_until_hours" between 0 and 8760) and "activity_cancellation_policies"."refund_percentage" between 0 and 100),
	CONSTRAINT "activity_cancellation_policies_refund" CHECK ("activity_cancellation_policies"."refund" in ('NONE', 'WALLET'))
);
--> statement-breakpoint
CREATE TABLE "activity_confirmation_documents" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "activity_confirmation_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"confirmation_id" integer NOT NULL,
	"document_model_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_confirmation_documents_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "activity_confirmation_documents_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "activity_confirmation_documents_unique" UNIQUE("organiser_id","confirmation_id","document_model_id")
);
--> statement-breakpoint
CREATE TABLE "activity_confirmation_files" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "activity_confirmation_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"confirmation_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_confirmation_files_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "activity_confirmation_files_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "activity_confirmation_files_size" CHECK ("activity_confirmation_files"."size_bytes" between 1 and 2097152)
);
--> statement-breakpoint
CREATE TABLE "activity_confirmations" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "activity_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"calendar_file" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_confirmations_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "activity_confirmations_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "activity_confirmations_activity_unique" UNIQUE("organiser_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "activity_cancellation_policies" ADD CONSTRAINT "activity_cancellation_policies_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_cancellation_policies" ADD CONSTRAINT "activity_cancellation_policies_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmation_documents" ADD CONSTRAINT "activity_confirmation_documents_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmation_documents" ADD CONSTRAINT "activity_confirmation_documents_confirmation_fk" FOREIGN KEY ("organiser_id","confirmation_id") REFERENCES "public"."activity_confirmations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmation_documents" ADD CONSTRAINT "activity_confirmation_documents_document_model_fk" FOREIGN KEY ("organiser_id","document_model_id") REFERENCES "public"."document_models"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmation_files" ADD CONSTRAINT "activity_confirmation_files_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmation_files" ADD CONSTRAINT "activity_confirmation_files_confirmation_fk" FOREIGN KEY ("organiser_id","confirmation_id") REFERENCES "public"."activity_confirmations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmations" ADD CONSTRAINT "activity_confirmations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_confirmations" ADD CONSTRAINT "activity_confirmations_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_confirmation_documents_model_idx" ON "activity_confirmation_documents" USING btree ("organiser_id","document_model_id");--> statement-breakpoint
CREATE INDEX "activity_confirmation_files_confirmation_idx" ON "activity_confirmation_files" USING btree ("organiser_id","confirmation_id");