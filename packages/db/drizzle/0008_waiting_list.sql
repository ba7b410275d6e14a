CREATE TABLE "waiting_list_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiting_list_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	CONSTRAINT "waiting_list_entries_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "waiting_list_entries_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "waiting_list_entries_organiser_id_availability_id_participant_id_unique" UNIQUE("organiser_id","availability_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_availability_fk" FOREIGN KEY ("organiser_id","availability_id") REFERENCES "public"."availabilities"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_participant_fk" FOREIGN KEY ("organiser_id","participant_id") REFERENCES "public"."participants"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_customer_fk" FOREIGN KEY ("organiser_id","customer_id") REFERENCES "public"."customers"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_entries_organiser_id_customer_id_idx" ON "waiting_list_entries" USING btree ("organiser_id","customer_id");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_organiser_id_participant_id_idx" ON "waiting_list_entries" USING btree ("organiser_id","participant_id");