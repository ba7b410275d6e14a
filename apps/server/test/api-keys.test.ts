import { apiKeys, customers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_API_RATE_LIMIT } from "../src/modules/integrations/read-api-routes.ts";
import { demoConsole, lastAuditByAction } from "./console-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";

const DEMO_HOST = "demo.localhost";
const OTHER_HOST = "demo-en.localhost";

let t: TestApp;
let organiserId: number;
let owner: Client;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

async function createKey(scopes: string[], extra: Record<string, unknown> = {}) {
  const response = await owner.post("/api/admin/integrations/api-keys", {
    name: "Accounting export",
    scopes,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json() as { cuid: string; key: string; prefix: string; status: string };
}

function read(path: string, key: string | null, host = DEMO_HOST) {
  return t.app.inject({
    method: "GET",
    url: path,
    headers: { host, ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
}

describe("API keys", () => {
  it("are shown once, kept as a hash, listed by their prefix and audited", async () => {
    const created = await createKey(["customers.read"]);
    expect(created.key).toMatch(/^bk_[A-Za-z0-9_-]{40,}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.status).toBe("ACTIVE");
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.cuid, created.cuid));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const list = (await owner.get("/api/admin/integrations/api-keys")).json();
    expect(list.data[0]).toMatchObject({ cuid: created.cuid, prefix: created.prefix });
    expect(JSON.stringify(list)).not.toContain(created.key);
    const audit = await lastAuditByAction(t.db, organiserId, "api_key.created");
    expect(JSON.stringify(audit)).toContain(created.prefix);
    expect(JSON.stringify(audit)).not.toContain(created.key);
  });

  it("refuses keys without a known read scope or with a past expiry", async () => {
    for (const body of [
      { name: "x", scopes: [] },
      { name: "x", scopes: ["customers.update"] },
      { name: "", scopes: ["customers.read"] },
      { name: "x", scopes: ["customers.read"], expires_on: "2020-01-01" },
      { name: "x", scopes: ["customers.read"], expires_on: "2026-02-30" },
    ]) {
      const response = await owner.post("/api/admin/integrations/api-keys", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("read the organiser's own data within their scopes, and nothing of another organiser", async () => {
    const { key } = await createKey(["customers.read", "registrations.read"]);
    const response = await read("/api/v1/customers?page_size=100", key);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    const own = await t.db
      .select({ cuid: customers.cuid })
      .from(customers)
      .where(eq(customers.organiserId, organiserId));
    const ownCuids = new Set(own.map((row) => row.cuid));
    expect(page.count).toBeGreaterThan(0);
    expect(page.data.every((customer: { id: string }) => ownCuids.has(customer.id))).toBe(true);
    expect((await read("/api/v1/registrations", key)).statusCode).toBe(200);
    // Out of its scopes.
    expect((await read("/api/v1/payments", key)).statusCode).toBe(403);
    expect((await read("/api/v1/activities", key)).statusCode).toBe(403);
    // On another organiser's host the key is unknown.
    const other = await read("/api/v1/customers", key, OTHER_HOST);
    expect(other.statusCode).toBe(401);
  });

  it("answer every area of the read API with its scope", async () => {
    const { key } = await createKey([
      "activities.read",
      "availabilities.read",
      "customers.read",
      "registrations.read",
      "payments.read",
    ]);
    for (const area of ["activities", "availabilities", "customers", "registrations", "payments"]) {
      const response = await read(`/api/v1/${area}?page_size=2&page_number=2`, key);
      expect(response.statusCode, `${area}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ limit: 2, offset: 2 });
    }
  });

  it("refuse missing, wrong, revoked and expired keys with 401 and mark the last use", async () => {
    const created = await createKey(["activities.read"]);
    expect((await read("/api/v1/activities", null)).statusCode).toBe(401);
    expect((await read("/api/v1/activities", `${created.key}x`)).statusCode).toBe(401);
    expect((await read("/api/v1/activities", created.key)).statusCode).toBe(200);
    let [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.cuid, created.cuid));
    expect(row!.lastUsedAt).not.toBeNull();

    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.cuid, created.cuid));
    expect((await read("/api/v1/activities", created.key)).statusCode).toBe(401);
    await t.db.update(apiKeys).set({ expiresAt: null }).where(eq(apiKeys.cuid, created.cuid));

    const revoked = await owner.post(`/api/admin/integrations/api-keys/${created.cuid}/revoke`);
    expect(revoked.json()).toMatchObject({ status: "REVOKED" });
    expect((await read("/api/v1/activities", created.key)).statusCode).toBe(401);
    [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.cuid, created.cuid));
    expect(row!.revokedAt).not.toBeNull();
    expect(await lastAuditByAction(t.db, organiserId, "api_key.revoked")).toBeTruthy();
  });

  it("are rate limited per key", async () => {
    // A blank last day (the form's empty date field) is no expiry.
    const { key } = await createKey(["activities.read"], { expires_on: "" });
    let limited = 0;
    for (let call = 0; call <= READ_API_RATE_LIMIT; call++) {
      const response = await read("/api/v1/activities?page_size=1", key);
      if (response.statusCode === 429) limited += 1;
    }
    expect(limited).toBe(1);
  });

  it("are documented in the OpenAPI document", async () => {
    const response = await t.app.inject({ url: "/api/docs/json", headers: { host: DEMO_HOST } });
    const document = response.json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const area of ["activities", "availabilities", "customers", "registrations", "payments"]) {
      const operation = document.paths[`/api/v1/${area}`]?.get;
      expect(operation, area).toBeTruthy();
      expect(operation.security).toEqual([{ apiKey: [] }]);
    }
  });
});
