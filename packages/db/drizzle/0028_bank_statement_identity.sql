ALTER TABLE "bank_statement_lines" ADD COLUMN "legacy_fingerprint" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "exact_amount" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "statement_key" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "period_to" date;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "opening_balance" jsonb;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "closing_balance" jsonb;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "balance_check" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "balance_difference" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_organiser_id_legacy_fingerprint_unique" ON "bank_statement_lines" USING btree ("organiser_id","legacy_fingerprint") WHERE "bank_statement_lines"."legacy_fingerprint" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_organiser_id_account_statement_key_unique" ON "bank_statements" USING btree ("organiser_id","account_iban","statement_key") WHERE "bank_statements"."statement_key" is not null;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_review" CHECK ("bank_statement_lines"."review" in ('SUB_MINOR_AMOUNT', 'NO_DATE'));--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_balance_check" CHECK ("bank_statements"."balance_check" in ('BALANCED', 'UNBALANCED', 'NO_BALANCES'));--> statement-breakpoint
-- Lines stored before decision 0038 were identified by their bank reference (their fingerprint):
-- that becomes their legacy fingerprint, which a re-import of their file matches once per row.
UPDATE "bank_statement_lines" SET "legacy_fingerprint" = "fingerprint";
