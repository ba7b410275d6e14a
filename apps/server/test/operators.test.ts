import {
  auditLogs,
  collaboratorSessions,
  operatorAuditLogs,
  organisers,
  withTenant,
} from "@booking/db";
import { and, desc, eq, isNotNull, sql } from "@booking/db/orm";
import { isPermission } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUSPENDED_RETRY_AFTER_SECONDS } from "../src/modules/operators/suspension.ts";
import {
  ADMIN_HOST,
  collaboratorWith,
  consoleBrowser,
  consoleLogin,
  DEMO_OWNER_EMAIL,
} from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { Client, createTestApp, DEMO_EN_HOST, type TestApp } from "./harness.ts";
import {
  accounts,
  newOperator as newOperatorOf,
  OPERATOR_PASSWORD as PASSWORD,
  tokenOf,
} from "./operator-fixtures.ts";

/**
 * Platform operators (decision 0040): made by the command's service only, logged in apart from
 * collaborators, they list and search every organiser, suspend one (its storefront answers 503,
 * its console is read-only) and reactivate it, and act as its owner, audited.
 */

const placeholder = "zzzzzzzzzzzzzzzzzzzzzzzz";
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, placeholder);

let t: TestApp;

beforeAll(async () => {
  // The caches on, as in production: a suspension must show at once nonetheless.
  t = await createTestApp({ publicCacheTtlMs: 60_000 });
});
afterAll(async () => {
  await t.close();
});

const newOperator = () => newOperatorOf(t);

async function organiserBySlug(slug: string) {
  const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, slug));
  return row!;
}

describe("operators' accounts (the command's service)", () => {
  it("creates an operator with a one-time link, never a password, and refuses bad input", async () => {
    const service = accounts(t.db);
    await expect(service.create("not-an-email")).rejects.toThrow(/not an e-mail/);
    const { operator, link } = await service.create("  New.Operator@Platform.TEST ");
    expect(operator.email).toBe("new.operator@platform.test");
    expect(operator.passwordHash).toBeNull();
    expect(link).toMatch(/^http:\/\/admin\.localhost\/admin\/platform\/password\?token=/);
    // Not yet chosen: asking again gives a new link.
    const again = await service.create("new.operator@platform.test");
    const client = await consoleBrowser(t.app);
    const password = (body: object) => client.post("/api/admin/platform/auth/password", body);

    const short = await password({
      token: tokenOf(again.link),
      password: "short",
      password_confirmation: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe("TOO_SHORT");
    const mismatch = await password({
      token: tokenOf(again.link),
      password: PASSWORD,
      password_confirmation: "other-password-long",
    });
    expect(mismatch.json().fields.password_confirmation).toBe("MISMATCH");
    expect(
      (
        await password({ token: "forged", password: PASSWORD, password_confirmation: PASSWORD })
      ).json(),
    ).toEqual({ error: "INVALID_RESET_TOKEN" });

    const ok = await password({
      token: tokenOf(again.link),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const reused = await password({
      token: tokenOf(again.link),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reused.json()).toEqual({ error: "INVALID_RESET_TOKEN" });
    await expect(service.create("new.operator@platform.test")).rejects.toThrow(
      /already an operator/,
    );

    const listed = await service.list();
    expect(listed.map((o) => o.email)).toContain("new.operator@platform.test");
  });

  it("logs operators in apart from collaborators, with the same answer for a wrong password and an unknown e-mail", async () => {
    const { email } = await newOperator();
    const client = await consoleBrowser(t.app);
    const login = (body: object) => client.post("/api/admin/platform/auth/login", body);
    const wrong = await login({ email, password: "wrong-password-long" });
    const unknown = await login({ email: "nobody@platform.test", password: PASSWORD });
    // A collaborator's credentials open no operator session, nor an operator's a console one.
    const collaborator = await login({ email: DEMO_OWNER_EMAIL, password: "demo1234" });
    for (const answer of [wrong, unknown, collaborator]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: "INVALID_CREDENTIALS" });
    }
    const asConsole = await client.post("/api/admin/auth/login", { email, password: PASSWORD });
    expect(asConsole.statusCode).toBe(401);
    expect((await login({ email, password: 3 })).statusCode).toBe(400);

    const ok = await login({ email, password: PASSWORD });
    expect(ok.json().operator.email).toBe(email);
    expect(client.cookies.has("platform_session")).toBe(true);
    expect(client.cookies.has("admin_session")).toBe(false);
    expect((await client.get("/api/admin/platform/session")).json().operator.email).toBe(email);

    await client.post("/api/admin/platform/auth/logout");
    expect((await client.get("/api/admin/platform/session")).statusCode).toBe(401);
  });

  it("limits log-in attempts as the console does (429 past the limit)", async () => {
    const limited = await createTestApp({ authRateLimitMax: 3 });
    try {
      const client = await consoleBrowser(limited.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await client.post("/api/admin/platform/auth/login", {
          email: "someone@platform.test",
          password: "wrong-password-long",
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("closes a disabled operator's sessions and refuses their log-in", async () => {
    const { email, client } = await newOperator();
    await accounts(t.db).disable(email);
    expect((await client.get("/api/admin/platform/session")).statusCode).toBe(401);
    const login = await client.post("/api/admin/platform/auth/login", {
      email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    await expect(accounts(t.db).disable("nobody@platform.test")).rejects.toThrow(/no operator/);
  });
});

describe("the walls between operators and collaborators", () => {
  it("refuses every operator call to a collaborator (403) and to nobody (401)", async () => {
    const owner = await collaboratorWith(t, "owner");
    const routes = t.app.consoleRoutes.filter((route) => route.access === "operator");
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const before = await databaseDigest(t.db);
    for (const route of routes) {
      const url = concrete(route.url);
      const body = route.method === "GET" ? undefined : {};
      const asOwner = await owner.client.request(route.method as "GET", url, { body });
      expect(asOwner.statusCode, `${route.method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: { host: ADMIN_HOST },
      });
      expect(anonymous.statusCode, `${route.method} ${url}`).toBe(
        route.method === "GET" ? 401 : 403,
      );
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it("keeps operators' secrets from the tenant role every organiser's work runs as", async () => {
    const organiser = await organiserBySlug("demo");
    // 42501: insufficient_privilege
    const denied = { cause: { code: "42501" } };
    const read = (query: ReturnType<typeof sql>) =>
      withTenant(t.db, organiser.id, (tx) => tx.execute(query));
    await expect(read(sql`select password_hash from operators`)).rejects.toMatchObject(denied);
    await expect(read(sql`select token_hash from operator_sessions`)).rejects.toMatchObject(denied);
    await expect(read(sql`select token_hash from operator_tokens`)).rejects.toMatchObject(denied);
    await expect(read(sql`select id, email, name from operators`)).resolves.toBeDefined();
  });

  it("refuses every console call to an operator who is not acting as an owner (403)", async () => {
    const { client } = await newOperator();
    const routes = t.app.consoleRoutes.filter(
      (route) => route.access === "session" || isPermission(route.access),
    );
    const before = await databaseDigest(t.db);
    for (const route of routes) {
      const url = concrete(route.url);
      const response = await client.request(route.method as "GET", url, {
        body: route.method === "GET" ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(403);
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });
});

describe("every organiser, for operators", () => {
  it("lists, searches (name, slug, owner e-mail), filters and pages, and refuses bad queries", async () => {
    const { client } = await newOperator();
    const list = async (query: string) => {
      const response = await client.get(`/api/admin/platform/organisers${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const all = await list("");
    expect(all.count).toBeGreaterThanOrEqual(2);
    const demoEn = all.data.find((o: { slug: string }) => o.slug === "demo-en");
    expect(demoEn).toMatchObject({
      status: "ACTIVE",
      language: "en",
      owner: { email: DEMO_OWNER_EMAIL },
      storefront_url: "http://demo-en.localhost",
    });
    expect(demoEn.counts.customers).toBeGreaterThan(0);
    expect(demoEn.counts.collaborators).toBeGreaterThan(0);
    expect(demoEn.counts.activities).toBeGreaterThan(0);

    expect((await list("?q=DEMO-EN")).data.map((o: { slug: string }) => o.slug)).toEqual([
      "demo-en",
    ]);
    expect((await list(`?q=${encodeURIComponent(demoEn.name)}`)).data[0].slug).toBe("demo-en");
    expect((await list("?q=owner%40demo.test")).count).toBeGreaterThanOrEqual(2);
    expect((await list("?q=%25")).count).toBe(0);
    const page = await list("?page_size=1&page_number=2");
    expect(page).toMatchObject({ limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
    expect(
      (await list("?status=SUSPENDED")).data.every(
        (o: { status: string }) => o.status === "SUSPENDED",
      ),
    ).toBe(true);

    for (const bad of [
      "?page_size=1000",
      "?status=GONE",
      "?page_number=0",
      `?q=${"x".repeat(500)}`,
    ]) {
      expect((await client.get(`/api/admin/platform/organisers${bad}`)).statusCode, bad).toBe(400);
    }
    const detail = await client.get(`/api/admin/platform/organisers/${demoEn.cuid}`);
    expect(detail.json()).toMatchObject({
      slug: "demo-en",
      currency: expect.any(String),
      history: expect.any(Array),
    });
    expect((await client.get(`/api/admin/platform/organisers/${placeholder}`)).statusCode).toBe(
      404,
    );
  });
});

describe("suspending an organiser", () => {
  it("closes its storefront (503 page and calls, health still up), makes its console read-only, and reopens both", async () => {
    const { client } = await newOperator();
    const organiser = await organiserBySlug("demo-en");
    const visitor = new Client(t.app, DEMO_EN_HOST);
    // Warm the tenant and public answers caches (60 s here): the change must not wait for them.
    expect((await visitor.get("/api/activities")).statusCode).toBe(200);
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    await owner.put("/api/admin/session/organiser", { organiser: organiser.cuid });

    const suspended = await client.post(`/api/admin/platform/organisers/${organiser.cuid}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      status: "SUSPENDED",
      suspended_by: { name: expect.any(String) },
    });
    expect(suspended.json().history[0].action).toBe("organiser.suspended");
    const again = await client.post(`/api/admin/platform/organisers/${organiser.cuid}/suspend`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ORGANISER_ALREADY_SUSPENDED" });

    const api = await visitor.get("/api/activities");
    expect(api.statusCode).toBe(503);
    expect(api.headers["retry-after"]).toBe(String(SUSPENDED_RETRY_AFTER_SECONDS));
    expect(api.json()).toEqual({ error: "ORGANISER_UNAVAILABLE" });
    const page = await t.app.inject({
      method: "GET",
      url: "/en/activities",
      headers: { host: DEMO_EN_HOST, accept: "text/html" },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('lang="en"');
    expect(page.body).toContain("temporarily unavailable");
    expect(page.body).toContain(organiser.name);
    if (organiser.contactEmail) expect(page.body).not.toContain(organiser.contactEmail);
    const login = await visitor.post("/api/auth/login", {
      email: "parent@demo-en.test",
      password: "demo1234",
    });
    expect(login.statusCode).toBe(503);
    // The provider's webhook still reaches it: a payment made before is still recorded.
    const webhook = await visitor.request("POST", "/api/payments/webhook/test", {
      body: { id: "tr_unknown" },
      xsrf: false,
    });
    expect(webhook.statusCode).not.toBe(503);
    const health = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { host: DEMO_EN_HOST },
    });
    expect(health.statusCode).toBe(200);
    // The other organiser is untouched.
    expect((await new Client(t.app, "demo.localhost").get("/api/activities")).statusCode).toBe(200);

    // The console reads, and refuses every change with a clear code.
    const session = await owner.get("/api/admin/session");
    expect(session.json().organiser).toMatchObject({ slug: "demo-en", status: "SUSPENDED" });
    expect((await owner.get("/api/admin/locations")).statusCode).toBe(200);
    const before = await databaseDigest(t.db);
    const write = await owner.post("/api/admin/locations", { title: "While suspended" });
    expect(write.statusCode).toBe(423);
    expect(write.json()).toEqual({ error: "ORGANISER_SUSPENDED" });
    expect(await databaseDigest(t.db)).toBe(before);

    const reactivated = await client.post(
      `/api/admin/platform/organisers/${organiser.cuid}/reactivate`,
    );
    expect(reactivated.json()).toMatchObject({
      status: "ACTIVE",
      suspended_at: null,
      suspended_by: null,
    });
    expect(
      (await client.post(`/api/admin/platform/organisers/${organiser.cuid}/reactivate`)).json(),
    ).toEqual({
      error: "ORGANISER_NOT_SUSPENDED",
    });
    expect((await visitor.get("/api/activities")).statusCode).toBe(200);
    expect(
      (await owner.post("/api/admin/locations", { title: "After reactivation" })).statusCode,
    ).toBe(201);
    const history = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(eq(operatorAuditLogs.organiserId, organiser.id))
      .orderBy(desc(operatorAuditLogs.id));
    expect(history.slice(0, 2).map((entry) => entry.action)).toEqual([
      "organiser.reactivated",
      "organiser.suspended",
    ]);
  });
  it("lets exactly one of many racing suspensions through", async () => {
    const { client } = await newOperator();
    const organiser = await organiserBySlug("demo");
    const before = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(eq(operatorAuditLogs.organiserId, organiser.id));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post(`/api/admin/platform/organisers/${organiser.cuid}/suspend`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const after = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(eq(operatorAuditLogs.organiserId, organiser.id));
    expect(after.length - before.length).toBe(1);
    const back = await client.post(`/api/admin/platform/organisers/${organiser.cuid}/reactivate`);
    expect(back.statusCode).toBe(200);
  });
});

describe("acting as an organiser's owner", () => {
  it("opens the owner's console marked with the operator, audited, pinned, and ends on log-out", async () => {
    const { email, client } = await newOperator();
    const organiser = await organiserBySlug("demo-en");
    const started = await client.post(
      `/api/admin/platform/organisers/${organiser.cuid}/impersonate`,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ url: "/admin" });
    expect(client.cookies.has("admin_session")).toBe(true);

    const session = (await client.get("/api/admin/session")).json();
    expect(session.collaborator.email).toBe(DEMO_OWNER_EMAIL);
    expect(session.operator_impersonator).toMatchObject({ email });
    expect(session.organisers.map((o: { slug: string }) => o.slug)).toEqual(["demo-en"]);
    const other = await organiserBySlug("demo");
    const switched = await client.put("/api/admin/session/organiser", { organiser: other.cuid });
    expect(switched.statusCode).toBe(403);

    // The organiser's own audit log says who came in, and marks what they change.
    const created = await client.post("/api/admin/locations", { title: "Set up by the platform" });
    expect(created.statusCode).toBe(201);
    const marked = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organiserId, organiser.id), isNotNull(auditLogs.impersonatorOperatorId)),
      )
      .orderBy(desc(auditLogs.id));
    expect(marked.map((row) => row.action)).toEqual([
      "location.created",
      "collaborator.impersonated",
    ]);
    const shown = (await client.get("/api/admin/audit-logs")).json().data[0];
    expect(shown).toMatchObject({ action: "location.created", operator: { email } });
    const [platformEntry] = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(eq(operatorAuditLogs.organiserId, organiser.id))
      .orderBy(desc(operatorAuditLogs.id))
      .limit(1);
    expect(platformEntry).toMatchObject({
      action: "organiser.owner_impersonated",
      details: { owner: DEMO_OWNER_EMAIL },
    });

    // Logging out of the console ends the impersonation; the operator's own session stays.
    await client.post("/api/admin/auth/logout");
    expect((await client.get("/api/admin/session")).statusCode).toBe(401);
    expect((await client.get("/api/admin/platform/session")).statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(collaboratorSessions)
      .where(isNotNull(collaboratorSessions.impersonatorOperatorId));
    expect(left.every((row) => row.organiserId === organiser.id)).toBe(true);
  });
});
