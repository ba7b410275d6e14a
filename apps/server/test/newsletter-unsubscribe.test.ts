import { auditLogs, collaborators, customerSessions, customers, organisers } from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicUrls } from "../src/http/public-urls.ts";
import { newsletterUnsubscribeUrl, unsubscribeToken } from "../src/modules/newsletters/links.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  registration,
  storefrontContextFactory,
  TEST_SECRET,
  type TestApp,
} from "./harness.ts";

/**
 * Newsletter consent and unsubscribe links (decision 0047): opt-in at registration and in the
 * profile, a signed link per subscriber that unsubscribes once (and again changes nothing), a
 * forged or another organiser's token refused with nothing changed, only paths of the site as
 * redirects, staff who may withdraw but never give consent, and the page's editable texts.
 */

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const urls = createPublicUrls({ platformDomain: "localhost", scheme: "https", port: null });

async function organiserOf(host: string) {
  const organiser = await findOrganiserByHost(t.db, host, "localhost");
  if (!organiser) throw new Error(`no organiser at ${host}`);
  return organiser;
}

async function customerRow(id: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

/** A customer registered on `host`, ticking the newsletter box or not. */
async function registered(host: string, newsletter: boolean) {
  sequence += 1;
  const client = new Client(t.app, host);
  const response = await client.post(
    "/api/auth/register",
    registration({ email: `newsletter-${sequence}@example.org`, newsletter }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { client, id: response.json().customer.id as number, body: response.json() };
}

async function tokenOf(host: string, customerId: number) {
  const token = unsubscribeToken(
    TEST_SECRET,
    await organiserOf(host),
    await customerRow(customerId),
  );
  if (!token) throw new Error("not subscribed");
  return token;
}

const unsubscribe = (host: string, body: unknown) =>
  new Client(t.app, host).post("/api/newsletters/unsubscribe", body);

describe("newsletter consent", () => {
  it("is given only by ticking the register form's box, with its date and source", async () => {
    const without = await registered(DEMO_HOST, false);
    expect(without.body.customer.newsletter).toEqual({
      subscribed: false,
      subscribed_at: null,
      unsubscribed_at: null,
      source: null,
    });
    const withBox = await registered(DEMO_HOST, true);
    expect(withBox.body.customer.newsletter).toMatchObject({
      subscribed: true,
      source: "REGISTER",
    });
    const row = await customerRow(withBox.id);
    expect(row.newsletterSubscribedAt).toBeInstanceOf(Date);
    // Absent from the body: not subscribed (opt-in, never opt-out).
    sequence += 1;
    const body = registration({ email: `newsletter-${sequence}@example.org` });
    const absent = await new Client(t.app, DEMO_HOST).post("/api/auth/register", body);
    expect(absent.json().customer.newsletter.subscribed).toBe(false);
    const wrongType = await new Client(t.app, DEMO_HOST).post(
      "/api/auth/register",
      registration({ email: "newsletter-type@example.org", newsletter: "yes" }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ newsletter: "INVALID_TYPE" });
  });

  it("is switched on and off in the profile; leaving it out of the profile keeps it", async () => {
    const { client, id } = await registered(DEMO_HOST, false);
    const session = (await client.get("/api/session")).json().customer;
    const profile = {
      firstname: session.firstname,
      lastname: session.lastname,
      email: session.email,
      phone: session.phone,
      custom_data: [],
    };
    const on = await client.put("/api/session", { ...profile, newsletter: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().customer.newsletter).toMatchObject({ subscribed: true, source: "PROFILE" });
    const since = (await customerRow(id)).newsletterSubscribedAt;

    // Saving the profile again (or without the field) changes nothing, not even the date.
    await client.put("/api/session", { ...profile, newsletter: true });
    await client.put("/api/session", profile);
    expect((await customerRow(id)).newsletterSubscribedAt).toEqual(since);
    expect((await client.get("/api/session")).json().customer.newsletter.subscribed).toBe(true);

    const off = await client.put("/api/session", { ...profile, newsletter: false });
    expect(off.json().customer.newsletter).toMatchObject({ subscribed: false, source: "PROFILE" });
    expect(off.json().customer.newsletter.unsubscribed_at).not.toBeNull();
  });

  it("may be withdrawn, not given, by staff acting as the customer", async () => {
    const { client, id } = await registered(DEMO_HOST, false);
    const [owner] = await t.db
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(eq(collaborators.email, DEMO_OWNER_EMAIL));
    await t.db
      .update(customerSessions)
      .set({ impersonatorCollaboratorId: owner!.id })
      .where(eq(customerSessions.customerId, id));
    const profile = (await client.get("/api/session")).json().customer;
    const body = {
      firstname: profile.firstname,
      lastname: profile.lastname,
      email: profile.email,
      phone: profile.phone,
      custom_data: [],
    };
    const refused = await client.put("/api/session", { ...body, newsletter: true });
    expect(refused.statusCode).toBe(403);
    expect((await customerRow(id)).newsletterSubscribed).toBe(false);
  });
});

describe("POST /api/newsletters/unsubscribe", () => {
  it("unsubscribes once with the link's token; the same token again is a 409 that changes nothing", async () => {
    const { id } = await registered(DEMO_HOST, true);
    const organiser = await organiserOf(DEMO_HOST);
    const url = newsletterUnsubscribeUrl(
      { secret: TEST_SECRET, publicUrls: urls },
      organiser,
      await customerRow(id),
    );
    expect(url).toMatch(/^https:\/\/demo\.localhost\/fr\/newsletters\/unsubscribe\?token=[\w.-]+$/);
    const token = new URL(url!).searchParams.get("token")!;

    const first = await unsubscribe(DEMO_HOST, { token, redirect: "/fr/blog?page=2" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ redirect: "/fr/blog?page=2" });
    const after = await customerRow(id);
    expect(after).toMatchObject({
      newsletterSubscribed: false,
      newsletterSource: "UNSUBSCRIBE_LINK",
    });

    const again = await unsubscribe(DEMO_HOST, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ALREADY_UNSUBSCRIBED" });
    expect((await customerRow(id)).newsletterUnsubscribedAt).toEqual(
      after.newsletterUnsubscribedAt,
    );

    // The token may also come in the call's own query string (as a List-Unsubscribe link will):
    // read there, it is known as the spent one.
    const byQuery = await new Client(t.app, DEMO_HOST).request(
      "POST",
      `/api/newsletters/unsubscribe?token=${encodeURIComponent(token)}`,
      { body: {} },
    );
    expect(byQuery.statusCode, byQuery.body).toBe(409);
  });

  it("unsubscribes once for many clicks at once: one 200, the others 409", async () => {
    const { id } = await registered(DEMO_HOST, true);
    const token = await tokenOf(DEMO_HOST, id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => unsubscribe(DEMO_HOST, { token })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect((await customerRow(id)).newsletterSubscribed).toBe(false);
  });

  it("refuses forged, malformed, another organiser's and superseded tokens, changing nothing", async () => {
    const { id } = await registered(DEMO_HOST, true);
    const token = await tokenOf(DEMO_HOST, id);
    const cuid = token.split(".")[0]!;
    const forged = `${cuid}.${"A".repeat(43)}`;
    const other = await registered(DEMO_HOST, true);
    const swapped = `${(await customerRow(other.id)).cuid}.${token.split(".")[1]}`;
    const enCustomer = await registered(DEMO_EN_HOST, true);
    const enToken = await tokenOf(DEMO_EN_HOST, enCustomer.id);

    const before = await databaseDigest(t.db);
    for (const [host, body] of [
      [DEMO_HOST, { token: forged }],
      [DEMO_HOST, { token: swapped }],
      [DEMO_HOST, { token: "not-a-token" }],
      [DEMO_HOST, { token: "" }],
      [DEMO_HOST, {}],
      // demo-en's valid token on demo's storefront, and demo's on demo-en's
      [DEMO_HOST, { token: enToken }],
      [DEMO_EN_HOST, { token }],
    ] as const) {
      const response = await unsubscribe(host, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(["INVALID_UNSUBSCRIBE_TOKEN", "VALIDATION_ERROR"]).toContain(response.json().error);
    }
    expect((await unsubscribe(DEMO_HOST, { token: forged })).json()).toEqual({
      error: "INVALID_UNSUBSCRIBE_TOKEN",
    });
    expect(await databaseDigest(t.db)).toEqual(before);

    // Unsubscribed by the link, then subscribed again in the profile: the old link is void.
    expect((await unsubscribe(DEMO_HOST, { token })).statusCode).toBe(200);
    await t.db
      .update(customers)
      .set({ newsletterSubscribed: true, newsletterSubscribedAt: new Date(Date.now() + 1000) })
      .where(eq(customers.id, id));
    const superseded = await unsubscribe(DEMO_HOST, { token });
    expect(superseded.statusCode).toBe(400);
    expect((await customerRow(id)).newsletterSubscribed).toBe(true);
  });

  it("redirects only to a path of the site", async () => {
    const hostile = [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      null,
    ];
    for (const redirect of hostile) {
      const { id } = await registered(DEMO_HOST, true);
      const response = await unsubscribe(DEMO_HOST, {
        token: await tokenOf(DEMO_HOST, id),
        redirect,
      });
      expect(response.json(), String(redirect)).toEqual({ redirect: "/" });
    }
  });
});

describe("the console", () => {
  it("shows the consent and lets newsletters.subscribers.update withdraw it, audited", async () => {
    const { id } = await registered(DEMO_HOST, true);
    const { cuid } = await customerRow(id);
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const detail = (await owner.get(`/api/admin/customers/${cuid}`)).json();
    expect(detail.customer.newsletter).toMatchObject({ subscribed: true, source: "REGISTER" });

    const reader = await collaboratorWith(t, [
      "customers.customers.read",
      "customers.customers.update",
    ]);
    expect((await reader.client.delete(`/api/admin/customers/${cuid}/newsletter`)).statusCode).toBe(
      403,
    );
    const staff = await collaboratorWith(t, ["newsletters.subscribers.update"]);
    const withdrawn = await staff.client.delete(`/api/admin/customers/${cuid}/newsletter`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().newsletter).toMatchObject({ subscribed: false, source: "CONSOLE" });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, "customer.newsletter_unsubscribed"), eq(auditLogs.entityId, cuid)),
      )
      .orderBy(desc(auditLogs.id));
    expect(audit).toBeDefined();
    // Again: nothing more to withdraw, nothing audited twice.
    expect((await staff.client.delete(`/api/admin/customers/${cuid}/newsletter`)).statusCode).toBe(
      200,
    );
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, "customer.newsletter_unsubscribed"), eq(auditLogs.entityId, cuid)),
      );
    expect(audits).toHaveLength(1);
  });

  it("edits the unsubscribe page's texts beside the register page's, and the page shows them", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const saved = await owner.request("PATCH", "/api/admin/website", {
      body: { newsletter_unsubscribe: { title: "On se quitte ?", subtitle: "  " } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().newsletter_unsubscribe).toEqual({
      title: "On se quitte ?",
      subtitle: null,
    });
    const tooLong = await owner.request("PATCH", "/api/admin/website", {
      body: { newsletter_unsubscribe: { title: "x".repeat(500), subtitle: null } },
    });
    expect(tooLong.statusCode).toBe(400);
    // The register texts saved later keep the unsubscribe page's.
    await owner.request("PATCH", "/api/admin/website", {
      body: { register: { title: "Bienvenue", subtitle: null } },
    });
    const [row] = await t.db
      .select({ website: organisers.website })
      .from(organisers)
      .where(eq(organisers.slug, "demo"));
    expect(row!.website.pages_settings.newsletter_unsubscribe).toEqual({
      title: "On se quitte ?",
      subtitle: null,
    });

    const request = {
      tenant: { kind: "storefront", organiser: await organiserOf(DEMO_HOST) },
      cookies: {},
      cspNonce: "nonce",
      log: { error: () => undefined },
    } as unknown as FastifyRequest;
    const context = await storefrontContextFactory(t.db)(request);
    if (context.kind !== "storefront") throw new Error("expected a storefront context");
    expect(context.organiser.newsletter_unsubscribe_texts).toEqual({
      title: "On se quitte ?",
      subtitle: null,
    });
    expect(context.organiser.register_texts.title).toBe("Bienvenue");
  });
});

describe("account deletion", () => {
  it("withdraws the consent", async () => {
    const { client, id } = await registered(DEMO_HOST, true);
    expect((await client.delete("/api/session")).statusCode).toBe(200);
    expect(await customerRow(id)).toMatchObject({
      newsletterSubscribed: false,
      newsletterSource: "ACCOUNT_DELETION",
    });
  });
});
