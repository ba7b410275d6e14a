import { customers, organisers, participants, withTenant } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
let demoId: number;
let englishId: number;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(organisers);
  demoId = rows.find((row) => row.slug === "demo")!.id;
  englishId = rows.find((row) => row.slug === "demo-en")!.id;
});
afterAll(() => t.close());

describe("organiser isolation", () => {
  it("a session cookie of organiser A is worth nothing on organiser B's host", async () => {
    const demo = new Client(t.app, DEMO_HOST);
    await demo.post("/api/auth/login", { email: "parent@demo.test", password: DEMO_PASSWORD });
    expect((await demo.get("/api/session")).json().customer).not.toBeNull();

    const english = new Client(t.app, DEMO_EN_HOST);
    for (const [name, value] of demo.cookies) english.cookies.set(name, value);
    const session = await english.get("/api/session");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ customer: null, counters: null, wallet: null });
    const update = await english.put("/api/session", {
      firstname: "Hijack",
      lastname: "Attempt",
      email: "hijack@example.org",
      phone: "+32 470 00 00 00",
    });
    expect(update.statusCode).toBe(401);
    const [parent] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, "parent@demo.test"));
    expect(parent!.firstname).not.toBe("Hijack");
  });

  it("row-level security hides other organisers' rows even when a query forgets its filter", async () => {
    const seen = await withTenant(t.db, englishId, (tx) => tx.select().from(customers));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.organiserId === englishId)).toBe(true);

    const [demoParticipant] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.organiserId, demoId))
      .limit(1);
    const byId = await withTenant(t.db, englishId, (tx) =>
      tx.select().from(participants).where(eq(participants.id, demoParticipant!.id)),
    );
    expect(byId).toEqual([]);
    const byCuid = await withTenant(t.db, englishId, (tx) =>
      tx.select().from(participants).where(eq(participants.cuid, demoParticipant!.cuid)),
    );
    expect(byCuid).toEqual([]);
  });

  it("a tenant transaction's relational queries are built on first use and still see one organiser (0081)", async () => {
    const seen = await withTenant(t.db, englishId, async (tx) => {
      // Not built with the transaction (131 builders): only when asked, once.
      expect(Object.getOwnPropertyDescriptor(tx, "query")?.get).toBeTypeOf("function");
      expect(tx.query.customers).toBe(tx.query.customers);
      return tx.query.customers.findMany({ with: { participants: true } });
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.organiserId === englishId)).toBe(true);
    expect(seen.flatMap((row) => row.participants).every((p) => p.organiserId === englishId)).toBe(
      true,
    );
  });

  it("row-level security refuses writes into another organiser", async () => {
    const [demoCustomer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.organiserId, demoId))
      .limit(1);
    await expect(
      withTenant(t.db, englishId, (tx) =>
        tx.insert(participants).values({
          organiserId: demoId,
          customerId: demoCustomer!.id,
          firstname: "Intruder",
          lastname: "Row",
          birthdate: "2015-01-01",
        }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(t.db, englishId, (tx) =>
      tx
        .update(customers)
        .set({ firstname: "Changed" })
        .where(eq(customers.id, demoCustomer!.id))
        .returning(),
    );
    expect(updated).toEqual([]);
  });

  it("a composite foreign key refuses a participant of B pointing at a customer of A", async () => {
    const [demoCustomer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.organiserId, demoId))
      .limit(1);
    await expect(
      t.db.insert(participants).values({
        organiserId: englishId,
        customerId: demoCustomer!.id,
        firstname: "Cross",
        lastname: "Tenant",
        birthdate: "2015-01-01",
      }),
    ).rejects.toThrow();
  });

  it("without a tenant setting, the application role sees nothing", async () => {
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE booking_app`);
      return tx.select().from(customers);
    });
    expect(rows).toEqual([]);
  });
});
