ALTER TABLE "bookings" ADD COLUMN "cart_item_id" integer;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "cart_item_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_cart_item_fk" FOREIGN KEY ("organiser_id","cart_item_id") REFERENCES "public"."cart_items"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id");--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_organiser_id_cart_item_id_unique" UNIQUE("organiser_id","cart_item_id");