CREATE TABLE "blog_article_images" (
	"organiser_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_article_images_article_id_image_id_pk" PRIMARY KEY("article_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "blog_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_articles_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "blog_articles_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "blog_articles_organiser_id_slug_unique" UNIQUE("organiser_id","slug"),
	CONSTRAINT "blog_articles_slug_format" CHECK ("blog_articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blog_articles_published_has_date" CHECK (not "blog_articles"."published" or "blog_articles"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "blog_article_images" ADD CONSTRAINT "blog_article_images_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_article_images" ADD CONSTRAINT "blog_article_images_article_fk" FOREIGN KEY ("organiser_id","article_id") REFERENCES "public"."blog_articles"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_article_images" ADD CONSTRAINT "blog_article_images_image_fk" FOREIGN KEY ("organiser_id","image_id") REFERENCES "public"."images"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_author_id_collaborators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_article_images_image_id_idx" ON "blog_article_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "blog_articles_organiser_id_published_at_idx" ON "blog_articles" USING btree ("organiser_id","published_at");