CREATE TABLE "bank_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"booking_date" date NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"communication" text,
	"structured_reference" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "bank_statement_lines_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "bank_statement_lines_organiser_id_fingerprint_unique" UNIQUE("organiser_id","fingerprint"),
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" in ('MATCHED', 'UNMATCHED', 'IGNORED'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"account_iban" text,
	"statement_id" text,
	"collaborator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "bank_statements_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "bank_statements_format" CHECK ("bank_statements"."format" in ('CAMT053', 'CODA'))
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"statement_line_id" integer,
	"collaborator_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bank_transfers_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "bank_transfers_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "bank_transfers_statement_line_id_unique" UNIQUE("statement_line_id"),
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"collaborator_id" integer,
	"impersonator_collaborator_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_logs_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "audit_logs_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "collaborator_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaborator_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"collaborator_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"organiser_id" integer,
	"customer_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_tokens_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "collaborator_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "collaborator_tokens_purpose" CHECK ("collaborator_tokens"."purpose" in ('INVITATION', 'PASSWORD_RESET', 'IMPERSONATION'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"collaborator_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "customer_notes_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
ALTER TABLE "collaborator_sessions" ADD COLUMN "organiser_id" integer;--> statement-breakpoint
ALTER TABLE "collaborator_sessions" ADD COLUMN "impersonator_collaborator_id" integer;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "payment_credentials_encrypted" text;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD COLUMN "attendance_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_fk" FOREIGN KEY ("organiser_id","statement_id") REFERENCES "public"."bank_statements"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_statement_line_fk" FOREIGN KEY ("organiser_id","statement_line_id") REFERENCES "public"."bank_statement_lines"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_impersonator_collaborator_id_collaborators_id_fk" FOREIGN KEY ("impersonator_collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_tokens" ADD CONSTRAINT "collaborator_tokens_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_tokens" ADD CONSTRAINT "collaborator_tokens_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_organiser_id_status_idx" ON "bank_statement_lines" USING btree ("organiser_id","status");--> statement-breakpoint
CREATE INDEX "bank_statements_organiser_id_created_at_idx" ON "bank_statements" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_organiser_id_cart_id_idx" ON "bank_transfers" USING btree ("organiser_id","cart_id");--> statement-breakpoint
CREATE INDEX "audit_logs_organiser_id_created_at_idx" ON "audit_logs" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_organiser_id_entity_entity_id_idx" ON "audit_logs" USING btree ("organiser_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "collaborator_tokens_collaborator_id_idx" ON "collaborator_tokens" USING btree ("collaborator_id");--> statement-breakpoint
CREATE INDEX "customer_notes_organiser_id_customer_id_idx" ON "customer_notes" USING btree ("organiser_id","customer_id");--> statement-breakpoint
ALTER TABLE "collaborator_sessions" ADD CONSTRAINT "collaborator_sessions_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_sessions" ADD CONSTRAINT "collaborator_sessions_impersonator_fk" FOREIGN KEY ("impersonator_collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_attendance" CHECK ("registration_dates"."attendance" in ('PRESENT', 'ABSENT', 'EXCUSED'));