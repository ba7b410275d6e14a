import {
  bundleActivities,
  bundles,
  customerBundles,
  customerMemberships,
  customers,
  customerVouchers,
  memberships,
  walletTransactions,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, giftVoucher, registrationBody } from "./cart-fixtures.ts";
import { demoConsole, lastAuditOf } from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// What customers own, managed from the console's customer page (issue 17 §4, decision 0087):
// bundles (consumption, validity, refund), vouchers (refund, redemption for the customer),
// memberships (cancellation); the money actions raced.

let t: TestApp;
let owner: Client;
let organiserId: number;
let bundleProduct: number;
let voucherProduct: number;
let membershipProduct: number;
let availability: Awaited<ReturnType<typeof availabilityWithDates>>;

const newCustomer = numberedCustomers({
  firstname: "Claire",
  lastname: "Possède",
  email: "console-owned",
  participant: "Kid",
});
type Customer = Awaited<ReturnType<typeof newCustomer>>;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  availability = await availabilityWithDates(t, {
    organiserId,
    title: "Stage forfaits console",
    capacity: 50,
    price: 3_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 50 }],
  });
  const [bundle] = await t.db
    .insert(bundles)
    .values({
      organiserId,
      title: "Carte 5 séances console",
      price: 12_000,
      capacity: 5,
      duration: 180 * 24 * 3600,
      entity: "PARTICIPANTS",
      published: true,
    })
    .returning();
  bundleProduct = bundle!.id;
  await t.db
    .insert(bundleActivities)
    .values({ organiserId, bundleId: bundleProduct, activityId: availability.activity.id });
  voucherProduct = (await giftVoucher(t, organiserId)).id;
  const [membership] = await t.db
    .insert(memberships)
    .values({
      organiserId,
      title: "Abonnement console",
      price: 4_000,
      periodType: "ROLLING",
      rollingPeriodType: "months",
      rollingPeriodDuration: 12,
      published: true,
    })
    .returning();
  membershipProduct = membership!.id;
});
afterAll(async () => {
  await t.close();
});

/** A customer with a wallet of 500.00, so that what they buy is paid at checkout. */
async function customer() {
  const who = await newCustomer(t, organiserId, DEMO_HOST, 50_000);
  const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
  return { ...who, cuid: row!.cuid };
}

async function buy(who: Customer, body: Record<string, unknown>) {
  const added = await who.client.post("/api/carts/items", body);
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(who.client, added.json().cart.id);
}

async function walletOf(customerId: number) {
  const [row] = await t.db
    .select({ amount: customers.walletAmount })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.amount;
}

async function refundsOf(customerId: number) {
  return t.db
    .select()
    .from(walletTransactions)
    .where(
      and(eq(walletTransactions.customerId, customerId), eq(walletTransactions.reason, "REFUND")),
    );
}

async function boughtBundle(who: Awaited<ReturnType<typeof customer>>) {
  await buy(who, { bundles: [{ bundle_id: bundleProduct, participant_id: who.participantId }] });
  const [row] = await t.db
    .select()
    .from(customerBundles)
    .where(eq(customerBundles.customerId, who.customerId));
  return row!;
}

async function boughtVoucher(who: Awaited<ReturnType<typeof customer>>) {
  await buy(who, { vouchers: [{ voucher_id: voucherProduct }] });
  const rows = await t.db
    .select()
    .from(customerVouchers)
    .where(eq(customerVouchers.customerId, who.customerId))
    .orderBy(customerVouchers.id);
  return rows.at(-1)!;
}

const register = (who: Customer) =>
  registrationBody(availability.availability.id, who.participantId, [availability.dates[0]!.id]);

describe("customers' bundles in the console", () => {
  it("lists a bundle with the registrations it paid for", async () => {
    const who = await customer();
    const bundle = await boughtBundle(who);
    await buy(who, register(who));

    const list = await owner.get(`/api/admin/customers/${who.cuid}/bundles`);
    expect(list.statusCode, list.body).toBe(200);
    const [view] = list.json().data;
    expect(view).toMatchObject({
      cuid: bundle.cuid,
      title: "Carte 5 séances console",
      participant: `Kid ${who.fullname.split(" ")[1]}`,
      capacity: 5,
      used: 1,
      from_voucher: false,
      total_amount: 12_000,
      paid_amount: 12_000,
      refund: null,
    });
    expect(view.consumption).toEqual([
      expect.objectContaining({ activity: "Stage forfaits console", cancelled: false }),
    ]);
    expect(view.consumption[0].registration).toMatch(/\S/);
  });

  it("extends the validity (audited), refusing a past date and an unknown bundle", async () => {
    const who = await customer();
    const bundle = await boughtBundle(who);
    const later = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString();
    const extended = await owner.put(`/api/admin/customer-bundles/${bundle.cuid}/expiry`, {
      expires_at: later,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().expires_at).toBe(later);
    expect(await lastAuditOf(t.db, bundle.cuid)).toMatchObject({
      action: "customer_bundle.expiry_changed",
      after: { expires_at: later },
    });

    const past = await owner.put(`/api/admin/customer-bundles/${bundle.cuid}/expiry`, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ expires_at: "TOO_SMALL" });
    const unknown = await owner.put("/api/admin/customer-bundles/nope/expiry", {
      expires_at: later,
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(customerBundles)
      .where(eq(customerBundles.id, bundle.id));
    expect(row!.expiresAt!.toISOString()).toBe(later);
  });

  it("refunds a bundle to the wallet once under 20 concurrent refunds; it then pays nothing more", async () => {
    const who = await customer();
    const bundle = await boughtBundle(who);
    const wallet = await walletOf(who.customerId);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.post(`/api/admin/customer-bundles/${bundle.cuid}/refund`, {
          reason: "Déménagement",
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes, responses.map((r) => r.body).join("\n")).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().error).toBe("BUNDLE_ALREADY_REFUNDED");
    }
    expect(await walletOf(who.customerId)).toBe(wallet + 12_000);
    expect((await refundsOf(who.customerId)).map((row) => row.amount)).toEqual([12_000]);
    expect(await lastAuditOf(t.db, bundle.cuid)).toMatchObject({
      action: "customer_bundle.refunded",
      after: { refunded_amount: 12_000, reason: "Déménagement" },
    });

    // A registration added now pays its full price: the refunded bundle covers it no more.
    const added = await who.client.post("/api/carts/items", register(who));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().cart.totals.bundle_total).toBe(0);
    const list = await owner.get(`/api/admin/customers/${who.cuid}/bundles`);
    expect(list.json().data[0].refund).toEqual({ amount: 12_000, at: expect.any(String) });
  });

  it("refuses a refund above what was paid, and a bad body, changing nothing", async () => {
    const who = await customer();
    const bundle = await boughtBundle(who);
    const wallet = await walletOf(who.customerId);
    const above = await owner.post(`/api/admin/customer-bundles/${bundle.cuid}/refund`, {
      amount: 12_001,
      reason: "Trop",
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().error).toBe("REFUND_ABOVE_PAID");
    const noReason = await owner.post(`/api/admin/customer-bundles/${bundle.cuid}/refund`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: "REQUIRED" });
    expect(await walletOf(who.customerId)).toBe(wallet);

    const part = await owner.post(`/api/admin/customer-bundles/${bundle.cuid}/refund`, {
      amount: 4_000,
      reason: "Deux séances utilisées",
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(await walletOf(who.customerId)).toBe(wallet + 4_000);
  });
});

describe("customers' vouchers in the console", () => {
  it("refunds an unredeemed voucher once, which then redeems no more", async () => {
    const who = await customer();
    const voucher = await boughtVoucher(who);
    const wallet = await walletOf(who.customerId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.post(`/api/admin/customer-vouchers/${voucher.cuid}/refund`, { reason: "Erreur" }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array(9).fill(409),
    ]);
    const refunded = responses.find((response) => response.statusCode === 200)!.json();
    expect(refunded).toMatchObject({ state: "refunded", refund: { amount: 5_000 } });
    expect(await walletOf(who.customerId)).toBe(wallet + 5_000);

    const other = await customer();
    const redeem = await other.client.put("/api/vouchers/redeem", { code: voucher.code });
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json().error).toBe("VOUCHER_ALREADY_REDEEMED");
    const staffRedeem = await owner.post(`/api/admin/customer-vouchers/${voucher.cuid}/redeem`, {});
    expect(staffRedeem.statusCode).toBe(409);
    expect(await walletOf(other.customerId)).toBe(50_000);
  });

  it("redeems a voucher for its buyer once under concurrent attempts; a redeemed one is not refunded", async () => {
    const who = await customer();
    const voucher = await boughtVoucher(who);
    const wallet = await walletOf(who.customerId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.post(`/api/admin/customer-vouchers/${voucher.cuid}/redeem`, {}),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array(9).fill(409),
    ]);
    const redeemed = responses.find((response) => response.statusCode === 200)!.json();
    expect(redeemed).toMatchObject({ state: "redeemed", recipient: who.fullname });
    expect(await walletOf(who.customerId)).toBe(wallet + 5_000);
    expect(await lastAuditOf(t.db, voucher.cuid)).toMatchObject({
      action: "customer_voucher.redeemed",
    });

    const refund = await owner.post(`/api/admin/customer-vouchers/${voucher.cuid}/refund`, {
      reason: "Trop tard",
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error).toBe("VOUCHER_REDEEMED");
    const list = await owner.get(`/api/admin/customers/${who.cuid}/vouchers`);
    expect(list.json().data.map((row: { state: string }) => row.state)).toEqual(["redeemed"]);
  });

  it("refuses another customer's participant", async () => {
    const who = await customer();
    const other = await customer();
    const voucher = await boughtVoucher(who);
    const {
      rows: [participant],
    } = await t.db.execute<{ cuid: string }>(
      sql`select cuid from participants where id = ${other.participantId}`,
    );
    const response = await owner.post(`/api/admin/customer-vouchers/${voucher.cuid}/redeem`, {
      participant: participant!.cuid,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("PARTICIPANT_NOT_FOUND");
  });
});

describe("customers' memberships in the console", () => {
  it("cancels a membership once; the account then shows it cancelled", async () => {
    const who = await customer();
    await buy(who, {
      memberships: [{ membership_id: membershipProduct, participant_id: who.participantId }],
    });
    const [membership] = await t.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, who.customerId));

    const list = await owner.get(`/api/admin/customers/${who.cuid}/memberships`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        cuid: membership!.cuid,
        title: "Abonnement console",
        cancelled: false,
      }),
    ]);

    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.post(`/api/admin/customer-memberships/${membership!.cuid}/cancel`, {}),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array(4).fill(409),
    ]);
    expect(await lastAuditOf(t.db, membership!.cuid)).toMatchObject({
      action: "customer_membership.cancelled",
    });
    const account = await who.client.get(`/api/customer-memberships/${membership!.cuid}`);
    expect(account.json().membership).toMatchObject({ cancelled: true, state: "cancelled" });
  });
});
