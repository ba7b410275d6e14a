import { carts, customerMemberships, customers, memberships, participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedCustomers } from "./account-fixtures.ts";
import { collaboratorWith, demoConsole, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { type Client, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Staff give a customer one of the organiser's memberships (customers.memberships.create,
// decision 0104): an order of its own converted by checkout, paid by transfer, the wallet or
// free with a reason; the account shows it; double-clicks give one.

let t: TestApp;
let owner: Client;
let organiserId: number;
let rolling: { id: number; cuid: string };
let family: { id: number; cuid: string };
let fixed: { id: number; cuid: string };

const newCustomer = numberedCustomers({
  firstname: "Gaspard",
  lastname: "Cadeau",
  email: "membership-gift",
  participant: "Nina",
});

async function membershipOf(id: number, values: Partial<typeof memberships.$inferInsert>) {
  const [row] = await t.db
    .insert(memberships)
    .values({
      organiserId: id,
      title: "Abonnement",
      price: 6_000,
      entity: "PARTICIPANTS",
      periodType: "ROLLING",
      rollingPeriodType: "months",
      rollingPeriodDuration: 12,
      published: true,
      ...values,
    })
    .returning({ id: memberships.id, cuid: memberships.cuid });
  return row!;
}

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  rolling = await membershipOf(organiserId, { title: "Abonnement natation offert" });
  family = await membershipOf(organiserId, {
    title: "Cotisation famille offerte",
    price: 2_500,
    entity: "CUSTOMERS",
    published: false,
  });
  fixed = await membershipOf(organiserId, {
    title: "Saison fixe",
    periodType: "FIXED",
    rollingPeriodType: null,
    rollingPeriodDuration: null,
    fixedPeriodStartAt: new Date("2026-09-01T00:00:00Z"),
    fixedPeriodEndAt: new Date("2027-07-01T00:00:00Z"),
  });
});
afterAll(async () => {
  await t.close();
});

async function customer(walletAmount?: number) {
  const who = await newCustomer(t, organiserId, DEMO_HOST, walletAmount);
  const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
  const [kid] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, who.participantId));
  return { ...who, cuid: row!.cuid, participantCuid: kid!.cuid };
}

const give = (client: Client, customerCuid: string, body: Record<string, unknown>) =>
  client.post(`/api/admin/customers/${customerCuid}/memberships`, body);

async function heldBy(customerId: number) {
  return t.db
    .select()
    .from(customerMemberships)
    .where(eq(customerMemberships.customerId, customerId));
}

describe("staff give a membership", () => {
  it("by transfer: the order owes its price, the period starts on the day chosen, the account shows it", async () => {
    const who = await customer();
    const given = await give(owner, who.cuid, {
      membership: rolling.cuid,
      participant: who.participantCuid,
      start_on: "2027-01-15",
      payment: "TRANSFER",
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      title: "Abonnement natation offert",
      participant: `Nina ${who.fullname.split(" ")[1]}`,
      // Brussels' midnight of the day chosen, twelve calendar months later.
      start_at: "2027-01-14T23:00:00.000Z",
      end_at: "2028-01-14T23:00:00.000Z",
      cancelled: false,
      total_amount: 6_000,
      paid_amount: 0,
    });
    const [row] = await heldBy(who.customerId);
    const [order] = await t.db.select().from(carts).where(eq(carts.id, row!.cartId));
    expect(order).toMatchObject({ paymentStrategy: "DELAYED", totalAmount: 6_000 });
    expect(order!.processedAt).not.toBeNull();
    expect(order!.reference).not.toBe("");

    const list = await owner.get(`/api/admin/customers/${who.cuid}/memberships`);
    expect(list.json().data).toEqual([given.json()]);
    const account = await who.client.get("/api/customer-memberships");
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().data[0]).toMatchObject({
      cuid: given.json().cuid,
      membership: { title: "Abonnement natation offert" },
      cancelled: false,
    });
    const audit = await lastAuditOf(t.db, given.json().cuid);
    expect(audit).toMatchObject({
      action: "customer_membership.given",
      after: { payment: "TRANSFER", membership: rolling.cuid, total_amount: 6_000 },
    });
  });

  it("from the wallet, or free with its reason; a customers' membership takes no participant", async () => {
    const rich = await customer(10_000);
    const paid = await give(owner, rich.cuid, { membership: family.cuid, payment: "WALLET" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      participant: null,
      total_amount: 2_500,
      paid_amount: 2_500,
    });
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, rich.customerId));
    expect(wallet!.amount).toBe(7_500);

    const who = await customer();
    const noReason = await give(owner, who.cuid, {
      membership: rolling.cuid,
      participant: who.participantCuid,
      payment: "FREE",
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: "REQUIRED" });
    const free = await give(owner, who.cuid, {
      membership: rolling.cuid,
      participant: who.participantCuid,
      payment: "FREE",
      reason: "Bénévole du club",
    });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ total_amount: 0, paid_amount: 0 });
    expect((await lastAuditOf(t.db, free.json().cuid))?.after).toMatchObject({
      payment: "FREE",
      reason: "Bénévole du club",
    });

    const season = await give(owner, who.cuid, {
      membership: fixed.cuid,
      participant: who.participantCuid,
      start_on: "2030-01-01",
      payment: "TRANSFER",
    });
    expect(season.statusCode, season.body).toBe(201);
    expect(season.json()).toMatchObject({
      start_at: "2026-09-01T00:00:00.000Z",
      end_at: "2027-07-01T00:00:00.000Z",
    });
  });

  it("refuses hostile input, other tenants' ids and the wrong permission, changing nothing", async () => {
    const who = await customer();
    const refusals: Array<[Record<string, unknown>, number]> = [
      [{ membership: rolling.cuid, payment: "TRANSFER" }, 400],
      [{ membership: family.cuid, participant: who.participantCuid, payment: "TRANSFER" }, 400],
      [{ membership: rolling.cuid, participant: who.participantCuid, payment: "CASH" }, 400],
      [
        {
          membership: rolling.cuid,
          participant: who.participantCuid,
          payment: "TRANSFER",
          start_on: "2027-02-30",
        },
        400,
      ],
      [{ membership: "a\u0000b", participant: who.participantCuid, payment: "TRANSFER" }, 400],
      [{ membership: 12, payment: "TRANSFER" }, 400],
      [{ membership: "nope", participant: who.participantCuid, payment: "TRANSFER" }, 404],
      [{ membership: rolling.cuid, participant: "nope", payment: "TRANSFER" }, 404],
    ];
    for (const [body, status] of refusals) {
      const answer = await give(owner, who.cuid, body);
      expect([answer.statusCode, answer.body], JSON.stringify(body)).toEqual([status, answer.body]);
    }
    const otherId = await organiserIdOf(t.db, "demo-en");
    const foreign = await membershipOf(otherId, { title: "Other's" });
    expect(
      (
        await give(owner, who.cuid, {
          membership: foreign.cuid,
          participant: who.participantCuid,
          payment: "TRANSFER",
        })
      ).statusCode,
    ).toBe(404);
    // The dialog's choices: this organiser's memberships, unpublished ones too, never another's.
    const choices = (await owner.get("/api/admin/membership-choices")).json().data;
    const offered = choices.map((choice: { cuid: string }) => choice.cuid);
    expect(offered).toEqual(expect.arrayContaining([rolling.cuid, family.cuid, fixed.cuid]));
    expect(offered).not.toContain(foreign.cuid);
    const elsewhere = await newCustomer(t, otherId, DEMO_EN_HOST);
    const [elsewhereRow] = await t.db
      .select({ cuid: customers.cuid })
      .from(customers)
      .where(eq(customers.id, elsewhere.customerId));
    expect(
      (await give(owner, elsewhereRow!.cuid, { membership: family.cuid, payment: "TRANSFER" }))
        .statusCode,
    ).toBe(404);
    const reader = await collaboratorWith(t, [
      "customers.memberships.read",
      "customers.customers.read",
    ]);
    expect(
      (await give(reader.client, who.cuid, { membership: family.cuid, payment: "TRANSFER" }))
        .statusCode,
    ).toBe(403);
    expect(await heldBy(who.customerId)).toEqual([]);
    expect(await heldBy(elsewhere.customerId)).toEqual([]);
  });

  it("gives one membership when staff double-click", async () => {
    const who = await customer();
    const body = {
      membership: rolling.cuid,
      participant: who.participantCuid,
      payment: "TRANSFER",
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => give(owner, who.cuid, body)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join("\n")).toEqual([
      201, 409, 409, 409, 409,
    ]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe(
      "MEMBERSHIP_ALREADY_HELD",
    );
    expect(await heldBy(who.customerId)).toHaveLength(1);
    const orders = await t.db.select().from(carts).where(eq(carts.customerId, who.customerId));
    expect(orders).toHaveLength(1);
  });
});
