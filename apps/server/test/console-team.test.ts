import { auditLogs, collaboratorTokens, customerSessions, customers, messages } from "@booking/db";
import { desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_HOST,
  collaboratorWith,
  consoleBrowser,
  consoleLogin,
  DEMO_OWNER_EMAIL,
} from "./console-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_HOST,
  DEMO_PASSWORD,
  lastEmailedToken,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("console log-in and session", () => {
  it("logs the demo owner in on the admin host only, with every permission at a demo organiser", async () => {
    const client = await consoleBrowser(t.app);
    const wrong = await client.post("/api/admin/auth/login", {
      email: DEMO_OWNER_EMAIL,
      password: "wrong-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "INVALID_CREDENTIALS" });

    const login = await client.post("/api/admin/auth/login", {
      email: " Owner@Demo.test ",
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.collaborator.email).toBe(DEMO_OWNER_EMAIL);
    expect(session.organisers.map((o: { slug: string }) => o.slug).sort()).toEqual([
      "demo",
      "demo-en",
    ]);
    expect(session.role.is_owner).toBe(true);
    expect(session.permissions).toContain("collaborators.roles.update");
    expect(session.organiser.storefront_url).toMatch(/^http:\/\/demo(-en)?\.localhost$/);
    const cookie = login.cookies.find((c) => c.name === "admin_session");
    expect(cookie?.httpOnly).toBe(true);

    // The console's cookie means nothing on a storefront, and console calls are not served there.
    const onStorefront = await t.app.inject({
      method: "GET",
      url: "/api/admin/session",
      headers: { host: DEMO_HOST, cookie: `admin_session=${cookie!.value}` },
    });
    expect(onStorefront.statusCode).toBe(404);
  });

  it("switches organiser only to one the collaborator works for", async () => {
    const client = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const start = (await client.get("/api/admin/session")).json();
    const other = start.organisers.find((o: { cuid: string }) => o.cuid !== start.organiser.cuid);
    const switched = await client.put("/api/admin/session/organiser", { organiser: other.cuid });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().organiser.cuid).toBe(other.cuid);
    expect((await client.get("/api/admin/session")).json().organiser.cuid).toBe(other.cuid);

    const staff = await collaboratorWith(t, ["collaborators.collaborators.read"], "demo");
    const refused = await staff.client.put("/api/admin/session/organiser", {
      organiser: (await client.get("/api/admin/session"))
        .json()
        .organisers.find((o: { slug: string }) => o.slug === "demo-en").cuid,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "ORGANISER_NOT_FOUND" });
  });

  it("logs out: the session ends on the server", async () => {
    const client = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const cookie = client.cookies.get("admin_session")!;
    expect((await client.post("/api/admin/auth/logout")).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: "GET",
      url: "/api/admin/session",
      headers: { host: ADMIN_HOST, cookie: `admin_session=${cookie}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("resets a password through a one-time link, ending open sessions", async () => {
    const staff = await collaboratorWith(t, []);
    const browser = await consoleBrowser(t.app);
    expect(
      (await browser.post("/api/admin/auth/password/link", { email: staff.email })).statusCode,
    ).toBe(200);
    const unknown = await browser.post("/api/admin/auth/password/link", {
      email: "nobody@example.org",
    });
    expect(unknown.statusCode).toBe(200);
    const token = await lastEmailedToken(t, staff.email);
    const reset = await browser.post("/api/admin/auth/password", {
      token,
      password: "new-secret-1",
    });
    expect(reset.statusCode).toBe(200);
    expect((await staff.client.get("/api/admin/session")).statusCode).toBe(401);
    const again = await browser.post("/api/admin/auth/password", {
      token,
      password: "other-one-2",
    });
    expect(again.json()).toEqual({ error: "INVALID_RESET_TOKEN" });
    await consoleLogin(t.app, staff.email, "new-secret-1");
  });
});

describe("collaborators and roles", () => {
  it("invites a new collaborator, who chooses a password and logs in with the role given", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const role = await owner.post("/api/admin/roles", {
      name: "Accueil",
      permissions: ["customers.customers.read", "registrations.registrations.read"],
    });
    expect(role.statusCode).toBe(201);
    const invited = await owner.post("/api/admin/collaborators", {
      email: "New.Staff@Example.org",
      firstname: "Nadia",
      lastname: "Staff",
      role: role.json().cuid,
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: "new.staff@example.org", active: false });
    const again = await owner.post("/api/admin/collaborators", {
      email: "new.staff@example.org",
      firstname: "Nadia",
      lastname: "Staff",
      role: role.json().cuid,
    });
    expect(again.json()).toEqual({ error: "COLLABORATOR_ALREADY_MEMBER" });

    const [mail] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.toAddress, "new.staff@example.org"));
    expect(mail!.text).toContain("/admin/password?token=");
    expect(mail!.text).toContain("invitation=1");
    const browser = await consoleBrowser(t.app);
    const accept = await browser.post("/api/admin/auth/password", {
      token: await lastEmailedToken(t, "new.staff@example.org"),
      password: "welcome-123",
    });
    expect(accept.statusCode).toBe(200);
    const staff = await consoleLogin(t.app, "new.staff@example.org", "welcome-123");
    const session = (await staff.get("/api/admin/session")).json();
    expect(session.role.name).toBe("Accueil");
    expect(session.permissions).toEqual([
      "customers.customers.read",
      "registrations.registrations.read",
    ]);
    // Without collaborators.collaborators.read the team list is refused.
    expect((await staff.get("/api/admin/collaborators")).statusCode).toBe(403);

    const logs = (await owner.get("/api/admin/audit-logs?entity=collaborator")).json();
    expect(logs.data[0]).toMatchObject({
      action: "collaborator.invited",
      collaborator: { email: DEMO_OWNER_EMAIL },
      after: { email: "new.staff@example.org", role: "Accueil" },
    });
  });

  it("validates roles: unknown permissions, duplicate names, the locked owner role, roles in use", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const unknown = await owner.post("/api/admin/roles", {
      name: "Bad",
      permissions: ["customers.customers.read", "everything.everywhere.all"],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ "permissions.1": "UNKNOWN_PERMISSION" });
    const empty = await owner.post("/api/admin/roles", { name: "  ", permissions: [] });
    expect(empty.json().fields).toEqual({ name: "REQUIRED" });

    const created = (
      await owner.post("/api/admin/roles", {
        name: "Bénévoles",
        permissions: ["activities.activities.read"],
      })
    ).json();
    const duplicate = await owner.post("/api/admin/roles", { name: "bénévoles", permissions: [] });
    expect(duplicate.json()).toEqual({ error: "ROLE_NAME_TAKEN" });

    const roles = (await owner.get("/api/admin/roles")).json().data;
    const ownerRole = roles.find((r: { is_owner: boolean }) => r.is_owner);
    expect(ownerRole.permissions.length).toBeGreaterThan(100);
    const lockedUpdate = await owner.put(`/api/admin/roles/${ownerRole.cuid}`, {
      name: "Owner",
      permissions: [],
    });
    expect(lockedUpdate.json()).toEqual({ error: "OWNER_ROLE_LOCKED" });
    expect((await owner.delete(`/api/admin/roles/${ownerRole.cuid}`)).json()).toEqual({
      error: "OWNER_ROLE_LOCKED",
    });

    const updated = await owner.put(`/api/admin/roles/${created.cuid}`, {
      name: "Bénévoles du mercredi",
      permissions: ["activities.activities.read", "customers.customers.read"],
    });
    expect(updated.json()).toMatchObject({ name: "Bénévoles du mercredi", collaborators_count: 0 });
    const [log] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, created.cuid))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(log).toMatchObject({
      action: "collaborator_role.updated",
      before: { name: "Bénévoles", permissions: ["activities.activities.read"] },
      // Stored in the catalogue's order, whatever the order sent.
      after: {
        name: "Bénévoles du mercredi",
        permissions: ["customers.customers.read", "activities.activities.read"],
      },
    });

    await owner.post("/api/admin/collaborators", {
      email: "reader@example.org",
      firstname: "Rita",
      lastname: "Reader",
      role: created.cuid,
    });
    expect((await owner.delete(`/api/admin/roles/${created.cuid}`)).json()).toEqual({
      error: "ROLE_IN_USE",
    });
  });

  it("never leaves an organiser without an owner, and only owners hand out the owner role", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const team = (await owner.get("/api/admin/collaborators")).json().data;
    const me = team.find((c: { email: string }) => c.email === DEMO_OWNER_EMAIL);
    const lastOwner = await owner.delete(`/api/admin/collaborators/${me.cuid}`);
    expect(lastOwner.json()).toEqual({ error: "LAST_OWNER" });

    const manager = await collaboratorWith(t, [
      "collaborators.collaborators.read",
      "collaborators.collaborators.update",
      "collaborators.roles.read",
    ]);
    const ownerRole = (await owner.get("/api/admin/roles"))
      .json()
      .data.find((r: { is_owner: boolean }) => r.is_owner);
    const self = (await manager.client.get("/api/admin/collaborators"))
      .json()
      .data.find((c: { email: string }) => c.email === manager.email);
    const escalate = await manager.client.put(`/api/admin/collaborators/${self.cuid}`, {
      role: ownerRole.cuid,
    });
    expect(escalate.statusCode).toBe(403);
  });
});

describe("impersonation", () => {
  it("opens a customer's storefront account in a marked session, once, and audits it", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const [parent] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, "parent@demo.test"));
    const started = await owner.post(`/api/admin/customers/${parent!.cuid}/impersonate`);
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.hostname).toMatch(/^demo(-en)?\.localhost$/);

    const storefront = new Client(t.app, url.hostname);
    const opened = await storefront.get(`${url.pathname}${url.search}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toMatch(/\/account$/);
    const session = (await storefront.get("/api/session")).json();
    expect(session.customer.email).toBe("parent@demo.test");
    const [stored] = await t.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, parent!.id))
      .orderBy(desc(customerSessions.id))
      .limit(1);
    expect(stored!.impersonatorCollaboratorId).not.toBeNull();

    const replay = await new Client(t.app, url.hostname).get(`${url.pathname}${url.search}`);
    expect(replay.json()).toEqual({ error: "IMPERSONATION_LINK_INVALID" });
    const logs = (await owner.get("/api/admin/audit-logs?entity=customer")).json();
    expect(logs.data[0]).toMatchObject({
      action: "customer.impersonated",
      entity_id: parent!.cuid,
    });
  });

  it("refuses a hand-over link on another organiser's host, and an expired one", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const [parent] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, "parent@demo.test"));
    const url = new URL(
      (await owner.post(`/api/admin/customers/${parent!.cuid}/impersonate`)).json().url,
    );
    const otherHost = url.hostname === DEMO_HOST ? "demo-en.localhost" : DEMO_HOST;
    const foreign = await new Client(t.app, otherHost).get(`${url.pathname}${url.search}`);
    expect(foreign.json()).toEqual({ error: "IMPERSONATION_LINK_INVALID" });
    // Tried on the wrong host, the link is not spent: its own host still opens it.
    const own = await new Client(t.app, url.hostname).get(`${url.pathname}${url.search}`);
    expect(own.statusCode).toBe(302);

    const fresh = new URL(
      (await owner.post(`/api/admin/customers/${parent!.cuid}/impersonate`)).json().url,
    );
    await t.db.update(collaboratorTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await new Client(t.app, fresh.hostname).get(`${fresh.pathname}${fresh.search}`);
    expect(expired.json()).toEqual({ error: "IMPERSONATION_LINK_INVALID" });
  });

  it("lets a collaborator act as a non-owner colleague at one organiser, marked and audited", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const colleague = await collaboratorWith(t, ["customers.customers.read"]);
    const team = (await owner.get("/api/admin/collaborators")).json().data;
    const target = team.find((c: { email: string }) => c.email === colleague.email);
    const me = team.find((c: { email: string }) => c.email === DEMO_OWNER_EMAIL);
    expect((await owner.post(`/api/admin/collaborators/${me.cuid}/impersonate`)).json()).toEqual({
      error: "CANNOT_IMPERSONATE_SELF",
    });
    const started = await owner.post(`/api/admin/collaborators/${target.cuid}/impersonate`);
    expect(started.json()).toEqual({ url: "/admin" });
    const session = (await owner.get("/api/admin/session")).json();
    expect(session.collaborator.email).toBe(colleague.email);
    expect(session.impersonator.email).toBe(DEMO_OWNER_EMAIL);
    expect(session.organisers).toHaveLength(1);
    expect(session.permissions).toEqual(["customers.customers.read"]);
  });
});
