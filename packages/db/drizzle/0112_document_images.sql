CREATE TABLE "document_images" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "document_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_images_pkey" PRIMARY KEY("organiser_id","id"),
	CONSTRAINT "document_images_cuid_unique" UNIQUE("organiser_id","cuid"),
	CONSTRAINT "document_images_content_type" CHECK ("document_images"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "document_images_size" CHECK ("document_images"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "document_images" ADD CONSTRAINT "document_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;