ALTER TABLE "registration_requests" ADD COLUMN "cart_id" integer;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_cart_fk" FOREIGN KEY ("organiser_id","cart_id") REFERENCES "public"."carts"("organiser_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_organiser_id_cart_id_unique" UNIQUE("organiser_id","cart_id");