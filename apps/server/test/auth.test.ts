import { customers, organisers, participants, passwordResetTokens } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registration as baseRegistration,
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  lastEmailedToken,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) =>
  baseRegistration({
    firstname: "  Camille ",
    lastname: "Martin",
    email: "  Camille.Martin@Example.org ",
    phone: "+32 470 12 34 56",
    participant: { birthdate: "2016-04-12", custom_data: [] },
    ...overrides,
  });

async function createTestCustomerWithoutPassword(email: string): Promise<number> {
  const [organiser] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  const [customer] = await t.db
    .insert(customers)
    .values({
      organiserId: organiser!.id,
      firstname: "Made",
      lastname: "By Staff",
      email,
      phone: "+32 470 11 22 33",
    })
    .returning({ id: customers.id });
  return customer!.id;
}

describe("POST /api/auth/register", () => {
  it("creates the customer (trimmed, lower-cased e-mail), their participant, and a session", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const response = await client.post("/api/auth/register", registration());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.customer).toMatchObject({
      firstname: "Camille",
      lastname: "Martin",
      fullname: "Camille Martin",
      email: "camille.martin@example.org",
    });
    const cookie = response.cookies.find((c) => c.name === "session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    const session = (await client.get("/api/session")).json();
    expect(session.customer.email).toBe("camille.martin@example.org");
    expect(session.counters.participants).toBe(1);
    expect(session.wallet).toEqual({ amount: 0 });

    const [stored] = await t.db.select().from(customers).where(eq(customers.id, body.customer.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const [participant] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.customerId, body.customer.id));
    expect(participant).toMatchObject({ firstname: "Camille", birthdate: "2016-04-12" });
  });

  it("refuses unticked terms, short passwords and missing fields with field codes", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const response = await client.post(
      "/api/auth/register",
      registration({
        terms: false,
        password: "12345",
        firstname: "   ",
        email: "nope",
        phone: undefined,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        terms: "TERMS_REQUIRED",
        password: "TOO_SHORT",
        firstname: "REQUIRED",
        email: "INVALID_EMAIL",
        phone: "REQUIRED",
      },
    });
  });

  it("requires the participant's birthdate when the organiser creates a participant", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const missing = await client.post(
      "/api/auth/register",
      registration({ email: "nobirth@example.org", participant: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ "participant.birthdate": "REQUIRED" });
    const invalid = await client.post(
      "/api/auth/register",
      registration({ email: "nobirth@example.org", participant: { birthdate: "2016-02-30" } }),
    );
    expect(invalid.json().fields).toEqual({ "participant.birthdate": "INVALID_DATE" });
  });

  it("refuses an e-mail already used at this organiser but accepts it at another", async () => {
    const demo = new Client(t.app, DEMO_HOST);
    const duplicate = await demo.post(
      "/api/auth/register",
      registration({ email: "PARENT@demo.test" }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: "EMAIL_ALREADY_USED" });

    const english = new Client(t.app, DEMO_EN_HOST);
    const elsewhere = await english.post(
      "/api/auth/register",
      registration({ email: "parent@demo.test", participant: { birthdate: "2015-01-01" } }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe("log-in and log-out", () => {
  it("logs the demo customer in with a trimmed, case-insensitive e-mail, then out", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const login = await client.post("/api/auth/login", {
      email: " Parent@Demo.test ",
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().customer.email).toBe("parent@demo.test");
    expect((await client.get("/api/session")).json().customer.firstname).toBeTruthy();

    const logout = await client.post("/api/auth/logout", {});
    expect(logout.statusCode).toBe(200);
    expect(client.cookies.has("session")).toBe(false);
    expect((await client.get("/api/session")).json()).toEqual({
      customer: null,
      counters: null,
      wallet: null,
    });
  });

  it("answers the same INVALID_CREDENTIALS for a wrong password and an unknown e-mail", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const wrong = await client.post("/api/auth/login", {
      email: "parent@demo.test",
      password: "nope",
    });
    const unknown = await client.post("/api/auth/login", {
      email: "nobody@example.org",
      password: "whatever",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "INVALID_CREDENTIALS" });
    expect(unknown.json()).toEqual({ error: "INVALID_CREDENTIALS" });
  });

  it("validates the log-in payload", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const response = await client.post("/api/auth/login", { email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: "INVALID_EMAIL", password: "REQUIRED" });
  });
});

describe("password reset", () => {
  it("e-mails a one-hour, single-use link and sets the new password", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const link = await client.post("/api/auth/password/link", { email: "parent@demo.test" });
    expect(link.statusCode).toBe(200);
    await t.app.afterAnswersSettled();
    expect(t.dispatchedEmails.length).toBeGreaterThan(0);
    const token = await lastEmailedToken(t, "parent@demo.test");
    const [stored] = await t.db.select().from(passwordResetTokens).orderBy(passwordResetTokens.id);
    expect(stored!.tokenHash).not.toContain(token);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.round(ttl / 1000)).toBe(3600);

    const mismatch = await client.post("/api/auth/password", {
      token,
      password: "brand-new-1",
      password_confirmation: "brand-new-2",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ password_confirmation: "MISMATCH" });

    const reset = await client.post("/api/auth/password", { token, password: "brand-new-1" });
    expect(reset.statusCode).toBe(200);
    const again = await client.post("/api/auth/password", { token, password: "another-one" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: "INVALID_RESET_TOKEN" });

    const login = await client.post("/api/auth/login", {
      email: "parent@demo.test",
      password: "brand-new-1",
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses an expired token and changes nothing", async () => {
    const client = new Client(t.app, DEMO_EN_HOST);
    await client.post("/api/auth/register", {
      ...registration({ email: "expiry@example.org" }),
    });
    await client.post("/api/auth/password/link", { email: "expiry@example.org" });
    const token = await lastEmailedToken(t, "expiry@example.org");
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, "expiry@example.org"));
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.customerId, customer!.id));
    const response = await client.post("/api/auth/password", { token, password: "whatever-1" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "RESET_TOKEN_EXPIRED" });
    const [after] = await t.db.select().from(customers).where(eq(customers.id, customer!.id));
    expect(after!.passwordHash).toBe(customer!.passwordHash);
  });

  it("lets a customer created by staff, without a password yet, choose one through the link", async () => {
    const staffMade = await createTestCustomerWithoutPassword("made-by-staff@example.org");
    const client = new Client(t.app, DEMO_HOST);
    expect(
      (await client.post("/api/auth/password/link", { email: "made-by-staff@example.org" }))
        .statusCode,
    ).toBe(200);
    const token = await lastEmailedToken(t, "made-by-staff@example.org");
    expect(
      (await client.post("/api/auth/password", { token, password: "chosen-123" })).statusCode,
    ).toBe(200);
    const login = await client.post("/api/auth/login", {
      email: "made-by-staff@example.org",
      password: "chosen-123",
    });
    expect(login.json().customer.id).toBe(staffMade);
  });

  it("answers the same for unknown e-mails and sends nothing", async () => {
    const client = new Client(t.app, DEMO_HOST);
    const before = t.dispatchedEmails.length;
    const response = await client.post("/api/auth/password/link", { email: "nobody@example.org" });
    expect(response.statusCode).toBe(200);
    await t.app.afterAnswersSettled();
    expect(t.dispatchedEmails.length).toBe(before);
  });

  it("requires the e-mail, and the token and password", async () => {
    const client = new Client(t.app, DEMO_HOST);
    expect((await client.post("/api/auth/password/link", {})).json().fields).toEqual({
      email: "REQUIRED",
    });
    expect((await client.post("/api/auth/password", {})).json().fields).toEqual({
      token: "REQUIRED",
      password: "REQUIRED",
    });
    const unknown = await client.post("/api/auth/password", {
      token: "x".repeat(40),
      password: "abcdef",
    });
    expect(unknown.json()).toEqual({ error: "INVALID_RESET_TOKEN" });
  });
});
