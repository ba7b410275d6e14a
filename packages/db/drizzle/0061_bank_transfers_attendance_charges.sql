ALTER TABLE "bank_transfers" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "attendance_charge_id" integer;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_attendance_charge_fk" FOREIGN KEY ("organiser_id","attendance_charge_id") REFERENCES "public"."attendance_charges"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_organiser_id_attendance_charge_id_idx" ON "bank_transfers" USING btree ("organiser_id","attendance_charge_id");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_one_target" CHECK (num_nonnulls("bank_transfers"."cart_id", "bank_transfers"."attendance_charge_id") = 1);