import path from "node:path";
import { Writable } from "node:stream";
import { MAX_AMOUNT } from "@booking/contracts";
import { carts, customers, DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { MAX_WALLET_BALANCE } from "@booking/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { camt053, coda, uploadStatement } from "./bank-statement-files.ts";
import { consoleLogin, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest, SLIDING_SESSION_COLUMNS } from "./database-digest.ts";
import { Client, createTestApp, DEMO_HOST, DEMO_PASSWORD, type TestApp } from "./harness.ts";
import {
  bodyFields,
  isNumeric,
  isScalarOnly,
  type JsonSchema,
  type Operation,
  operationsOf,
  plausibleValue,
  withValueAt,
} from "./openapi-operations.ts";

/**
 * Bad input never answers 500 (issue 11 §2): every operation of the OpenAPI document the server
 * publishes (storefront, account and console) receives hostile values in each path parameter,
 * query parameter and body field, one at a time, the rest of its input plausible and its path
 * naming real rows of the demo. Every answer is a 4xx, and the database is the same afterwards.
 */

let t: TestApp;
let customer: Client;
let owner: Client;
let organiserId: number;
let customerId: number;

/** A web build reduced to one page (see the file): pages are routes too. */
const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");

/** What the server logs: the database's own refusals show there (see errors.ts). */
const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logs.push(String(chunk));
    done();
  },
});
const databaseRefusals = () => logs.filter((line) => line.includes("database refused")).length;

beforeAll(async () => {
  t = await createTestApp({ logLevel: "warn", logStream, webBuildDir: SMALL_WEB_BUILD });
  organiserId = await organiserIdOf(t.db, "demo");
  customer = new Client(t.app, DEMO_HOST);
  const login = await customer.post("/api/auth/login", {
    email: DEMO_CUSTOMER_EMAIL,
    password: DEMO_PASSWORD,
  });
  if (login.statusCode !== 200) throw new Error(`customer log-in failed: ${login.body}`);
  customerId = login.json().customer.id;
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(async () => {
  await t.close();
});

/** The database as the test compares it: sessions slide while they are used. */
const digest = () => databaseDigest(t.db, SLIDING_SESSION_COLUMNS);

const BIG = 2 ** 31;
const HUGE_TEXT = "x".repeat(100_000);

/** Text no field may hold: PostgreSQL refuses NUL, and half a surrogate pair is not text. */
const BAD_TEXT = ["\u0000", "ok\u0000ok", "\uD800", "a\uDFFFb"];
/** Numbers beyond every integer column, and the largest one that still fits. */
const BAD_NUMBERS = [BIG - 1, BIG, 2 ** 53, -BIG - 1, 1e308];
const WRONG_SHAPES = [{ nested: { deeper: "x" } }, ["x", 1], true];

/** Query and path values as they travel in a URL (already percent-encoded). */
const BAD_URL_TEXT = ["%00", "a%00b"];
/** Invalid UTF-8 (a lone surrogate encoded): decoded or refused, never a 5xx. */
const BROKEN_URL_TEXT = ["%ED%A0%80", "%C0"];
const BAD_URL_NUMBERS = ["2147483648", "9007199254740993", "-2147483649", "1e308"];

interface Probe {
  method: Operation["method"];
  url: string;
  body?: unknown;
  /** false: any status below 500 will do (the value may be harmless for this field) */
  strict: boolean;
  what: string;
}

/** The table behind a URL segment followed by a parameter, where the names differ. */
const TABLE_OF_SEGMENT: Record<string, string> = {
  roles: "collaborator_roles",
  "audit-logs": "audit_logs",
  notes: "customer_notes",
  options: "activity_options",
  questions: "activity_questions",
  images: "activity_images",
  dates: "availability_dates",
  "waiting-list": "waiting_list_entries",
  requests: "registration_requests",
  "bank-statements": "bank_statements",
  "bank-transfers": "bank_transfers",
  "bank-statement-lines": "bank_statement_lines",
  "category-groups": "category_groups",
  "custom-fields": "custom_fields",
};

let columnsOf: Map<string, Set<string>> | undefined;

/** A cuid of the demo organiser's table behind `segment`, the demo customer's own if it can. */
async function realCuid(segment: string): Promise<string> {
  const table = TABLE_OF_SEGMENT[segment] ?? segment.replaceAll("-", "_");
  if (!columnsOf) {
    const rows = await t.db.execute<{ table: string; name: string }>(
      sql`select table_name as table, column_name as name from information_schema.columns
          where table_schema = 'public'`,
    );
    columnsOf = new Map();
    for (const row of rows.rows) {
      columnsOf.set(row.table, (columnsOf.get(row.table) ?? new Set()).add(row.name));
    }
  }
  const columns = columnsOf.get(table) ?? new Set();
  if (!columns.has("cuid")) return "zzzzzzzzzzzzzzzzzzzzzzzz";
  const mine = columns.has("customer_id") ? sql`customer_id = ${customerId} desc,` : sql``;
  const ofDemo = columns.has("organiser_id") ? sql`where organiser_id = ${organiserId}` : sql``;
  const result = await t.db.execute<{ cuid: string }>(
    sql`select cuid from ${sql.identifier(table)} ${ofDemo} order by ${mine} id limit 1`,
  );
  return result.rows[0]?.cuid ?? "zzzzzzzzzzzzzzzzzzzzzzzz";
}

async function realPath(path: string): Promise<(params: Record<string, string>) => string> {
  const values: Record<string, string> = {};
  for (const match of path.matchAll(/([a-z-]+)[/.]\{([a-z_]+)\}/g)) {
    const [, segment, name] = match;
    values[name!] = name === "format" ? "csv" : await realCuid(segment!);
  }
  return (overrides) =>
    path.replace(/\{([a-z_]+)\}/g, (_, name: string) => overrides[name] ?? values[name]!);
}

/**
 * `count` of `values`, drawn by fast-check with a fixed seed: the same every run, a different
 * draw for each place a value goes, every value sent somewhere.
 */
let draws = 0;
function pick<T>(values: readonly T[], count: number): T[] {
  draws += 1;
  const subset = fc.shuffledSubarray([...values], { minLength: count, maxLength: count });
  return fc.sample(subset, { seed: SEED + draws, numRuns: 1 })[0]!;
}
const SEED = 20_261_127;

/** The hostile requests of one operation. */
async function probesOf(operation: Operation): Promise<Probe[]> {
  const { method, path, parameters } = operation;
  const url = await realPath(path);
  const query = parameters.filter((parameter) => parameter.in === "query");
  const body = operation.body ? plausibleValue(operation.body) : undefined;
  const plainBody = method === "GET" ? undefined : (body ?? {});
  const probes: Probe[] = [];
  const add = (what: string, strict: boolean, target: string, sent: unknown = plainBody) =>
    probes.push({ method, url: target, body: sent, strict, what });

  for (const parameter of parameters.filter((p) => p.in === "path")) {
    const at = (value: string) => url({ [parameter.name]: value });
    const values = [...pick(BAD_URL_TEXT, 1), ...pick(BAD_URL_NUMBERS, 2), "x".repeat(5000)];
    for (const value of values)
      add(`path ${parameter.name}=${value.slice(0, 20)}`, true, at(value));
    for (const value of pick(BROKEN_URL_TEXT, 1)) {
      add(`path ${parameter.name}=${value}`, false, at(value));
    }
  }
  for (const parameter of query) {
    const name = parameter.name;
    const at = (...values: string[]) =>
      `${url({})}?${values.map((value) => `${name}=${value}`).join("&")}`;
    for (const value of pick(BAD_URL_TEXT, 1)) add(`query ${name}=${value}`, true, at(value));
    for (const value of pick(BROKEN_URL_TEXT, 1)) add(`query ${name}=${value}`, false, at(value));
    add(`query ${name}=100 kB`, true, at(HUGE_TEXT));
    const numeric = isNumeric(parameter.schema) && isScalarOnly(parameter.schema);
    for (const value of pick(BAD_URL_NUMBERS, 2)) add(`query ${name}=${value}`, numeric, at(value));
    add(`query ${name} twice`, isScalarOnly(parameter.schema), at("1", "2"));
  }
  if (query.length === 0) add("unknown query NUL", true, `${url({})}?fuzz=%00`);

  if (operation.body) {
    for (const field of bodyFields(operation.body)) {
      const name = field.path.join(".");
      const send = (value: unknown, label: string) =>
        add(`body ${name}=${label}`, true, url({}), withValueAt(body, field.path, value));
      for (const value of pick(BAD_TEXT, 2)) send(value, JSON.stringify(value));
      for (const value of pick(BAD_NUMBERS, 2)) send(value, String(value));
      send(HUGE_TEXT, "100 kB");
      const wrong = WRONG_SHAPES.filter((value) => !accepts(field.schema, value));
      if (isScalarOnly(field.schema))
        for (const value of pick(wrong, 1)) send(value, "wrong shape");
    }
  } else if (method !== "GET") {
    add("unknown body field NUL", true, url({}), { fuzz: "\u0000" });
  }
  return probes;
}

function accepts(schema: JsonSchema, value: unknown): boolean {
  const types = [schema.type ?? [], ...(schema.anyOf ?? []).map((o) => o.type ?? [])].flat();
  return types.includes(typeof value);
}

function clientOf(operation: Operation): Client | null {
  if (operation.path.startsWith("/api/admin/")) return owner;
  if (operation.path.startsWith("/api/docs")) return null;
  return customer;
}

describe("hostile input on every operation of the OpenAPI document", () => {
  it("answers 4xx (never 5xx) and changes nothing", async () => {
    const document = await t.app.inject({ url: "/api/docs/json", headers: { host: DEMO_HOST } });
    const operations = operationsOf(document.json());
    expect(operations.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let sent = 0;
    const send = async (client: Client, probe: Probe) => {
      const refusalsBefore = databaseRefusals();
      const response = await client.request(probe.method, probe.url, { body: probe.body });
      sent += 1;
      const status = response.statusCode;
      const request = `${probe.method} ${probe.url.slice(0, 120)} ${probe.what}`;
      if (probe.strict ? status < 400 || status >= 500 : status >= 500) {
        failures.push(`${request}: ${status} ${response.body.slice(0, 200)}`);
      }
      // A refusal must come from a contract, not from PostgreSQL refusing the value (errors.ts).
      if (databaseRefusals() > refusalsBefore) failures.push(`${request}: refused by the database`);
    };
    for (const operation of operations) {
      const client = clientOf(operation);
      if (!client) continue;
      const probes = await probesOf(operation);
      const before = await digest();
      for (const probe of probes.filter((p) => p.strict)) await send(client, probe);
      const after = await digest();
      if (after !== before) {
        const changed = after.split("\n").filter((line) => !before.split("\n").includes(line));
        failures.push(`${operation.method} ${operation.path}: changed ${changed.join(", ")}`);
      }
      // Values that may be harmless for their field come last: they need not be refused.
      for (const probe of probes.filter((p) => !p.strict)) await send(client, probe);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
    // About 400 operations, each with a database digest before and after: 30–60 s alone, several
    // minutes beside the other test files on two cores.
  }, 480_000);
});

describe("hostile input in a page's address", () => {
  it("answers 400 as a page, before any loader reads it", async () => {
    for (const url of ["/fr/catalogue?search=%00", "/fr/catalogue?q=a%00b", "/fr/cata%00logue"]) {
      const response = await customer.request("GET", url, { headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain("Adresse invalide");
    }
    const english = await customer.request("GET", "/en/catalogue?search=%00", {
      headers: { accept: "text/html" },
    });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain("Bad request");
    const readable = await customer.request("GET", "/fr/catalogue?search=%C3%A9t%C3%A9", {
      headers: { accept: "text/html" },
    });
    expect(readable.statusCode).toBe(200);
  });
});

describe("hostile input in an uploaded statement", () => {
  it("refuses a NUL in the file or its name (400), importing nothing", async () => {
    const before = await digest();
    const entry = { amount: 1_500, bankReference: "NUL-1", communication: "Stage\u0000été" };
    for (const [name, text] of [
      ["releve.xml", camt053([entry])],
      ["releve.cod", coda([entry])],
      ["rel\u0000eve.xml", camt053([{ ...entry, communication: "Stage" }])],
    ] as const) {
      const response = await uploadStatement(t.app, owner, name, Buffer.from(text));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: "VALIDATION_ERROR",
        fields: { file: "INVALID_CHARACTERS" },
      });
    }
    expect(await digest()).toBe(before);
  });
});

describe("money at the edges of what the database holds", () => {
  const demoCustomerRow = async () => {
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    return row!;
  };
  const owingCart = async () => {
    const outstanding = await owner.get("/api/admin/outstanding");
    const [cart] = outstanding.json().data as Array<{ cuid: string; amount_due: number }>;
    return cart!;
  };

  it("refuses a wallet credit or a bank transfer beyond MAX_AMOUNT, changing nothing", async () => {
    const customer = await demoCustomerRow();
    const cart = await owingCart();
    const before = await digest();
    for (const amount of [MAX_AMOUNT + 1, BIG - 1, BIG]) {
      const credit = await owner.post(`/api/admin/customers/${customer.cuid}/wallet`, {
        direction: "CREDIT",
        amount,
        reason: "Test",
      });
      expect(credit.statusCode, credit.body).toBe(400);
      expect(credit.json()).toEqual({ error: "VALIDATION_ERROR", fields: { amount: "TOO_BIG" } });
      const transfer = await owner.post(`/api/admin/carts/${cart.cuid}/bank-transfers`, {
        amount,
        received_on: "2026-11-18",
      });
      expect(transfer.statusCode, transfer.body).toBe(400);
      expect(transfer.json()).toEqual({ error: "VALIDATION_ERROR", fields: { amount: "TOO_BIG" } });
    }
    expect(await digest()).toBe(before);
  });

  it("keeps the ceiling when credits race: of 20 at once, only those that fit go through", async () => {
    const customer = await demoCustomerRow();
    await t.db
      .update(customers)
      .set({ walletAmount: MAX_WALLET_BALANCE - 50 })
      .where(eq(customers.id, customerId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.post(`/api/admin/customers/${customer.cuid}/wallet`, {
          direction: "CREDIT",
          amount: 10,
          reason: "Race",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(409)]);
    expect((await demoCustomerRow()).walletAmount).toBe(MAX_WALLET_BALANCE);
  });

  it("keeps a wallet at or below its ceiling: by hand and by a transfer's surplus (409)", async () => {
    const customer = await demoCustomerRow();
    await t.db
      .update(customers)
      .set({ walletAmount: MAX_WALLET_BALANCE - 10 })
      .where(eq(customers.id, customerId));
    const cart = await owingCart();
    const credit = await owner.post(`/api/admin/customers/${customer.cuid}/wallet`, {
      direction: "CREDIT",
      amount: 11,
      reason: "Test",
    });
    expect(credit.statusCode, credit.body).toBe(409);
    expect(credit.json()).toMatchObject({ error: "WALLET_LIMIT_REACHED" });
    const [owing] = await t.db.select().from(carts).where(eq(carts.cuid, cart.cuid));
    await t.db
      .update(customers)
      .set({ walletAmount: MAX_WALLET_BALANCE - 10 })
      .where(eq(customers.id, owing!.customerId!));
    const surplus = await owner.post(`/api/admin/carts/${cart.cuid}/bank-transfers`, {
      amount: cart.amount_due + 11,
      received_on: "2026-11-18",
    });
    expect(surplus.statusCode, surplus.body).toBe(409);
    expect(surplus.json()).toEqual({ error: "WALLET_LIMIT_REACHED" });
    const [after] = await t.db.select().from(carts).where(eq(carts.cuid, cart.cuid));
    expect(after).toEqual(owing);
    const [payer] = await t.db.select().from(customers).where(eq(customers.id, owing!.customerId!));
    expect(payer!.walletAmount).toBe(MAX_WALLET_BALANCE - 10);
    const exact = await owner.post(`/api/admin/customers/${customer.cuid}/wallet`, {
      direction: "CREDIT",
      amount: 10,
      reason: "Test",
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().wallet).toEqual({ amount: MAX_WALLET_BALANCE });
  });
});
