import { customers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, DEMO_HOST, registration, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validRegistration = registration({ email: "xsrf@example.org" });

describe("XSRF double submit", () => {
  it("refuses state-changing calls without the header, or with another value, and changes nothing", async () => {
    const client = new Client(t.app, DEMO_HOST);
    await client.get("/api/session");
    expect(client.cookies.get("XSRF-TOKEN")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const missing = await client.request("POST", "/api/auth/register", {
      body: validRegistration,
      xsrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: "CSRF_TOKEN_MISMATCH" });
    const forged = await client.request("POST", "/api/auth/register", {
      body: validRegistration,
      xsrf: false,
      headers: { "x-xsrf-token": "forged-value-forged-value" },
    });
    expect(forged.statusCode).toBe(403);
    const rows = await t.db.select().from(customers).where(eq(customers.email, "xsrf@example.org"));
    expect(rows).toHaveLength(0);
  });

  it("sets the XSRF cookie readable by scripts and the session cookie httpOnly", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const first = await client.get("/api/session");
    const xsrf = first.cookies.find((cookie) => cookie.name === "XSRF-TOKEN");
    expect(xsrf).toMatchObject({ sameSite: "Lax", path: "/" });
    expect(xsrf!.httpOnly).toBeFalsy();
  });
});

describe("bad input is a 400 with a code, never a 500", () => {
  const cases: Array<
    [string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }, unknown]
  > = [
    ["malformed JSON", { rawBody: '{"email": "a@b.c",' }, { error: "INVALID_JSON" }],
    ["empty JSON body", { rawBody: "" }, { error: "INVALID_JSON" }],
    [
      "wrong types",
      { body: { email: 42, password: ["x"] } },
      { error: "VALIDATION_ERROR", fields: { email: "INVALID_TYPE", password: "INVALID_TYPE" } },
    ],
    [
      "10 kB strings",
      { body: { email: `${"a".repeat(10_240)}@example.org`, password: "p".repeat(10_240) } },
      { error: "VALIDATION_ERROR", fields: { email: "TOO_LONG", password: "TOO_LONG" } },
    ],
    [
      "a JSON array",
      { body: [1, 2] },
      { error: "VALIDATION_ERROR", fields: { body: "INVALID_TYPE" } },
    ],
    ["null", { rawBody: "null" }, { error: "VALIDATION_ERROR", fields: { body: "INVALID_TYPE" } }],
    [
      "an unsupported content type",
      { rawBody: "email=a", headers: { "content-type": "text/csv" } },
      { error: "UNSUPPORTED_MEDIA_TYPE" },
    ],
  ];

  it.each(cases)("%s", async (_name, options, expected) => {
    const client = new Client(t.app, DEMO_HOST);
    const response = await client.request("POST", "/api/auth/login", options);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual(expected);
  });

  it("validates every register field type, including custom data and the participant", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const response = await client.post("/api/auth/register", {
      ...validRegistration,
      firstname: 12,
      terms: "yes",
      custom_data: [{ field_id: "x", data: 3 }],
      participant: { birthdate: "yesterday" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstname: "INVALID_TYPE",
      terms: "TERMS_REQUIRED",
      "custom_data.0.field_id": "INVALID_TYPE",
      "custom_data.0.data": "INVALID_TYPE",
      "participant.birthdate": "INVALID_DATE",
    });
  });
});

describe("hosts", () => {
  it("answers 404 ORGANISER_NOT_FOUND on an unknown host", async () => {
    const response = await new Client(t.app, "nobody.localhost").get("/api/session");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ORGANISER_NOT_FOUND" });
    const html = await t.app.inject({
      url: "/",
      headers: { host: "unknown.example.com", accept: "text/html" },
    });
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain("Page not found");
  });

  it("keeps storefront calls off the console host", async () => {
    const response = await new Client(t.app, "admin.localhost").get("/api/session");
    expect(response.statusCode).toBe(404);
  });

  it("accepts a host with a port and in upper case", async () => {
    const response = await new Client(t.app, "DEMO.localhost:3000").get("/api/session");
    expect(response.statusCode).toBe(200);
  });
});

describe("platform endpoints", () => {
  it("GET /api/health answers 200 on any host", async () => {
    const response = await t.app.inject({ url: "/api/health", headers: { host: "10.0.0.1" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("serves the OpenAPI document at /api/docs", async () => {
    const ui = await t.app.inject({ url: "/api/docs", headers: { host: DEMO_HOST } });
    expect(ui.statusCode).toBeLessThan(400);
    const document = await t.app.inject({ url: "/api/docs/json", headers: { host: DEMO_HOST } });
    const openapi = document.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/api/auth/register", "/api/auth/login", "/api/session"]),
    );
  });

  it("sends security headers", async () => {
    const response = await new Client(t.app, DEMO_HOST).get("/api/session");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["referrer-policy"]).toBeDefined();
  });

  it("answers unknown API paths with NOT_FOUND", async () => {
    const response = await new Client(t.app, DEMO_HOST).get("/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "NOT_FOUND" });
  });
});

describe("rate limiting of credential calls", () => {
  it("answers 429 RATE_LIMITED past the limit, per host", async () => {
    const limited = await createTestApp({ authRateLimitMax: 3 });
    try {
      const client = new Client(limited.app, DEMO_HOST);
      const attempt = () => client.post("/api/auth/login", { email: "a@b.cd", password: "x" });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: "RATE_LIMITED" });
      expect(blocked.headers["retry-after"]).toBeDefined();
      const otherHost = new Client(limited.app, "demo-en.localhost");
      const other = await otherHost.post("/api/auth/login", { email: "a@b.cd", password: "x" });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
