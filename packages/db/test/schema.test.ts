import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../src/schema/index.ts";

// Column names are the TypeScript keys; the database's snake_case is applied by drizzle's casing.
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columnName = (column: { name: string }) => snake(column.name);

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);
const configs = tables.map((table) => getTableConfig(table));
const isTenant = (config: ReturnType<typeof getTableConfig>) =>
  config.columns.some((column) => columnName(column) === "organiser_id" && column.notNull);
const tenantTables = configs.filter(isTenant);
const tenantNames = new Set(tenantTables.map((config) => config.name));

// Every migration, in order: 0001_row_level_security.sql secures the first tenant tables, later
// migrations (0003_catalogue_row_level_security.sql, ...) the tables they add.
const migrationsFolder = path.join(import.meta.dirname, "../drizzle");
const rlsMigration = readdirSync(migrationsFolder)
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .map((file) => readFileSync(path.join(migrationsFolder, file), "utf8"))
  .join("\n");

describe("tenant tables", () => {
  it("are found in the schema", () => {
    expect(tenantTables.length).toBeGreaterThan(20);
    expect(tenantNames).toContain("customers");
    for (const name of [
      "catalogs",
      "catalog_activities",
      "segments",
      "calendar_periods",
      "resources",
      "resource_images",
      "resource_slots",
      "pages",
      "page_elements",
      "carts",
      "cart_items",
      "cart_item_dates",
      "registrations",
      "registration_dates",
      "customer_bundles",
      "customer_memberships",
      "customer_vouchers",
      "wallet_transactions",
      "payment_reference_sequences",
      "waiting_list_entries",
      "payments",
      "volume_discounts",
      "bundle_activities",
    ]) {
      expect(tenantNames).toContain(name);
    }
    expect(tenantNames).not.toContain("organisers");
    expect(tenantNames).not.toContain("messages");
  });

  it.each(tenantTables.map((config) => [config.name, config] as const))(
    "%s has row-level security with the tenant policy",
    (name) => {
      expect(rlsMigration).toContain(`ALTER TABLE "${name}" ENABLE ROW LEVEL SECURITY;`);
      expect(rlsMigration).toContain(`ALTER TABLE "${name}" FORCE ROW LEVEL SECURITY;`);
      expect(rlsMigration).toContain(`CREATE POLICY "tenant_isolation" ON "${name}" FOR ALL`);
    },
  );

  it.each(tenantTables.map((config) => [config.name, config] as const))(
    "%s references other tenant tables only through (organiser_id, id)",
    (_, config) => {
      for (const foreignKey of config.foreignKeys) {
        const reference = foreignKey.reference();
        const target = getTableConfig(reference.foreignTable);
        if (!tenantNames.has(target.name)) continue;
        expect(reference.columns.map(columnName)).toContain("organiser_id");
        expect(reference.foreignColumns.map(columnName)).toEqual(["organiser_id", "id"]);
      }
    },
  );

  it.each(
    tenantTables
      .filter((config) => config.columns.some((c) => c.name === "id"))
      .map((c) => [c.name, c] as const),
  )("%s is the possible target of composite keys: (organiser_id, id) is a key", (_, config) => {
    // The primary key of a tenant table (decision 0097); a unique constraint of the platform's
    // billing, which keeps its single-column keys.
    const keys = [...config.primaryKeys, ...config.uniqueConstraints].map((key) =>
      key.columns.map(columnName),
    );
    expect(keys).toContainEqual(["organiser_id", "id"]);
  });
});

describe("platform tables", () => {
  it("have no row-level security", () => {
    for (const name of [
      "organisers",
      "collaborators",
      "collaborator_sessions",
      "messages",
      "platform_meta",
    ]) {
      expect(rlsMigration).not.toContain(`"${name}" ENABLE`);
    }
  });
});

describe("entities", () => {
  it.each(
    configs
      .filter((config) => config.columns.some((c) => c.name === "id"))
      .map((c) => [c.name, c] as const),
  )("%s has an identity id and a unique cuid (per organiser in a tenant table)", (_, config) => {
    const id = config.columns.find((column) => columnName(column) === "id");
    const cuid = config.columns.find((column) => columnName(column) === "cuid");
    const keyed = (keys: { columns: { name: string }[] }[], name: string) =>
      keys.some((key) => {
        const columns = key.columns.map(columnName);
        return columns.at(-1) === name && columns.slice(0, -1).every((c) => c === "organiser_id");
      });
    expect(id?.generatedIdentity).toBeDefined();
    expect(id?.primary || keyed(config.primaryKeys, "id")).toBe(true);
    expect(cuid?.isUnique || keyed(config.uniqueConstraints, "cuid")).toBe(true);
  });
});
