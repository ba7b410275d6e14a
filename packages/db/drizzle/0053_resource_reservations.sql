CREATE TABLE "resource_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"period" "tstzrange" NOT NULL,
	"cart_item_id" integer,
	"booking_date_id" integer,
	CONSTRAINT "resource_reservations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "resource_reservations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "resource_reservations_organiser_id_booking_date_id_unique" UNIQUE("organiser_id","booking_date_id"),
	CONSTRAINT "resource_reservations_holder" CHECK (("resource_reservations"."cart_item_id" is null) <> ("resource_reservations"."booking_date_id" is null))
);
--> statement-breakpoint
CREATE TABLE "resource_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_closures_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "resource_closures_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "resource_closures_period" CHECK ("resource_closures"."end_at" > "resource_closures"."start_at")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_destination";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "booking_participation_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "booking_participation_id" integer;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "booking_days_ahead" integer;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_reservations" ADD CONSTRAINT "resource_reservations_booking_date_fk" FOREIGN KEY ("organiser_id","booking_date_id") REFERENCES "public"."booking_dates"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_closures" ADD CONSTRAINT "resource_closures_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_closures" ADD CONSTRAINT "resource_closures_resource_fk" FOREIGN KEY ("organiser_id","resource_id") REFERENCES "public"."resources"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_reservations_organiser_id_cart_item_id_idx" ON "resource_reservations" USING btree ("organiser_id","cart_item_id");--> statement-breakpoint
CREATE INDEX "resource_closures_organiser_id_resource_id_start_at_idx" ON "resource_closures" USING btree ("organiser_id","resource_id","start_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_participation_fk" FOREIGN KEY ("organiser_id","booking_participation_id") REFERENCES "public"."booking_participations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_booking_participation_fk" FOREIGN KEY ("organiser_id","booking_participation_id") REFERENCES "public"."booking_participations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_organiser_id_booking_participation_id_idx" ON "payments" USING btree ("organiser_id","booking_participation_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_destination" CHECK (case "payments"."purpose" when 'CHECKOUT' then "payments"."cart_id" is not null and "payments"."registration_id" is null and "payments"."registration_request_id" is null and "payments"."booking_participation_id" is null and "payments"."return_path" is null else ("payments"."cart_id" is not null and "payments"."registration_request_id" is null and "payments"."booking_participation_id" is null) or ("payments"."registration_request_id" is not null and "payments"."cart_id" is null and "payments"."registration_id" is null and "payments"."booking_participation_id" is null) or ("payments"."booking_participation_id" is not null and "payments"."cart_id" is null and "payments"."registration_id" is null and "payments"."registration_request_id" is null) end);--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_booking_days_ahead" CHECK ("resources"."booking_days_ahead" is null or "resources"."booking_days_ahead" >= 0);