ALTER TABLE "carts" ADD COLUMN "proofs_erased_at" timestamp with time zone;
