ALTER TABLE "customer_invoices" DROP CONSTRAINT "customer_invoices_source";--> statement-breakpoint
-- What each document bills, named (decision 0083); the rows issued before are orders' and charges'.
ALTER TABLE "customer_invoices" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "customer_invoices" SET "source" = CASE WHEN "cart_id" IS NOT NULL THEN 'CART' ELSE 'ATTENDANCE_CHARGE' END;--> statement-breakpoint
ALTER TABLE "customer_invoices" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "registration_request_id" integer;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "booking_participation_id" integer;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_registration_request_fk" FOREIGN KEY ("organiser_id","registration_request_id") REFERENCES "public"."registration_requests"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_booking_participation_fk" FOREIGN KEY ("organiser_id","booking_participation_id") REFERENCES "public"."booking_participations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_registration_request_invoice_unique" ON "customer_invoices" USING btree ("organiser_id","registration_request_id") WHERE "customer_invoices"."type" = 'INVOICE' and "customer_invoices"."registration_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_booking_participation_invoice_unique" ON "customer_invoices" USING btree ("organiser_id","booking_participation_id") WHERE "customer_invoices"."type" = 'INVOICE' and "customer_invoices"."booking_participation_id" is not null;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_source" CHECK (case "customer_invoices"."source"
        when 'CART' then "customer_invoices"."cart_id" is not null
        when 'ATTENDANCE_CHARGE' then "customer_invoices"."attendance_charge_id" is not null
        when 'REGISTRATION_REQUEST' then "customer_invoices"."registration_request_id" is not null
        when 'BOOKING_SHARE' then "customer_invoices"."booking_participation_id" is not null
        else false end
        and num_nonnulls("customer_invoices"."cart_id", "customer_invoices"."attendance_charge_id", "customer_invoices"."registration_request_id", "customer_invoices"."booking_participation_id") = 1);