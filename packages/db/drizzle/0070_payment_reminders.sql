CREATE TABLE "payment_overdue_marks" (
	"organiser_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_overdue_marks_organiser_id_item_type_item_id_pk" PRIMARY KEY("organiser_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "payment_reminder_settings" (
	"organiser_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"offsets_days" integer[] NOT NULL,
	"overdue_after_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"step" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_due" integer NOT NULL,
	"sent_by_collaborator_id" integer,
	"message_id" integer,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminders_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "payment_reminders_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "payment_reminders_item_step_unique" UNIQUE("organiser_id","item_type","item_id","step"),
	CONSTRAINT "payment_reminders_item_type" CHECK ("payment_reminders"."item_type" in ('CART', 'ATTENDANCE_CHARGE', 'BOOKING_PARTICIPATION')),
	CONSTRAINT "payment_reminders_step" CHECK ("payment_reminders"."step" >= 1)
);
--> statement-breakpoint
ALTER TABLE "payment_overdue_marks" ADD CONSTRAINT "payment_overdue_marks_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder_settings" ADD CONSTRAINT "payment_reminder_settings_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reminders_customer_idx" ON "payment_reminders" USING btree ("organiser_id","customer_id");