CREATE TABLE "review_moderations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_moderations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cuid" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_moderations_cuid_unique" UNIQUE("cuid"),
	CONSTRAINT "review_moderations_organiser_id_id_unique" UNIQUE("organiser_id","id"),
	CONSTRAINT "review_moderations_organiser_id_review_id_unique" UNIQUE("organiser_id","review_id"),
	CONSTRAINT "review_moderations_answer" CHECK (("review_moderations"."answer" is null) = ("review_moderations"."answered_at" is null) and ("review_moderations"."answer" is null or length("review_moderations"."answer") between 1 and 2000))
);
--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
ALTER TABLE "review_moderations" ADD CONSTRAINT "review_moderations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderations" ADD CONSTRAINT "review_moderations_review_fk" FOREIGN KEY ("organiser_id","review_id") REFERENCES "public"."registration_reviews"("organiser_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bundles" ADD CONSTRAINT "customer_bundles_refund" CHECK (("customer_bundles"."refunded_at" is null) = ("customer_bundles"."refunded_amount" is null) and ("customer_bundles"."refunded_amount" is null or ("customer_bundles"."refunded_amount" >= 0 and "customer_bundles"."refunded_amount" <= "customer_bundles"."paid_amount")));--> statement-breakpoint
ALTER TABLE "customer_vouchers" ADD CONSTRAINT "customer_vouchers_refund" CHECK (("customer_vouchers"."refunded_at" is null) = ("customer_vouchers"."refunded_amount" is null) and ("customer_vouchers"."refunded_amount" is null or ("customer_vouchers"."refunded_amount" >= 0 and "customer_vouchers"."refunded_amount" <= "customer_vouchers"."paid_amount")));