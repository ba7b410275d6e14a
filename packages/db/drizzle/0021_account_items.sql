CREATE TABLE "attendance_billing_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_billing_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"billing_cycle_type" text DEFAULT 'MONTHLY' NOT NULL,
	"billing_cycle_duration" integer DEFAULT 1 NOT NULL,
	"unit_duration" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_billing_configurations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "attendance_billing_configurations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "attendance_billing_configurations_cycle_type" CHECK ("attendance_billing_configurations"."billing_cycle_type" in ('MONTHLY')),
	CONSTRAINT "attendance_billing_configurations_amounts" CHECK ("attendance_billing_configurations"."billing_cycle_duration" >= 1 and "attendance_billing_configurations"."unit_duration" > 0 and "attendance_billing_configurations"."unit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attendance_billing_cycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_billing_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_billing_cycles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "attendance_billing_cycles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "attendance_billing_cycles_organiser_id_configuration_id_start_at_unique" UNIQUE("organiser_id","configuration_id","start_at"),
	CONSTRAINT "attendance_billing_cycles_period" CHECK ("attendance_billing_cycles"."end_at" > "attendance_billing_cycles"."start_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_charge_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_charge_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"attendance_charge_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"availability_date_id" integer NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"departed_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_charge_items_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "attendance_charge_items_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "attendance_charge_items_organiser_id_registration_id_date_id_unique" UNIQUE("organiser_id","registration_id","availability_date_id"),
	CONSTRAINT "attendance_charge_items_values" CHECK ("attendance_charge_items"."departed_at" >= "attendance_charge_items"."arrived_at" and "attendance_charge_items"."duration" >= 0 and "attendance_charge_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attendance_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"billing_cycle_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_charges_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "attendance_charges_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "attendance_charges_organiser_id_billing_cycle_id_customer_id_unique" UNIQUE("organiser_id","billing_cycle_id","customer_id"),
	CONSTRAINT "attendance_charges_amounts" CHECK ("attendance_charges"."total_amount" >= 0 and "attendance_charges"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_dates_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "booking_dates_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "booking_dates_period" CHECK ("booking_dates"."end_at" > "booking_dates"."start_at")
);
--> statement-breakpoint
CREATE TABLE "booking_participations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_participations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_participations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "booking_participations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "booking_participations_organiser_id_booking_id_participant_id_unique" UNIQUE("organiser_id","booking_id","participant_id"),
	CONSTRAINT "booking_participations_amounts" CHECK ("booking_participations"."total_amount" >= 0 and "booking_participations"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "bookings_organiser_id_id_unique" UNIQUE("organiser_id","id")
);
--> statement-breakpoint
CREATE TABLE "registration_request_availabilities" (
	"organiser_id" integer NOT NULL,
	"registration_request_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_request_availabilities_registration_request_id_availability_id_pk" PRIMARY KEY("registration_request_id","availability_id")
);
--> statement-breakpoint
CREATE TABLE "registration_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total_amount" integer NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_requests_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "registration_requests_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "registration_requests_status" CHECK ("registration_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "registration_requests_status_changed_at" CHECK (("registration_requests"."status" = 'PENDING') = ("registration_requests"."status_changed_at" is null)),
	CONSTRAINT "registration_requests_amounts" CHECK ("registration_requests"."total_amount" >= 0 and "registration_requests"."deposit_amount" >= 0 and "registration_requests"."deposit_amount" <= "registration_requests"."total_amount" and "registration_requests"."paid_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD COLUMN "cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" ADD CONSTRAINT "attendance_billing_configurations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_billing_configurations" ADD CONSTRAINT "attendance_billing_configurations_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" ADD CONSTRAINT "attendance_billing_cycles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_billing_cycles" ADD CONSTRAINT "attendance_billing_cycles_configuration_fk" FOREIGN KEY ("organiser_id","configuration_id") REFERENCES "public"."attendance_billing_configurations"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_charge_fk" FOREIGN KEY ("organiser_id","attendance_charge_id") REFERENCES "public"."attendance_charges"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_registration_fk" FOREIGN KEY ("organiser_id","registration_id") REFERENCES "public"."registrations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charge_items" ADD CONSTRAINT "attendance_charge_items_availability_date_fk" FOREIGN KEY ("organiser_id","availability_date_id") REFERENCES "public"."availability_dates"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charges" ADD CONSTRAINT "attendance_charges_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charges" ADD CONSTRAINT "attendance_charges_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_charges" ADD CONSTRAINT "attendance_charges_billing_cycle_fk" FOREIGN KEY ("organiser_id","billing_cycle_id") REFERENCES "public"."attendance_billing_cycles"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_dates" ADD CONSTRAINT "booking_dates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_dates" ADD CONSTRAINT "booking_dates_booking_fk" FOREIGN KEY ("organiser_id","booking_id") REFERENCES "public"."bookings"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_booking_fk" FOREIGN KEY ("organiser_id","booking_id") REFERENCES "public"."bookings"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD CONSTRAINT "booking_participations_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD CONSTRAINT "registration_request_availabilities_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD CONSTRAINT "registration_request_availabilities_request_fk" FOREIGN KEY ("organiser_id","registration_request_id") REFERENCES "public"."registration_requests"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_request_availabilities" ADD CONSTRAINT "registration_request_availabilities_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_activity_fk" FOREIGN KEY ("organiser_id","activity_id") REFERENCES "public"."activities"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_billing_configurations_organiser_id_activity_id_idx" ON "attendance_billing_configurations" USING btree ("organiser_id","activity_id");--> statement-breakpoint
CREATE INDEX "attendance_charge_items_organiser_id_charge_id_idx" ON "attendance_charge_items" USING btree ("organiser_id","attendance_charge_id");--> statement-breakpoint
CREATE INDEX "attendance_charge_items_organiser_id_availability_date_id_idx" ON "attendance_charge_items" USING btree ("organiser_id","availability_date_id");--> statement-breakpoint
CREATE INDEX "attendance_charges_organiser_id_customer_id_idx" ON "attendance_charges" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "booking_dates_organiser_id_booking_id_start_at_idx" ON "booking_dates" USING btree ("organiser_id","booking_id","start_at");--> statement-breakpoint
CREATE INDEX "booking_participations_organiser_id_customer_id_booking_id_idx" ON "booking_participations" USING btree ("organiser_id","customer_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_participations_organiser_id_participant_id_idx" ON "booking_participations" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "bookings_organiser_id_resource_id_idx" ON "bookings" USING btree ("organiser_id","resource_id");--> statement-breakpoint
CREATE INDEX "registration_request_availabilities_organiser_id_availability_id_idx" ON "registration_request_availabilities" USING btree ("organiser_id","availability_id");--> statement-breakpoint
CREATE INDEX "registration_requests_organiser_id_customer_id_idx" ON "registration_requests" USING btree ("organiser_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "registration_requests_organiser_id_participant_id_idx" ON "registration_requests" USING btree ("organiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "registration_requests_organiser_id_activity_id_status_idx" ON "registration_requests" USING btree ("organiser_id","activity_id","status");