import { createDatabaseFromTemplate } from "@booking/db";
import { LOCAL_SCHEMAS, PLATFORM_TABLES } from "@booking/db/distribution";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

// What Citus requires to distribute the tenant tables by organiser_id and co-locate them
// (decision 0097), read from PostgreSQL's catalogue of the migrated database: the migrations, not
// the Drizzle schema, are what a deployment runs.

type Table = { schema: string; name: string; organiserIdNotNull: boolean | null };
type Key = { table: string; name: string; kind: string; columns: string[] };
type ForeignKey = {
  table: string;
  name: string;
  target: string;
  columns: string[];
  targetColumns: string[];
};

let client: pg.Client;
let drop: () => Promise<void>;
let tables: Table[];
let keys: Key[];
let foreignKeys: ForeignKey[];

beforeAll(async () => {
  const copy = await createDatabaseFromTemplate(
    inject("databaseAdminUrl"),
    inject("templateDatabase"),
  );
  drop = copy.drop;
  client = new pg.Client({ connectionString: copy.url });
  await client.connect();
  tables = (
    await client.query<Table>(`
      select n.nspname as schema, c.relname as name,
        (select a.attnotnull from pg_attribute a
          where a.attrelid = c.oid and a.attname = 'organiser_id' and not a.attisdropped)
          as "organiserIdNotNull"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'`)
  ).rows;
  // Primary keys, unique constraints, unique indexes (partial ones too) and exclusion constraints
  // of the public schema, with their key columns (an expression counts as "<expression>").
  keys = (
    await client.query<Key>(`
      select t.relname as table, i.relname as name,
        coalesce(con.contype::text, 'unique index') as kind,
        array(select coalesce(a.attname, '<expression>')
          from unnest(x.indkey[0:x.indnkeyatts - 1]) with ordinality k(attnum, position)
          left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          order by k.position)::text[] as columns
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      left join pg_constraint con on con.conindid = x.indexrelid and con.conrelid = x.indrelid
      where t.relnamespace = 'public'::regnamespace
        and (x.indisunique or x.indisprimary or con.contype = 'x')`)
  ).rows;
  foreignKeys = (
    await client.query<ForeignKey>(`
      select con.conrelid::regclass::text as table, con.conname as name,
        con.confrelid::regclass::text as target,
        array(select a.attname from unnest(con.conkey) with ordinality k(attnum, position)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
          order by k.position)::text[] as columns,
        array(select a.attname from unnest(con.confkey) with ordinality k(attnum, position)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
          order by k.position)::text[] as "targetColumns"
      from pg_constraint con
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace`)
  ).rows;
});

afterAll(async () => {
  await client?.end();
  await drop?.();
});

const platformKind = (table: string) =>
  (PLATFORM_TABLES as Record<string, "reference" | "local">)[table];
const isTenant = (table: string) => platformKind(table) === undefined;
const publicTables = () => tables.filter((table) => table.schema === "public");
const tenantTables = () => publicTables().filter((table) => isTenant(table.name));

describe("every table is either a tenant table or listed", () => {
  it("the list names tables that exist", () => {
    const names = new Set(publicTables().map((table) => table.name));
    expect(Object.keys(PLATFORM_TABLES).filter((name) => !names.has(name))).toEqual([]);
  });

  it("tables outside the public schema are in a schema kept on the coordinator", () => {
    const schemas: readonly string[] = LOCAL_SCHEMAS;
    const outside = tables.filter((table) => table.schema !== "public");
    expect(outside.filter((table) => !schemas.includes(table.schema))).toEqual([]);
  });

  it("tenant tables are found", () => {
    expect(tenantTables().length).toBeGreaterThan(100);
    expect(tenantTables().map((table) => table.name)).toEqual(
      expect.arrayContaining(["customers", "registrations", "carts", "payments"]),
    );
  });
});

describe("tenant tables can be distributed by organiser_id", () => {
  it("have organiser_id, not null", () => {
    const offenders = tenantTables()
      .filter((table) => table.organiserIdNotNull !== true)
      .map((table) => table.name);
    expect(offenders).toEqual([]);
  });

  it("have a primary key that includes organiser_id", () => {
    const withKey = new Set(
      keys
        .filter((key) => key.kind === "p" && key.columns.includes("organiser_id"))
        .map((key) => key.table),
    );
    const offenders = tenantTables()
      .filter((table) => !withKey.has(table.name))
      .map((table) => table.name);
    expect(offenders).toEqual([]);
  });

  it("have organiser_id in every unique constraint, unique index and exclusion constraint", () => {
    const offenders = keys
      .filter((key) => isTenant(key.table) && !key.columns.includes("organiser_id"))
      .map((key) => `${key.table}: ${key.name} (${key.columns.join(", ")})`);
    expect(offenders).toEqual([]);
  });

  it("reference other tenant tables through organiser_id on both sides", () => {
    const offenders = foreignKeys
      .filter((fk) => isTenant(fk.table) && isTenant(fk.target))
      .filter((fk) => {
        const position = fk.columns.indexOf("organiser_id");
        return position === -1 || fk.targetColumns[position] !== "organiser_id";
      })
      .map((fk) => `${fk.table}.${fk.name} → ${fk.target}`);
    expect(offenders).toEqual([]);
  });

  it("reference platform tables only when these are reference tables", () => {
    const offenders = foreignKeys
      .filter((fk) => isTenant(fk.table) && platformKind(fk.target) === "local")
      .map((fk) => `${fk.table}.${fk.name} → ${fk.target}`);
    expect(offenders).toEqual([]);
  });
});

describe("platform tables", () => {
  it("reference tables point only to reference tables", () => {
    const offenders = foreignKeys
      .filter((fk) => platformKind(fk.table) === "reference")
      .filter((fk) => platformKind(fk.target) !== "reference")
      .map((fk) => `${fk.table}.${fk.name} → ${fk.target}`);
    expect(offenders).toEqual([]);
  });

  it("point to no tenant table (Citus refuses such a key on a reference or local table)", () => {
    const offenders = foreignKeys
      .filter((fk) => platformKind(fk.table) !== undefined && isTenant(fk.target))
      .map((fk) => `${fk.table}.${fk.name} → ${fk.target}`);
    expect(offenders).toEqual([]);
  });
});
