import { describe, expect, it } from "vitest";
import { liveMigrationProblems, splitStatements } from "../src/live-safe-migrations.ts";
import { type Migration, readMigrations } from "../src/migrate.ts";

/**
 * Migrations written before the rule (decision 0095), each with what it does on a table that
 * already existed. They ran on small databases; they are never edited (their hash is recorded).
 * Do not add to this list: write the migration the live-safe way (README "Writing migrations").
 */
const BEFORE_THE_RULE: Record<string, string> = {
  "0002_catalogue": "foreign keys and indexes on availabilities and categories",
  "0006_registrations": "a foreign key from carts",
  "0014_online_payment_pending": "foreign keys from carts and payments",
  "0020_voucher_redemption": "foreign keys from bundles, vouchers and the wallet",
  "0023_account_payments": "foreign keys and an index on payments and the wallet",
  "0024_console": "foreign keys from sessions and registration dates",
  "0026_wallet_adjustment_note": "a foreign key from the wallet",
  "0027_console_payments": "indexes and foreign keys on bank transfers and carts",
  "0028_bank_statement_identity": "indexes and foreign keys on bank statements",
  "0030_platform_operators": "foreign keys from the audit log, sessions and organisers",
  "0033_own_domain_verification": "the verified-domain index on organisers",
  "0034_signup_console_login": "a foreign key from collaborator tokens",
  "0036_operator_rows_cuid": "unique cuids on operator sessions and tokens",
  "0037_customers_newsletter_consent": "an index and a foreign key on customers",
  "0043_staff_assignments": "a foreign key from collaborators",
  "0049_messages_manual_message_key": "a foreign key from messages",
  "0050_messages_manual_message_index": "an index on messages",
  "0051_registration_request_tiers": "a foreign key and an index on registration requests",
  "0053_resource_reservations": "foreign keys and indexes on payments and the wallet",
  "0054_resource_reservations_no_overlap": "the no-overlap exclusion on reservations",
  "0055_attendance_billing": "foreign keys and indexes on payments and the wallet",
  "0056_registration_request_approval": "a foreign key and a unique key on registration requests",
  "0059_wallet_booking_share_payments": "a foreign key from the wallet",
  "0061_bank_transfers_attendance_charges": "a foreign key and an index on bank transfers",
  "0063_resource_groups_booking_configurations": "a foreign key and an index on resources",
  "0069_booking_share_transfers": "a foreign key and an index on bank transfers",
  "0072_platform_billing": "a foreign key from organisers",
  "0074_order_items_links": "foreign keys and unique keys on bookings and requests",
  "0076_platform_usage_keys": "SET NOT NULL and a new primary key on platform usage",
  "0077_availability_collaborator_minutes": "a foreign key from availability collaborators",
  "0080_owned_refunds_and_review_moderation": "foreign keys from bundles and vouchers",
  "0086_invoice_sources": "SET NOT NULL, a foreign key and an index on customer invoices",
  "0087_imports": "an index on customers",
  "0089_tags_badge_lists_collaborator_records": "a foreign key from custom fields",
  "0092_imports_other_kinds": "indexes on activities and availabilities, a foreign key on imports",
  "0093_webhook_attempt_cuid": "a NOT NULL cuid and its unique key on webhook attempts",
  "0096_registrations_external_id": "a unique index on registrations, in the same session",
  // Before the rule of decision 0106 (tables locked together in one transaction):
  "0001_row_level_security": "row-level security on 27 tables, created empty by 0000",
  "0098_tenant_primary_keys":
    "110 tables re-keyed in one transaction, catalogue only (1.8 s alone, a 5 s stall under load: bench/RESULTS.md)",
};

function migration(tag: string, sql: string, outsideTransaction = false): Migration {
  return { tag, statements: [sql], createdAt: 0, hash: tag, outsideTransaction };
}

const base = migration(
  "0000_base",
  'CREATE TABLE "orders" ("id" serial PRIMARY KEY, "total" integer);',
);

function rulesOf(sql: string, outsideTransaction = false): string[] {
  return liveMigrationProblems([base, migration("0001_next", sql, outsideTransaction)]).map(
    (problem) => problem.rule,
  );
}

describe("live-safe migrations", () => {
  it("every migration after the rule passes it", () => {
    const problems = liveMigrationProblems(readMigrations()).filter(
      (problem) => !(problem.tag in BEFORE_THE_RULE),
    );
    expect(problems).toEqual([]);
  });

  it("the allow-list names only migrations that break the rule", () => {
    const breaking = new Set(liveMigrationProblems(readMigrations()).map((problem) => problem.tag));
    expect(Object.keys(BEFORE_THE_RULE).filter((tag) => !breaking.has(tag))).toEqual([]);
  });

  it("refuses a transaction that locks more than a few existing tables until it commits", () => {
    const tables = Array.from({ length: 11 }, (_, n) => `t${n}`);
    const create = migration(
      "0000_tables",
      tables.map((table) => `CREATE TABLE "${table}" ("id" integer);`).join("\n"),
    );
    const alter = (names: string[], action: string) =>
      migration("0001_next", names.map((name) => `ALTER TABLE "${name}" ${action};`).join("\n"));
    const rules = (next: Migration) =>
      liveMigrationProblems([create, next]).map((problem) => problem.rule);
    expect(rules(alter(tables, "ENABLE ROW LEVEL SECURITY"))).toEqual([
      expect.stringContaining("one transaction locks 11 existing tables"),
    ]);
    expect(rules(alter(tables.slice(1), "ENABLE ROW LEVEL SECURITY"))).toEqual([]);
    // VALIDATE lets reads and writes go on; outside a transaction each statement commits alone.
    expect(rules(alter(tables, 'VALIDATE CONSTRAINT "c"'))).toEqual([]);
    expect(
      rules({ ...alter(tables, "ENABLE ROW LEVEL SECURITY"), outsideTransaction: true }),
    ).toEqual([]);
  });

  it("catches the common traps on a table that already exists", () => {
    expect(rulesOf('CREATE INDEX "orders_total" ON "orders" ("total")')).toHaveLength(1);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text NOT NULL')).toHaveLength(1);
    expect(
      rulesOf('ALTER TABLE "orders" ADD COLUMN "key" uuid DEFAULT gen_random_uuid()'),
    ).toHaveLength(1);
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE bigint')).toHaveLength(
      1,
    );
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "total" TYPE bigint')).toHaveLength(1);
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "total" SET NOT NULL')).toHaveLength(1);
    expect(
      rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "fk" FOREIGN KEY ("id") REFERENCES "x"("id")'),
    ).toHaveLength(1);
    expect(
      rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "positive" CHECK ("total" > 0)'),
    ).toHaveLength(1);
    expect(rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "u" UNIQUE("total")')).toHaveLength(1);
    expect(rulesOf("LOCK TABLE orders")).toHaveLength(1);
    expect(rulesOf('CREATE INDEX CONCURRENTLY "o" ON "orders" ("total")')).toHaveLength(1);
  });

  it("lets the live-safe forms and new tables through", () => {
    expect(
      rulesOf('CREATE INDEX CONCURRENTLY IF NOT EXISTS "o" ON "orders" ("total")', true),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text DEFAULT \'\' NOT NULL')).toEqual(
      [],
    );
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text')).toEqual([]);
    expect(
      rulesOf(
        'ALTER TABLE "orders" ADD CONSTRAINT "fk" FOREIGN KEY ("id") REFERENCES "x"("id") NOT VALID;ALTER TABLE "orders" VALIDATE CONSTRAINT "fk"',
      ),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "u" UNIQUE USING INDEX "o"')).toEqual([]);
    expect(
      rulesOf(
        'CREATE TABLE "lines" ("id" serial, "order_id" integer NOT NULL);CREATE INDEX "l" ON "lines" ("order_id");ALTER TABLE "lines" ADD CONSTRAINT "fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id")',
      ),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY')).toEqual([]);
  });

  it("splits statements outside quotes, comments and function bodies", () => {
    expect(
      splitStatements("SELECT ';';-- a; comment\nDO $$ BEGIN PERFORM 1; END $$;SELECT \"a;b\""),
    ).toEqual(["SELECT ';'", "DO $$ BEGIN PERFORM 1; END $$", 'SELECT "a;b"']);
  });
});
