ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_one_target";--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "booking_participation_id" integer;--> statement-breakpoint
ALTER TABLE "booking_participations" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_booking_participation_fk" FOREIGN KEY ("organiser_id","booking_participation_id") REFERENCES "public"."booking_participations"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_organiser_id_booking_participation_id_idx" ON "bank_transfers" USING btree ("organiser_id","booking_participation_id");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_one_target" CHECK (num_nonnulls("bank_transfers"."cart_id", "bank_transfers"."attendance_charge_id", "bank_transfers"."booking_participation_id") = 1);