import {
  activityOptionPrices,
  activityOptions,
  availabilityDates,
  carts,
  coupons,
  customers,
  customerVouchers,
  organisers,
  registrationDates,
  registrations,
  walletTransactions,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import {
  addDaysToDay,
  isValidStructuredCommunication,
  isVoucherCode,
  localDay,
  PAYMENT_DELAY_DAYS,
  paymentDueDay,
} from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availabilityWithDates,
  giftVoucher,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let demoId: number;

/** A published activity with one OPEN availability in 30 days and one date per capacity given. */
function availabilityWith(
  capacities: Array<number | null>,
  options: { price?: number; deposit?: number } = {},
) {
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de voile",
    capacity: Math.max(0, ...capacities.map((capacity) => capacity ?? 0)),
    price: options.price ?? 12_000,
    deposit: options.deposit ?? 3_000,
    dateHours: 3,
    dates: capacities.map((capacity) => ({ capacity })),
  });
}

let customerCount = 0;

/** A customer of the demo organiser with a participant, an open session and `wallet` credit. */
function customer(wallet = 0) {
  customerCount += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Checkout${customerCount}`,
      email: `checkout-${customerCount}@example.org`,
      walletAmount: wallet,
    },
    participant: { firstname: "Enfant", lastname: `Checkout${customerCount}` },
  });
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function add(who: Customer, availabilityId: number, dateIds: number[], extra = {}) {
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(availabilityId, who.participantId, dateIds, extra),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().cart as { id: number; cuid: string; totals: { payable: number } };
}

function checkout(who: Customer, body: Record<string, unknown>) {
  return who.client.post("/api/carts/checkout", {
    payment_strategy: "DELAYED",
    terms: true,
    ...body,
  });
}

async function registered(dateIds: number[]) {
  const rows = await t.db
    .select({ id: availabilityDates.id, registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(inArray(availabilityDates.id, dateIds));
  return dateIds.map((id) => rows.find((row) => row.id === id)!.registered);
}

async function cartRow(id: number) {
  const [row] = await t.db.select().from(carts).where(eq(carts.id, id));
  return row!;
}

async function cartRegistrations(cartId: number) {
  return t.db.select().from(registrations).where(eq(registrations.cartId, cartId));
}

async function setSettings(changes: Record<string, unknown>) {
  await t.db
    .update(organisers)
    .set({ settings: sql`${organisers.settings} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(organisers.id, demoId));
}

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  demoId = row!.id;
});
afterAll(() => t.close());

describe("POST /api/carts/checkout", () => {
  it("turns held places into registrations with their dates and options, DELAYED", async () => {
    await setSettings({ payments_references_prefix: "42" });
    const { activity, availability, dates } = await availabilityWith([10, 10]);
    const [option] = await t.db
      .insert(activityOptions)
      .values({ organiserId: demoId, activityId: activity.id, title: "Repas" })
      .returning();
    const [meal] = await t.db
      .insert(activityOptionPrices)
      .values({ organiserId: demoId, optionId: option!.id, label: "Midi", amount: 500 })
      .returning();
    const who = await customer();
    const dateIds = dates.map((date) => date.id);
    const cart = await add(who, availability.id, dateIds, {
      quantity: 2,
      options: [{ price_id: meal!.id }],
    });
    expect(cart.totals.payable).toBe(2 * 12_500);

    const response = await checkout(who, { cart_id: cart.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      next_action: "success",
      next_action_url: `/checkout/${cart.cuid}/success`,
    });

    const rows = await cartRegistrations(cart.id);
    expect(rows).toHaveLength(2);
    const stored = await cartRow(cart.id);
    expect(stored.processedAt).not.toBeNull();
    expect(stored).toMatchObject({
      paymentStrategy: "DELAYED",
      totalAmount: 25_000,
      depositAmount: 6_000,
      walletUsed: 0,
      paidAmount: 0,
    });
    expect(isValidStructuredCommunication(stored.reference!)).toBe(true);
    expect(stored.reference!.replace(/\D/g, "").startsWith("42")).toBe(true);
    for (const row of rows) {
      expect(row).toMatchObject({
        reference: stored.reference,
        customerId: who.customerId,
        participantId: who.participantId,
        availabilityId: availability.id,
        totalAmount: 12_500,
        depositAmount: 3_000,
        paidAmount: 0,
        cancelled: false,
        options: [{ price_id: meal!.id, content: null }],
      });
      const held = await t.db
        .select()
        .from(registrationDates)
        .where(eq(registrationDates.registrationId, row.id));
      expect(held.map((date) => date.availabilityDateId).sort()).toEqual([...dateIds].sort());
    }
    expect(await registered(dateIds)).toEqual([2, 2]);

    // The cart is processed: the next add opens a new one; the success page shows this one.
    expect((await who.client.get("/api/carts/current")).json().cart).toBeNull();
    const page = await who.client.get(`/api/carts/${cart.cuid}`);
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json().cart;
    expect(view).toMatchObject({
      cuid: cart.cuid,
      reference: stored.reference,
      payment_strategy: "DELAYED",
      totals: { total: 25_000, payable: 25_000, outstanding: 25_000, paid: 0 },
      bank_transfer: { amount: 25_000, reference: stored.reference },
    });
    // The transfer is due within the payment delay, and before the first date starts.
    const placedDay = localDay(stored.processedAt!, "Europe/Brussels");
    const startDay = localDay(dates[0]!.startAt, "Europe/Brussels");
    expect(view.bank_transfer.due_on).toBe(
      paymentDueDay(stored.processedAt!, dates[0]!.startAt, "Europe/Brussels"),
    );
    expect(view.bank_transfer.due_on > placedDay).toBe(true);
    expect(view.bank_transfer.due_on < startDay).toBe(true);
    expect(view.bank_transfer.due_on <= addDaysToDay(placedDay, PAYMENT_DELAY_DAYS)).toBe(true);
    expect(view.items).toHaveLength(2);
    expect(view.registrations).toHaveLength(2);
    expect(view.registrations[0].dates).toHaveLength(2);
    expect(view.registrations[0].availability.activity.title).toBe("Stage de voile");
    // Another customer cannot read it.
    const other = await customer();
    expect((await other.client.get(`/api/carts/${cart.cuid}`)).statusCode).toBe(404);
    await setSettings({ payments_references_prefix: "" });
  });

  it("refuses without terms and changes nothing", async () => {
    const { availability, dates } = await availabilityWith([5]);
    const who = await customer();
    const cart = await add(who, availability.id, [dates[0]!.id]);
    const response = await checkout(who, { cart_id: cart.id, terms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { terms: "TERMS_REQUIRED" },
    });
    expect((await cartRow(cart.id)).processedAt).toBeNull();
    expect(await cartRegistrations(cart.id)).toHaveLength(0);
    expect(await registered([dates[0]!.id])).toEqual([0]);
  });

  it("refuses an empty cart, another customer's cart and unavailable payment methods", async () => {
    const { availability, dates } = await availabilityWith([5]);
    const who = await customer();
    const cart = await add(who, availability.id, [dates[0]!.id]);
    const other = await customer();
    expect((await checkout(other, { cart_id: cart.id })).json()).toEqual({
      error: "CART_NOT_FOUND",
    });
    expect((await checkout(other, { cart_id: cart.id })).statusCode).toBe(404);

    // Online payment while the organiser has it off (payments.test.ts covers it on).
    await setSettings({ online_payments_activated: false });
    try {
      for (const payment_strategy of ["IMMEDIATE", "IMMEDIATE_DEPOSIT"]) {
        const online = await checkout(who, { cart_id: cart.id, payment_strategy });
        expect(online.statusCode).toBe(409);
        expect(online.json()).toEqual({ error: "PAYMENT_METHOD_UNAVAILABLE" });
      }
    } finally {
      await setSettings({ online_payments_activated: true });
    }
    // Bank transfers off with something to pay.
    await setSettings({ bank_transfers_payments_activated: false });
    try {
      const delayed = await checkout(who, { cart_id: cart.id });
      expect(delayed.statusCode).toBe(409);
      expect(delayed.json()).toEqual({ error: "PAYMENT_METHOD_UNAVAILABLE" });
    } finally {
      await setSettings({ bank_transfers_payments_activated: true });
    }
    expect((await cartRow(cart.id)).processedAt).toBeNull();

    // Its only item expired: nothing left to check out.
    await t.db.execute(
      sql`update cart_items set expires_at = now() - interval '1 second' where cart_id = ${cart.id}`,
    );
    const empty = await checkout(who, { cart_id: cart.id });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ error: "CART_EMPTY" });
    expect(await registered([dates[0]!.id])).toEqual([0]);
  });

  it("processes a double submit once and answers both alike", async () => {
    const { availability, dates } = await availabilityWith([5, 5]);
    const who = await customer(1_000);
    const dateIds = dates.map((date) => date.id);
    const cart = await add(who, availability.id, dateIds);
    const [first, second] = await Promise.all([
      checkout(who, { cart_id: cart.id }),
      checkout(who, { cart_id: cart.id }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await cartRegistrations(cart.id)).toHaveLength(1);
    expect(await registered(dateIds)).toEqual([1, 1]);
    const debits = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.cartId, cart.id));
    expect(debits.map((row) => row.amount)).toEqual([-1_000]);
    // And again later: the same answer, nothing more.
    expect((await checkout(who, { cart_id: cart.id })).json()).toEqual(first.json());
    expect(await cartRegistrations(cart.id)).toHaveLength(1);
  });

  it("pays with the wallet, partly or wholly (WALLET is sent as DELAYED)", async () => {
    const { availability, dates } = await availabilityWith([5], { price: 10_000 });
    const partly = await customer(4_000);
    const partCart = await add(partly, availability.id, [dates[0]!.id]);
    expect((await checkout(partly, { cart_id: partCart.id })).statusCode).toBe(200);
    expect(await cartRow(partCart.id)).toMatchObject({ walletUsed: 4_000, paidAmount: 4_000 });
    const [after] = await t.db
      .select({ wallet: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, partly.customerId));
    expect(after!.wallet).toBe(0);
    const page = (await partly.client.get(`/api/carts/${partCart.cuid}`)).json().cart;
    expect(page.totals).toMatchObject({ payable: 6_000, outstanding: 6_000, wallet_used: 4_000 });
    expect(page.bank_transfer.amount).toBe(6_000);
    expect(page.registrations[0].paid_amount).toBe(4_000);

    // The wallet covers everything: payable 0, accepted even with bank transfers off.
    const wholly = await customer(15_000);
    const wholeCart = await add(wholly, availability.id, [dates[0]!.id]);
    expect(wholeCart.totals.payable).toBe(0);
    await setSettings({ bank_transfers_payments_activated: false });
    try {
      expect((await checkout(wholly, { cart_id: wholeCart.id })).statusCode).toBe(200);
    } finally {
      await setSettings({ bank_transfers_payments_activated: true });
    }
    const [rest] = await t.db
      .select({ wallet: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, wholly.customerId));
    expect(rest!.wallet).toBe(5_000);
    const wholePage = (await wholly.client.get(`/api/carts/${wholeCart.cuid}`)).json().cart;
    expect(wholePage.totals).toMatchObject({ payable: 0, outstanding: 0, paid: 10_000 });
    expect(wholePage.bank_transfer).toBeNull();
  });

  it("applies the coupon sent at checkout", async () => {
    const { availability, dates } = await availabilityWith([5], { price: 10_000 });
    await t.db.insert(coupons).values({
      organiserId: demoId,
      title: "Rentrée",
      label: "-10 %",
      code: "CHECKOUT10",
      percentage: 10,
    });
    const who = await customer();
    const cart = await add(who, availability.id, [dates[0]!.id]);
    const unknown = await checkout(who, { cart_id: cart.id, coupon: "NOPE" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "COUPON_NOT_FOUND" });
    const response = await checkout(who, { cart_id: cart.id, coupon: " checkout10 " });
    expect(response.statusCode, response.body).toBe(200);
    expect(await cartRow(cart.id)).toMatchObject({ totalAmount: 9_000 });
    const [row] = await cartRegistrations(cart.id);
    expect(row!.totalAmount).toBe(9_000);
  });

  it("keeps the places taken after processing, counted once", async () => {
    const { availability, dates } = await availabilityWith([2]);
    const dateId = dates[0]!.id;
    const first = await customer();
    const cart = await add(first, availability.id, [dateId], { quantity: 2 });
    expect((await checkout(first, { cart_id: cart.id })).statusCode).toBe(200);
    expect(await registered([dateId])).toEqual([2]);

    // The date is full: a new add fails, whoever tries.
    const late = await customer();
    const refused = await late.client.post("/api/carts/items", {
      registrations: [
        {
          availability_id: availability.id,
          participant_id: late.participantId,
          availability_dates: [{ date_id: dateId }],
        },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "AVAILABILITY_FULL" });

    // Counted once: with one more place, exactly one more add fits.
    await t.db
      .update(availabilityDates)
      .set({ capacity: 3 })
      .where(eq(availabilityDates.id, dateId));
    const [a, b] = await Promise.all([customer(), customer()]);
    const attempts = await Promise.all(
      [a, b].map((who) =>
        who.client.post("/api/carts/items", {
          registrations: [
            {
              availability_id: availability.id,
              participant_id: who.participantId,
              availability_dates: [{ date_id: dateId }],
            },
          ],
        }),
      ),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it("issues vouchers with unique codes", async () => {
    const voucher = await giftVoucher(t, demoId);
    const who = await customer();
    const added = await who.client.post("/api/carts/items", {
      vouchers: [
        { voucher_id: voucher.id },
        { voucher_id: voucher.id },
        { voucher_id: voucher.id },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json().cart;
    expect((await checkout(who, { cart_id: cart.id })).statusCode).toBe(200);
    const issued = await t.db
      .select()
      .from(customerVouchers)
      .where(and(eq(customerVouchers.cartId, cart.id), eq(customerVouchers.organiserId, demoId)));
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((row) => row.code)).size).toBe(3);
    for (const row of issued) {
      expect(isVoucherCode(row.code)).toBe(true);
      expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
    }
    const page = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(page.vouchers.map((row: { code: string }) => row.code).sort()).toEqual(
      issued.map((row) => row.code).sort(),
    );
    expect(page.registrations).toEqual([]);
  });
});
