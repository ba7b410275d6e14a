import { customerSessions, customers, participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  DEMO_HOST,
  registeredClient as registeredAt,
  registration,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registeredClient = (email: string) => registeredAt(t.app, DEMO_HOST, email);

const profile = {
  firstname: " Jeanne ",
  lastname: "Dupont",
  email: " JEANNE@Example.org",
  phone: "+33 6 12 34 56 78",
  custom_data: [],
};

describe("PUT /api/session", () => {
  it("updates the profile with the same trimming rules", async () => {
    const { client } = await registeredClient("jean@example.org");
    const response = await client.put("/api/session", profile);
    expect(response.statusCode).toBe(200);
    expect(response.json().customer).toMatchObject({
      firstname: "Jeanne",
      email: "jeanne@example.org",
      phone: "+33 6 12 34 56 78",
    });
  });

  it("needs a session", async () => {
    const response = await new Client(t.app, DEMO_HOST).put("/api/session", profile);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("refuses blank fields and another customer's e-mail", async () => {
    const { client } = await registeredClient("other@example.org");
    const blank = await client.put("/api/session", { ...profile, lastname: " ", phone: "" });
    expect(blank.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { lastname: "REQUIRED", phone: "REQUIRED" },
    });
    const taken = await client.put("/api/session", { ...profile, email: "parent@demo.test" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: "EMAIL_ALREADY_USED" });
  });
});

describe("DELETE /api/session", () => {
  it("anonymises the customer and their participants, keeps the rows, ends the sessions", async () => {
    const { client, id } = await registeredClient("leaving@example.org");
    const response = await client.delete("/api/session");
    expect(response.statusCode).toBe(200);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(customer).toMatchObject({ firstname: "Deleted", phone: "", passwordHash: null });
    expect(customer!.email).not.toContain("leaving");
    expect(customer!.anonymisedAt).toBeInstanceOf(Date);
    const kept = await t.db.select().from(participants).where(eq(participants.customerId, id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.firstname).toBe("Deleted");
    expect(kept[0]!.deletedAt).toBeInstanceOf(Date);
    const sessions = await t.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, id));
    expect(sessions).toHaveLength(0);

    const relogin = await client.post("/api/auth/login", {
      email: "leaving@example.org",
      password: "secret123",
    });
    expect(relogin.statusCode).toBe(401);
    const again = await new Client(t.app, DEMO_HOST).post(
      "/api/auth/register",
      registration({ email: "leaving@example.org" }),
    );
    expect(again.statusCode).toBe(201);
  });
});
