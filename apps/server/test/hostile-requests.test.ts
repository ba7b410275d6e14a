import path from "node:path";
import { PassThrough } from "node:stream";
import { messages } from "@booking/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "../src/config.ts";
import { normaliseHost } from "../src/http/tenant.ts";
import { ADMIN_HOST, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_HOST,
  DEMO_PASSWORD,
  lastEmailTo,
  type TestApp,
} from "./harness.ts";
import { PLATFORM_SELLER_ENV } from "./platform-billing-fixtures.ts";

const RATE_LIMIT = 5;
/** A web build reduced to one page that renders the links it is given (see the file). */
const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");

/** 13 spellings of the demo's host that all name the same site. */
const SPELLINGS = [
  "demo.localhost",
  "DEMO.LOCALHOST",
  "Demo.Localhost",
  "demo.localhost.",
  "DEMO.localhost.",
  "demo.localhost:80",
  "demo.localhost:3000",
  "demo.localhost.:3000",
  "DEMO.LOCALHOST:8080",
  "demo.LOCALHOST.:443",
  "dEmO.lOcAlHoSt",
  "demo.localhost:1",
  "DEMO.LOCALHOST.:65535",
];

/** A call with raw headers, from `remoteAddress`, as a script (not a browser) sends it. */
async function call(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  options: { body?: unknown; remoteAddress?: string } = {},
) {
  // The XSRF check wants the cookie echoed in the header; any equal pair passes.
  const xsrf = method === "POST" ? { cookie: "XSRF-TOKEN=x", "x-xsrf-token": "x" } : {};
  return app.inject({
    method,
    url,
    headers: { ...xsrf, ...headers },
    remoteAddress: options.remoteAddress,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

function linkIn(text: string): URL {
  return new URL(/(https?:\/\/\S+)/.exec(text)![1]!);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: RATE_LIMIT });
});
afterAll(() => t.close());

describe("hosts", () => {
  it("normalises a Host once: lower case, no port, no trailing dot", () => {
    for (const spelling of SPELLINGS) expect(normaliseHost(spelling)).toBe("demo.localhost");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
  });

  it("answers 400, never 500, to a Host with user-info or any malformed Host", async () => {
    const malformed = [
      "demo.localhost:@evil.example",
      "user@demo.localhost",
      "demo.localhost@evil.example",
      "demo.localhost/evil",
      "demo.localhost?x=1",
      "demo.localhost:99999",
      "demo.localhost:abc",
      "demo..localhost",
      "-demo.localhost",
      "[::1",
      "demo.localhost:80:80",
      "démo.localhost",
    ];
    for (const host of malformed) {
      for (const url of ["/api/session", "/api/health", "/fr/catalogue"]) {
        const response = await call(t.app, "GET", url, { host });
        expect(response.statusCode, `${host} ${url}`).toBe(400);
        expect(response.json()).toEqual({ error: "BAD_REQUEST" });
      }
    }
    const before = await t.db.select({ id: messages.id }).from(messages);
    const link = await call(
      t.app,
      "POST",
      "/api/auth/password/link",
      { host: "demo.localhost:@evil.example" },
      { body: { email: "parent@demo.test" } },
    );
    expect(link.statusCode).toBe(400);
    await t.app.afterAnswersSettled();
    expect(await t.db.select({ id: messages.id }).from(messages)).toHaveLength(before.length);
  });

  it("serves every spelling of a host as the same organiser", async () => {
    for (const host of SPELLINGS) {
      const response = await call(t.app, "GET", "/api/activities", { host });
      expect(response.statusCode, host).toBe(200);
    }
  });
});

describe("links written by the server come from configuration", () => {
  const forged = {
    "x-forwarded-proto": "https://evil.example/x?",
    "x-forwarded-host": "evil.example",
    "x-forwarded-for": "203.0.113.9",
    forwarded: "host=evil.example;proto=https",
  };

  it("a customer's password-reset link names the organiser's configured address", async () => {
    const response = await call(
      t.app,
      "POST",
      "/api/auth/password/link",
      { host: "DEMO.LOCALHOST.:8080", ...forged },
      { body: { email: "parent@demo.test" }, remoteAddress: "192.0.2.10" },
    );
    expect(response.statusCode).toBe(200);
    const email = await lastEmailTo(t, "parent@demo.test");
    const link = linkIn(email!.text);
    expect(link.origin).toBe("http://demo.localhost");
    expect(link.pathname).toBe("/fr/auth/password");
    expect(email!.html).not.toContain("evil.example");
  });

  it("a collaborator's password-reset link names the console's configured address", async () => {
    const response = await call(
      t.app,
      "POST",
      "/api/admin/auth/password/link",
      { host: "ADMIN.localhost:9999", ...forged },
      { body: { email: DEMO_OWNER_EMAIL }, remoteAddress: "192.0.2.11" },
    );
    expect(response.statusCode).toBe(200);
    const email = await lastEmailTo(t, DEMO_OWNER_EMAIL);
    const link = linkIn(email!.text);
    expect(link.origin).toBe("http://admin.localhost");
    expect(link.pathname).toBe("/admin/password");
    expect(email!.html).not.toContain("evil.example");
  });

  it("the sitemap and robots.txt ignore forged forwarded headers", async () => {
    const sitemap = await call(t.app, "GET", "/sitemap.xml", { host: DEMO_HOST, ...forged });
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc.startsWith("http://demo.localhost/fr")).toBe(true);
    const robots = await call(t.app, "GET", "/robots.txt", { host: "demo.localhost:1", ...forged });
    expect(robots.body).toContain("Sitemap: http://demo.localhost/sitemap.xml");
  });

  it("an HTTPS deployment's links and cookies follow PUBLIC_URL_SCHEME and PUBLIC_PORT", async () => {
    const secure = await createTestApp({ publicUrlScheme: "https", publicPort: 8443 });
    try {
      const response = await call(
        secure.app,
        "POST",
        "/api/auth/password/link",
        { host: DEMO_HOST, "x-forwarded-proto": "http" },
        { body: { email: "parent@demo.test" } },
      );
      expect(response.statusCode).toBe(200);
      const email = await lastEmailTo(secure, "parent@demo.test");
      expect(linkIn(email!.text).origin).toBe("https://demo.localhost:8443");
      const login = await new Client(secure.app, DEMO_HOST).post("/api/auth/login", {
        email: "parent@demo.test",
        password: DEMO_PASSWORD,
      });
      const session = login.cookies.find((cookie) => cookie.name === "session");
      expect(session?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it("cookies are not Secure on an http deployment, whatever X-Forwarded-Proto claims", async () => {
    const login = await new Client(t.app, DEMO_HOST).request("POST", "/api/auth/login", {
      body: { email: "parent@demo.test", password: DEMO_PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    const session = login.cookies.find((cookie) => cookie.name === "session");
    expect(session?.value).toBeTruthy();
    expect(session?.secure).toBeUndefined();
  });
});

describe("the public answers cache", () => {
  it("keeps no page shaped by a forged X-Forwarded-Proto or an odd spelling of the Host", async () => {
    const web = await createTestApp({ publicCacheTtlMs: 60_000, webBuildDir: SMALL_WEB_BUILD });
    try {
      const page = (host: string, headers: Record<string, string> = {}) =>
        call(web.app, "GET", "/fr/catalogue", { host, accept: "text/html", ...headers });
      const forged = await page("DEMO.LOCALHOST.:8080", {
        "x-forwarded-proto": "https://evil.example/x?",
        "x-forwarded-host": "evil.example",
      });
      const next = await page(DEMO_HOST);
      for (const response of [forged, next]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(
          '<link rel="canonical" href="http://demo.localhost/fr/catalogue">',
        );
        expect(response.body).toContain(
          '<link rel="alternate" hreflang="en" href="http://demo.localhost/en/catalogue">',
        );
        // The shared rendering saw none of the first visitor's headers.
        expect(response.body).toContain('<meta name="forwarded" content="">');
        expect(response.body).not.toContain("evil");
        expect(response.body).not.toContain("8080");
      }
    } finally {
      await web.close();
    }
  });
});

describe("the development outbox", () => {
  it("is handed to the console's pages in development only, never in production", async () => {
    const outboxOf = async (production: boolean) => {
      const web = await createTestApp({ production, webBuildDir: SMALL_WEB_BUILD });
      try {
        const page = await call(web.app, "GET", "/admin/dev/outbox", { host: ADMIN_HOST });
        return /<meta name="outbox" content="(\w+)">/.exec(page.body)?.[1];
      } finally {
        await web.close();
      }
    };
    expect(await outboxOf(false)).toBe("true");
    expect(await outboxOf(true)).toBe("false");
  });
});

describe("logs", () => {
  it("a statement failing under a page is logged by name and code, without its values", async () => {
    let logs = "";
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => {
      logs += chunk.toString("utf8");
    });
    const web = await createTestApp({
      logLevel: "error",
      logStream: stream,
      webBuildDir: SMALL_WEB_BUILD,
    });
    try {
      const response = await call(web.app, "GET", "/fr/failing", { host: DEMO_HOST });
      expect(response.statusCode).toBe(500);
      const failure = logs
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === "page failed");
      expect(failure?.err).toMatchObject({
        type: "DatabaseError",
        statement: "insert customers",
        code: "23505",
        constraint: "customers_organiser_id_email_unique",
      });
      expect(logs).not.toContain("Zébulon-Secret");
      expect(logs).not.toContain("secret-mail@example.org");
    } finally {
      await web.close();
    }
  });
});

describe("credential calls are limited per client and per account", () => {
  /** `RATE_LIMIT + 3` attempts, each on another spelling with another X-Forwarded-For. */
  async function attempts(
    host: (index: number) => string,
    url: string,
    body: (index: number) => unknown,
    remoteAddress: string,
  ) {
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT + 3; index += 1) {
      const response = await call(
        t.app,
        "POST",
        url,
        { host: host(index), "x-forwarded-for": `198.51.100.${index + 1}` },
        { body: body(index), remoteAddress },
      );
      statuses.push(response.statusCode);
    }
    return statuses;
  }
  const demoSpelling = (index: number) => SPELLINGS[index % SPELLINGS.length]!;
  const adminSpelling = (index: number) =>
    [ADMIN_HOST, "ADMIN.LOCALHOST", "admin.localhost.", "admin.localhost:3000"][index % 4]!;
  const wrongPassword = (index: number) => ({
    email: `guess-${index}@example.org`,
    password: "not-the-password",
  });

  it("neither host spellings nor a rotating X-Forwarded-For escape the log-in limit", async () => {
    const statuses = await attempts(demoSpelling, "/api/auth/login", wrongPassword, "192.0.2.20");
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(401));
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429, 429]);
  });

  it("the same holds for the console's log-in, registration and password links", async () => {
    const console = await attempts(
      adminSpelling,
      "/api/admin/auth/login",
      wrongPassword,
      "192.0.2.21",
    );
    expect(console.slice(RATE_LIMIT)).toEqual([429, 429, 429]);
    const register = await attempts(demoSpelling, "/api/auth/register", () => ({}), "192.0.2.22");
    expect(register.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(400));
    expect(register.slice(RATE_LIMIT)).toEqual([429, 429, 429]);
    const links = await attempts(
      demoSpelling,
      "/api/auth/password/link",
      (index) => ({ email: `link-${index}@example.org` }),
      "192.0.2.23",
    );
    expect(links.slice(RATE_LIMIT)).toEqual([429, 429, 429]);
    const consoleLinks = await attempts(
      adminSpelling,
      "/api/admin/auth/password/link",
      (index) => ({ email: `link-${index}@example.org` }),
      "192.0.2.24",
    );
    expect(consoleLinks.slice(RATE_LIMIT)).toEqual([429, 429, 429]);
  });

  it("one account's password is not guessed from many addresses either", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT + 2; index += 1) {
      const response = await call(
        t.app,
        "POST",
        "/api/auth/login",
        { host: demoSpelling(index) },
        {
          body: { email: " Target@Example.ORG ", password: `guess-${index}` },
          remoteAddress: `192.0.2.${100 + index}`,
        },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(401));
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
    // Another account from those addresses is still answered.
    const other = await call(
      t.app,
      "POST",
      "/api/auth/login",
      { host: DEMO_HOST },
      { body: { email: "someone-else@example.org", password: "x" }, remoteAddress: "192.0.2.100" },
    );
    expect(other.statusCode).toBe(401);
  });

  it("behind a configured proxy, each forwarded client has its own count", async () => {
    const proxied = await createTestApp({ authRateLimitMax: 2, trustProxy: ["10.0.0.1"] });
    try {
      const login = (client: string, remoteAddress: string, index: number) =>
        call(
          proxied.app,
          "POST",
          "/api/auth/login",
          { host: DEMO_HOST, "x-forwarded-for": client },
          { body: wrongPassword(index), remoteAddress },
        );
      // Through the proxy: 203.0.113.1 and .2 are two clients.
      for (const [index, client] of ["203.0.113.1", "203.0.113.1", "203.0.113.2"].entries()) {
        expect((await login(client, "10.0.0.1", index)).statusCode).toBe(401);
      }
      expect((await login("203.0.113.1", "10.0.0.1", 3)).statusCode).toBe(429);
      // Straight from another address, X-Forwarded-For is not believed.
      expect((await login("203.0.113.3", "192.0.2.50", 4)).statusCode).toBe(401);
      expect((await login("203.0.113.4", "192.0.2.50", 5)).statusCode).toBe(401);
      expect((await login("203.0.113.5", "192.0.2.50", 6)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it("with a hop count, the address that many hops away is the client", async () => {
    const proxied = await createTestApp({ authRateLimitMax: 1, trustProxy: 1 });
    try {
      const login = (forwardedFor: string, index: number) =>
        call(
          proxied.app,
          "POST",
          "/api/auth/login",
          { host: DEMO_HOST, "x-forwarded-for": forwardedFor },
          { body: wrongPassword(index), remoteAddress: "10.0.0.9" },
        );
      // One proxy: the last forwarded address is the client, whatever it was told before.
      expect((await login("198.51.100.1, 203.0.113.1", 0)).statusCode).toBe(401);
      expect((await login("198.51.100.2, 203.0.113.1", 1)).statusCode).toBe(429);
      expect((await login("203.0.113.2", 2)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe("answers that could tell whether an account exists", () => {
  it("log-in answers the same for an unknown e-mail and a wrong password, after the same work", async () => {
    let client = 0;
    const timed = async (email: string) => {
      client += 1;
      const started = performance.now();
      const response = await call(
        t.app,
        "POST",
        "/api/auth/login",
        { host: "demo-en.localhost" },
        {
          body: { email, password: "wrong-password" },
          remoteAddress: `198.18.${Math.floor(client / 250)}.${client % 250}`,
        },
      );
      return { response, ms: performance.now() - started };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    // The first calls load argon2 and make the dummy hash: not part of the comparison.
    const first = await timed("parent@demo.test");
    const firstUnknown = await timed("nobody-at-all@example.org");
    expect(firstUnknown.response.statusCode).toBe(first.response.statusCode);
    expect(firstUnknown.response.body).toBe(first.response.body);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push((await timed("parent@demo.test")).ms);
      unknown.push((await timed("nobody-at-all@example.org")).ms);
    }
    // Both verify an argon2 hash (a dummy one for the unknown e-mail): tens of milliseconds each,
    // so the typical times are of one size (a shared machine's pauses are left out by the median).
    const [knownMs, unknownMs] = [median(known), median(unknown)];
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThan(Math.max(knownMs, unknownMs) / 3);
  });

  it("a password link is answered before any work on the account, so its timing says nothing", async () => {
    // While the tokens table is locked, making a link waits; the answer must not.
    const held = await t.db.$client.connect();
    try {
      await held.query("begin");
      await held.query("lock table password_reset_tokens in exclusive mode");
      const started = performance.now();
      const response = await call(
        t.app,
        "POST",
        "/api/auth/password/link",
        { host: "demo-en.localhost" },
        { body: { email: "parent@demo-en.test" }, remoteAddress: "192.0.2.200" },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(performance.now() - started).toBeLessThan(2000);
      const unknown = await call(
        t.app,
        "POST",
        "/api/auth/password/link",
        { host: "demo-en.localhost" },
        { body: { email: "nobody-en@example.org" }, remoteAddress: "192.0.2.201" },
      );
      expect(unknown.body).toBe(response.body);
    } finally {
      await held.query("rollback");
      held.release();
    }
    await t.app.afterAnswersSettled();
  });
});

describe("configuration", () => {
  it("reads TRUST_PROXY as a hop count or a list of addresses and ranges, none by default", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1, 192.168.0.0/16,::1,loopback")).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "loopback",
    ]);
    expect(parseTrustProxy("true")).toBeUndefined();
    expect(parseTrustProxy("10.0.0.0/33")).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: "everyone", DATA_DIR: "/tmp/h1-config" })).toThrow(
      /TRUST_PROXY/,
    );
  });

  it("public addresses: http on PORT in development, https without a port in production", () => {
    const dev = loadConfig({ PORT: "3000", DATA_DIR: "/tmp/h1-config" });
    expect([dev.publicUrlScheme, dev.publicPort, dev.trustProxy]).toEqual(["http", 3000, false]);
    const secret = "x".repeat(32);
    const production = loadConfig({
      NODE_ENV: "production",
      APP_SECRET: secret,
      SMTP_URL: "smtp://mail.example:587",
      ...PLATFORM_SELLER_ENV,
    });
    expect([production.publicUrlScheme, production.publicPort]).toEqual(["https", null]);
    const behindTls = loadConfig({
      NODE_ENV: "production",
      APP_SECRET: secret,
      SMTP_URL: "smtp://mail.example:587",
      ...PLATFORM_SELLER_ENV,
      PUBLIC_URL_SCHEME: "http",
      PUBLIC_PORT: "8080",
    });
    expect([behindTls.publicUrlScheme, behindTls.publicPort]).toEqual(["http", 8080]);
  });

  it("production refuses to start without SMTP_URL (the outbox does not exist there)", () => {
    expect(() => loadConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32) })).toThrow(
      /SMTP_URL/,
    );
  });
});
