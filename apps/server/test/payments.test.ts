import { Writable } from "node:stream";
import {
  availabilityDates,
  cartItems,
  carts,
  organisers,
  payments,
  registrations,
} from "@booking/db";
import { eq, inArray, sql } from "@booking/db/orm";
import { formatMoney } from "@booking/domain";
import { MollieApiError, PaymentStatus as MollieStatus } from "@mollie/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMollieProvider,
  type MollieApi,
  type MolliePayment,
  mollieAmount,
  mollieStatus,
  parseMollieAmount,
} from "../src/modules/payments/mollie.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, emailsTo, type TestApp } from "./harness.ts";

// Online payments (docs/decisions/0011-online-payments.md) through the built-in test provider,
// against the real database: an online checkout waits for its payment, the webhook processes the
// cart once, or refunds a payment it can no longer honour.

let t: TestApp;
let demoId: number;
const logLines: string[] = [];

async function setSettings(changes: Record<string, unknown>) {
  await t.db
    .update(organisers)
    .set({ settings: sql`${organisers.settings} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(organisers.id, demoId));
}

let customerCount = 0;
async function customer(wallet = 0) {
  customerCount += 1;
  const email = `payment-${customerCount}@example.org`;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Paiement${customerCount}`,
      email,
      walletAmount: wallet,
    },
    participant: { firstname: "Enfant", lastname: `Paiement${customerCount}` },
  });
  return { ...who, email };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** One date of 120.00 (deposit 30.00) with `capacity` places. */
function availability(capacity = 10) {
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de voile",
    capacity,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    dates: [{ capacity }],
  });
}

async function add(who: Customer, availabilityId: number, dateId: number) {
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(availabilityId, who.participantId, [dateId]),
  );
  return response;
}

/** A customer with one registration of 120.00 (deposit 30.00) in an open cart. */
async function cartOf(options: { capacity?: number; wallet?: number } = {}) {
  const { availability: row, dates } = await availability(options.capacity);
  const who = await customer(options.wallet);
  const response = await add(who, row.id, dates[0]!.id);
  expect(response.statusCode, response.body).toBe(201);
  const cart: { id: number; cuid: string; items: Array<{ id: number }> } = response.json().cart;
  return { who, cart, availabilityId: row.id, dateId: dates[0]!.id };
}

function checkout(who: Customer, cartId: number, payment_strategy = "IMMEDIATE") {
  return who.client.post("/api/carts/checkout", { cart_id: cartId, payment_strategy, terms: true });
}

async function paymentsOf(cartId: number) {
  return t.db.select().from(payments).where(eq(payments.cartId, cartId)).orderBy(payments.id);
}

async function paymentOf(cartId: number) {
  const rows = await paymentsOf(cartId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function cartRow(cartId: number) {
  const [row] = await t.db.select().from(carts).where(eq(carts.id, cartId));
  return row!;
}

async function registrationsOf(cartId: number) {
  return t.db.select().from(registrations).where(eq(registrations.cartId, cartId));
}

async function registered(dateId: number) {
  const [row] = await t.db
    .select({ registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(eq(availabilityDates.id, dateId));
  return row!.registered;
}

/** A customer whose IMMEDIATE checkout answered a payment: the cart awaits it. */
async function awaitingPayment(options: { capacity?: number; strategy?: string } = {}) {
  const made = await cartOf(options);
  const response = await checkout(made.who, made.cart.id, options.strategy);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().next_action).toBe("payment");
  return { ...made, response, payment: await paymentOf(made.cart.id) };
}

/** The test provider's side says `changes` (as if the customer paid on its page). */
async function providerSays(paymentId: number, changes: Record<string, unknown>) {
  await t.db
    .update(payments)
    .set({ providerState: sql`${payments.providerState} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(payments.id, paymentId));
}

function webhook(who: Customer, body: string, contentType = "application/json") {
  return who.client.request("POST", "/api/payments/webhook/test", {
    rawBody: body,
    headers: { "content-type": contentType },
    xsrf: false,
  });
}

/** The provider reports the payment `status`, delivered once by the webhook. */
async function deliver(
  who: Customer,
  payment: { id: number; providerPaymentId: string },
  status: string,
) {
  await providerSays(payment.id, { status });
  const response = await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
  expect(response.statusCode, response.body).toBe(200);
}

/** The holds of a cart expired a second ago. */
async function expireHolds(cartId: number) {
  await t.db
    .update(cartItems)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(cartItems.cartId, cartId));
}

async function testPage(who: Customer, cuid: string, action: "pay" | "fail") {
  await who.client.get(`/payments/test/${cuid}`);
  const token = who.client.cookies.get("XSRF-TOKEN")!;
  return who.client.request("POST", `/payments/test/${cuid}`, {
    rawBody: `_xsrf=${encodeURIComponent(token)}&action=${action}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    xsrf: false,
  });
}

beforeAll(async () => {
  t = await createTestApp({
    logLevel: "warn",
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  const [row] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  demoId = row!.id;
  await setSettings({ online_payments_activated: true, carts_expiration_delay: 900 });
});
afterAll(() => t.close());

describe("an online checkout", () => {
  it("keeps the holds, creates no registration and answers the payment page, again on a replay", async () => {
    const { who, cart, dateId, response, payment } = await awaitingPayment();
    expect(response.json()).toEqual({
      next_action: "payment",
      next_action_url: `http://${DEMO_HOST}/payments/test/${payment.cuid}`,
    });
    expect(payment).toMatchObject({
      provider: "test",
      providerPaymentId: payment.cuid,
      amount: 12_000,
      currency: "EUR",
      status: "open",
      paidAt: null,
    });
    // Not processed: no registration, nothing registered, the choices recorded.
    expect(await registrationsOf(cart.id)).toHaveLength(0);
    expect(await registered(dateId)).toBe(0);
    const row = await cartRow(cart.id);
    expect(row.processedAt).toBeNull();
    expect(row.reference).toBeNull();
    expect(row.paymentPendingAt).not.toBeNull();
    expect(row.termsAcceptedAt).not.toBeNull();
    expect(row).toMatchObject({ paymentStrategy: "IMMEDIATE", walletUsed: 0, paidAmount: 0 });
    // The place is still held (extended to now + carts_expiration_delay).
    const [item] = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    expect(item!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 850_000);
    const current = (await who.client.get("/api/carts/current")).json().cart;
    expect(current.count).toBe(1);

    const replay = await checkout(who, cart.id);
    expect(replay.json()).toEqual(response.json());
    expect(await paymentsOf(cart.id)).toHaveLength(1);
    expect((await who.client.get(`/api/carts/${cart.cuid}/payment`)).json()).toEqual({
      cart: { cuid: cart.cuid, state: "awaiting_payment" },
      payment: {
        status: "open",
        amount: 12_000,
        currency: "EUR",
        checkout_url: response.json().next_action_url,
        refund_reason: null,
      },
    });
    // The success page's cart does not exist yet.
    expect((await who.client.get(`/api/carts/${cart.cuid}`)).statusCode).toBe(404);
  });

  it("holds its place against another customer while the payment is in progress", async () => {
    const { availabilityId, dateId } = await awaitingPayment({ capacity: 1 });
    const other = await customer();
    const response = await add(other, availabilityId, dateId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "AVAILABILITY_FULL" });
  });

  it("freezes the cart: adds, removals and coupons are refused until the payment is cancelled", async () => {
    const { who, cart, availabilityId, dateId } = await awaitingPayment();
    // The drawer and the checkout page read it to hide the remove buttons.
    expect((await who.client.get("/api/carts/current")).json().cart.awaiting_payment).toBe(true);
    const added = await add(who, availabilityId, dateId);
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({ error: "CART_AWAITING_PAYMENT" });
    const removed = await who.client.delete(`/api/carts/items?item_id=${cart.items[0]!.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ error: "CART_AWAITING_PAYMENT" });
    const coupon = await who.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "BIENVENUE10",
    });
    expect(coupon.statusCode).toBe(409);
    expect((await who.client.delete(`/api/carts/coupons?cart_id=${cart.id}`)).statusCode).toBe(409);
    expect((await cartRow(cart.id)).couponId).toBeNull();

    // Another customer cannot cancel it.
    const other = await customer();
    expect((await other.client.delete(`/api/carts/${cart.cuid}/payment`)).statusCode).toBe(404);

    const cancelled = await who.client.delete(`/api/carts/${cart.cuid}/payment`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      cart: { state: "open" },
      payment: { status: "canceled", checkout_url: null },
    });
    expect((await cartRow(cart.id)).paymentPendingAt).toBeNull();
    expect((await who.client.get("/api/carts/current")).json().cart.awaiting_payment).toBe(false);
    // Open again: the item can go.
    const again = await who.client.delete(`/api/carts/items?item_id=${cart.items[0]!.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().cart.count).toBe(0);
  });

  it("asks for the deposit with IMMEDIATE_DEPOSIT", async () => {
    const { payment } = await awaitingPayment({ strategy: "IMMEDIATE_DEPOSIT" });
    expect(payment.amount).toBe(3_000);
  });

  it("is refused while the organiser has online payments off", async () => {
    const { who, cart } = await cartOf();
    await setSettings({ online_payments_activated: false });
    try {
      const response = await checkout(who, cart.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "PAYMENT_METHOD_UNAVAILABLE" });
    } finally {
      await setSettings({ online_payments_activated: true });
    }
    const row = await cartRow(cart.id);
    expect(row.processedAt).toBeNull();
    expect(row.paymentPendingAt).toBeNull();
  });
});

describe("the paid webhook", () => {
  it("processes the cart once, whatever the number of deliveries, and sends the confirmation", async () => {
    const { who, cart, dateId, payment } = await awaitingPayment();
    // The body alone changes nothing: the provider still says open.
    const early = await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect(early.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("open");
    expect(await registrationsOf(cart.id)).toHaveLength(0);

    await providerSays(payment.id, { status: "paid" });
    const deliveries = await Promise.all([
      webhook(who, JSON.stringify({ id: payment.providerPaymentId })),
      webhook(who, `id=${payment.providerPaymentId}`, "application/x-www-form-urlencoded"),
      webhook(who, JSON.stringify({ id: payment.providerPaymentId })),
    ]);
    for (const delivery of deliveries) expect(delivery.statusCode).toBe(200);
    await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));

    const row = await paymentOf(cart.id);
    expect(row.status).toBe("paid");
    expect(row.paidAt).not.toBeNull();
    const stored = await cartRow(cart.id);
    expect(stored.processedAt).not.toBeNull();
    expect(stored.paymentPendingAt).toBeNull();
    expect(stored.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(stored).toMatchObject({ paymentStrategy: "IMMEDIATE", paidAmount: 12_000 });
    const rows = await registrationsOf(cart.id);
    expect(rows.map((registration) => registration.paidAmount)).toEqual([12_000]);
    expect(await registered(dateId)).toBe(1);
    const mails = await emailsTo(t, who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(stored.reference!);
    expect(t.dispatchedEmails.filter((id) => id === mails[0]!.id)).toHaveLength(1);

    // Paid in full: no bank transfer on the success page; a replayed checkout goes there.
    const page = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(page.totals).toMatchObject({ paid: 12_000, outstanding: 0 });
    expect(page.bank_transfer).toBeNull();
    expect((await checkout(who, cart.id)).json()).toEqual({
      next_action: "success",
      next_action_url: `/checkout/${cart.cuid}/success`,
    });
    expect((await who.client.get(`/api/carts/${cart.cuid}/payment`)).json()).toMatchObject({
      cart: { state: "processed" },
      payment: { status: "paid", checkout_url: null },
    });
    // The next add opens a new cart.
    expect((await who.client.get("/api/carts/current")).json().cart).toBeNull();
  });

  it("after a deposit paid online, leaves the remainder to transfer", async () => {
    const { who, cart, payment } = await awaitingPayment({ strategy: "IMMEDIATE_DEPOSIT" });
    await deliver(who, payment, "paid");
    const page = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(page.payment_strategy).toBe("IMMEDIATE_DEPOSIT");
    expect(page.totals).toMatchObject({ total: 12_000, deposit: 3_000, paid: 3_000 });
    expect(page.bank_transfer).toMatchObject({ amount: 9_000, reference: page.reference });
    expect(page.registrations[0].paid_amount).toBe(3_000);
  });

  it("processes a payment confirmed after its hold expired while the place is still free", async () => {
    const { who, cart, dateId, payment } = await awaitingPayment({ capacity: 1 });
    await expireHolds(cart.id);
    await deliver(who, payment, "paid");
    expect((await paymentOf(cart.id)).status).toBe("paid");
    expect((await cartRow(cart.id)).processedAt).not.toBeNull();
    expect(await registrationsOf(cart.id)).toHaveLength(1);
    expect(await registered(dateId)).toBe(1);
    expect(await emailsTo(t, who.email)).toHaveLength(1);
  });

  it("refunds a payment confirmed after its hold expired once the place was taken, and says why", async () => {
    const { who, cart, availabilityId, dateId, payment } = await awaitingPayment({ capacity: 1 });
    await expireHolds(cart.id);
    // Someone else holds the only place now.
    const other = await customer();
    expect((await add(other, availabilityId, dateId)).statusCode).toBe(201);

    await deliver(who, payment, "paid");
    await deliver(who, payment, "paid");
    const row = await paymentOf(cart.id);
    expect(row).toMatchObject({ status: "refunded", refundReason: "PLACES_TAKEN" });
    expect(row.refundedAt).not.toBeNull();
    // Refunded through the provider, once.
    expect(row.providerState).toMatchObject({ status: "paid", refunded: 12_000 });
    const stored = await cartRow(cart.id);
    expect(stored.processedAt).toBeNull();
    expect(stored.paymentPendingAt).toBeNull();
    expect(stored.paidAmount).toBe(0);
    expect(await registrationsOf(cart.id)).toHaveLength(0);
    expect(await registered(dateId)).toBe(0);

    const mails = await emailsTo(t, who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("remboursé");
    expect(mails[0]!.text).toContain("elles ont été prises entre-temps");
    expect(mails[0]!.text).toContain(formatMoney(12_000, "EUR", "fr-BE"));
    expect(t.dispatchedEmails).toContain(mails[0]!.id);
    expect(logLines.some((line) => line.includes('"event":"payment_refunded"'))).toBe(true);
    expect((await who.client.get(`/api/carts/${cart.cuid}/payment`)).json()).toMatchObject({
      cart: { state: "open" },
      payment: { status: "refunded", refund_reason: "PLACES_TAKEN" },
    });
  });

  it("refunds a payment the customer had cancelled, even when paid at the provider later", async () => {
    const { who, cart, payment } = await awaitingPayment();
    expect((await who.client.delete(`/api/carts/${cart.cuid}/payment`)).statusCode).toBe(200);
    await deliver(who, payment, "paid");
    expect(await paymentOf(cart.id)).toMatchObject({
      status: "refunded",
      refundReason: "NOT_AWAITED",
    });
    expect((await cartRow(cart.id)).processedAt).toBeNull();
    expect(await registrationsOf(cart.id)).toHaveLength(0);
    const [mail] = await emailsTo(t, who.email);
    expect(mail!.text).toContain("annulée");
  });

  it("refuses an amount or currency other than the stored one, and logs it", async () => {
    const { who, cart, payment } = await awaitingPayment();
    await providerSays(payment.id, { status: "paid", amount: payment.amount - 1 });
    const response = await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect(response.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("open");
    expect((await cartRow(cart.id)).processedAt).toBeNull();
    expect(await registrationsOf(cart.id)).toHaveLength(0);
    expect(logLines.some((line) => line.includes("payment_amount_mismatch"))).toBe(true);

    await providerSays(payment.id, { amount: payment.amount, currency: "USD" });
    await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect((await paymentOf(cart.id)).status).toBe("open");
    expect((await cartRow(cart.id)).processedAt).toBeNull();
  });

  it("answers 200 and changes nothing for an unknown payment; 404 for an unknown provider", async () => {
    const { who, cart } = await awaitingPayment();
    const response = await webhook(who, JSON.stringify({ id: "tr_unknown" }));
    expect(response.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("open");
    const stripe = await who.client.request("POST", "/api/payments/webhook/stripe", {
      body: { id: "x" },
      xsrf: false,
    });
    expect(stripe.statusCode).toBe(404);
    // Mollie is off without MOLLIE_API_KEY.
    const mollie = await who.client.request("POST", "/api/payments/webhook/mollie", {
      body: { id: "tr_x" },
      xsrf: false,
    });
    expect(mollie.statusCode).toBe(404);
  });
});

describe("a failed payment", () => {
  it.each(["failed", "expired", "canceled"])(
    "(%s) opens the cart again; the retry creates a new payment",
    async (status) => {
      const { who, cart, dateId, payment, response } = await awaitingPayment();
      await deliver(who, payment, status);
      expect((await paymentOf(cart.id)).status).toBe(status);
      const stored = await cartRow(cart.id);
      expect(stored.paymentPendingAt).toBeNull();
      expect(stored.processedAt).toBeNull();
      expect(await registrationsOf(cart.id)).toHaveLength(0);
      expect(await registered(dateId)).toBe(0);
      expect((await who.client.get(`/api/carts/${cart.cuid}/payment`)).json()).toMatchObject({
        cart: { state: "open" },
        payment: { status, checkout_url: null },
      });
      // The items still hold their places: the retry needs nothing added again.
      const retry = await checkout(who, cart.id);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().next_action).toBe("payment");
      expect(retry.json().next_action_url).not.toBe(response.json().next_action_url);
      const all = await paymentsOf(cart.id);
      expect(all.map((row) => row.status)).toEqual([status, "open"]);

      // A late report for the old payment changes nothing; the new one pays.
      await deliver(who, payment, status === "expired" ? "failed" : "expired");
      expect((await paymentsOf(cart.id)).map((row) => row.status)).toEqual([status, "open"]);
      await deliver(who, all[1]!, "paid");
      expect((await cartRow(cart.id)).processedAt).not.toBeNull();
      expect(await registrationsOf(cart.id)).toHaveLength(1);
      expect(await registered(dateId)).toBe(1);
    },
  );
});

describe("the cart's latest payment", () => {
  it("comes with the cart view: none, open while awaited, then failed or cancelled", async () => {
    const { who, cart: added } = await cartOf();
    const current = async () => (await who.client.get("/api/carts/current")).json().cart;
    const asked = async () => (await who.client.get(`/api/carts/${added.cuid}/payment`)).json();
    // Never paid online: null, in the add's answer and the current cart.
    expect(added).toHaveProperty("payment", null);
    expect(await current()).toMatchObject({ awaiting_payment: false, payment: null });

    // An online payment started: open, with the provider's page to resume it.
    const started = await checkout(who, added.id);
    expect(started.statusCode, started.body).toBe(200);
    const open = await current();
    expect(open.awaiting_payment).toBe(true);
    expect(open.payment).toEqual({
      status: "open",
      amount: 12_000,
      currency: "EUR",
      checkout_url: started.json().next_action_url,
      refund_reason: null,
    });
    // The same state as GET /payment answers (one mapping).
    expect(open.payment).toEqual((await asked()).payment);

    // It fails: the cart is open again and shows the failed payment, without its page.
    await deliver(who, await paymentOf(added.id), "failed");
    const failed = await current();
    expect(failed.awaiting_payment).toBe(false);
    expect(failed.payment).toEqual({
      status: "failed",
      amount: 12_000,
      currency: "EUR",
      checkout_url: null,
      refund_reason: null,
    });
    expect(failed.payment).toEqual((await asked()).payment);

    // The retry's payment is the latest; cancelled by the customer, the cart shows it cancelled.
    const retry = await checkout(who, added.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await current()).toMatchObject({
      awaiting_payment: true,
      payment: { status: "open", checkout_url: retry.json().next_action_url },
    });
    const cancelled = await who.client.delete(`/api/carts/${added.cuid}/payment`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reopened = await current();
    expect(reopened).toMatchObject({
      awaiting_payment: false,
      payment: { status: "canceled", checkout_url: null },
    });
    expect(reopened.payment).toEqual(cancelled.json().payment);

    // Without a live item left, the cart still carries its latest payment.
    await expireHolds(added.id);
    expect(await current()).toMatchObject({
      count: 0,
      items: [],
      payment: { status: "canceled", checkout_url: null },
    });
  });
});

describe("the test provider's page", () => {
  it("pays once through the Payer button and sends the customer back", async () => {
    const { who, cart, payment } = await awaitingPayment();
    const page = await who.client.get(`/payments/test/${payment.cuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Payer");
    expect(page.body).toContain("Échouer");
    const token = who.client.cookies.get("XSRF-TOKEN")!;
    expect(page.body).toContain(`name="_xsrf" value="${token}"`);

    // Without the token field: refused, nothing changes.
    const forged = await who.client.request("POST", `/payments/test/${payment.cuid}`, {
      rawBody: "action=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      xsrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect((await paymentOf(cart.id)).status).toBe("open");

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const paid = await testPage(who, payment.cuid, "pay");
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`http://${DEMO_HOST}/fr/checkout/${cart.cuid}/success`);
    }
    expect((await paymentOf(cart.id)).status).toBe("paid");
    expect(await registrationsOf(cart.id)).toHaveLength(1);
    expect((await cartRow(cart.id)).paidAmount).toBe(12_000);
  });

  it("fails through the Échouer button: nothing paid, the cart open again", async () => {
    const { who, cart, payment } = await awaitingPayment();
    const failed = await testPage(who, payment.cuid, "fail");
    expect(failed.statusCode).toBe(303);
    expect((await paymentOf(cart.id)).status).toBe("failed");
    expect((await cartRow(cart.id)).paymentPendingAt).toBeNull();
    // Its page now shows the outcome, with no buttons.
    const page = await who.client.get(`/payments/test/${payment.cuid}`);
    expect(page.body).not.toContain(">Payer<");
  });
});

describe("Mollie adapter (official client, answers injected)", () => {
  function payment(
    id: string,
    status: MollieStatus,
    value: string,
    checkoutUrl: string | null = null,
  ): MolliePayment {
    return {
      id,
      status,
      amount: { value, currency: "EUR" },
      getCheckoutUrl: () => checkoutUrl,
    } as MolliePayment;
  }

  function fakeMollie(known: Record<string, MolliePayment>) {
    const calls: { create: unknown[]; get: string[]; refunds: unknown[] } = {
      create: [],
      get: [],
      refunds: [],
    };
    const api: MollieApi = {
      payments: {
        async create(parameters) {
          calls.create.push(parameters);
          return payment(
            "tr_WDqYK6vllg",
            MollieStatus.open,
            parameters.amount.value,
            "https://www.mollie.com/checkout/select-method/WDqYK6vllg",
          );
        },
        async get(id) {
          calls.get.push(id);
          const found = known[id];
          if (!found) throw new MollieApiError("Not found", { statusCode: 404 });
          return found;
        },
      },
      paymentRefunds: {
        async create(parameters) {
          calls.refunds.push(parameters);
          if (parameters.amount.value === "10000.00") {
            throw new MollieApiError("The amount is higher than the amount remaining", {
              statusCode: 422,
            });
          }
          return { id: "re_1" };
        },
      },
    };
    return { api, calls };
  }

  it("formats and parses amounts, maps statuses", () => {
    expect(mollieAmount(12_345, "EUR")).toEqual({ currency: "EUR", value: "123.45" });
    expect(mollieAmount(5, "EUR")).toEqual({ currency: "EUR", value: "0.05" });
    expect(parseMollieAmount("123.45")).toBe(12_345);
    expect(parseMollieAmount("1.5")).toBeNull();
    expect(parseMollieAmount(12)).toBeNull();
    expect(mollieStatus(MollieStatus.paid)).toBe("paid");
    expect(mollieStatus(MollieStatus.pending)).toBe("open");
    expect(mollieStatus(MollieStatus.authorized)).toBe("open");
    expect(mollieStatus(MollieStatus.open)).toBe("open");
    expect(mollieStatus(MollieStatus.failed)).toBe("failed");
    expect(mollieStatus(MollieStatus.expired)).toBe("expired");
    expect(mollieStatus(MollieStatus.canceled)).toBe("canceled");
  });

  it("creates a Bancontact or card payment in the organiser's language", async () => {
    const fake = fakeMollie({});
    const created = await createMollieProvider(fake.api).createPayment({
      amount: 12_000,
      currency: "EUR",
      description: "Demo – commande c1",
      language: "fr",
      redirectUrl: "https://demo.example/fr/checkout/c1/success",
      webhookUrl: "https://demo.example/api/payments/webhook/mollie",
      metadata: { cart_cuid: "c1", payment_cuid: "p1" },
    });
    expect(created).toEqual({
      providerPaymentId: "tr_WDqYK6vllg",
      checkoutUrl: "https://www.mollie.com/checkout/select-method/WDqYK6vllg",
    });
    expect(fake.calls.create).toEqual([
      {
        amount: { currency: "EUR", value: "120.00" },
        description: "Demo – commande c1",
        redirectUrl: "https://demo.example/fr/checkout/c1/success",
        webhookUrl: "https://demo.example/api/payments/webhook/mollie",
        method: ["bancontact", "creditcard"],
        locale: "fr_BE",
        metadata: { cart_cuid: "c1", payment_cuid: "p1" },
        idempotencyKey: "p1",
      },
    ]);
  });

  it("fetches payments back in minor units, null when unknown, and refunds once per payment", async () => {
    const fake = fakeMollie({
      tr_1: payment("tr_1", MollieStatus.paid, "30.00"),
      tr_2: payment("tr_2", MollieStatus.pending, "1.00"),
      tr_3: payment("tr_3", MollieStatus.paid, "1.5"),
    });
    const mollie = createMollieProvider(fake.api);
    expect(await mollie.fetchPayment("tr_1")).toEqual({
      status: "paid",
      amount: 3_000,
      currency: "EUR",
    });
    expect(await mollie.fetchPayment("tr_2")).toEqual({
      status: "open",
      amount: 100,
      currency: "EUR",
    });
    expect(await mollie.fetchPayment("tr_unknown")).toBeNull();
    await expect(mollie.fetchPayment("tr_3")).rejects.toThrow(/readable amount/);
    expect(fake.calls.get).toEqual(["tr_1", "tr_2", "tr_unknown", "tr_3"]);

    await mollie.refund("tr_1", 1_050, "EUR");
    expect(fake.calls.refunds).toEqual([
      {
        paymentId: "tr_1",
        amount: { currency: "EUR", value: "10.50" },
        idempotencyKey: "refund-tr_1",
      },
    ]);
    await expect(mollie.refund("tr_1", 1_000_000, "EUR")).rejects.toThrow(/higher than/);
  });
});

describe("Mollie through the webhook (official client, answers injected)", () => {
  it("processes the cart when Mollie says paid, with the status fetched back", async () => {
    const known: Record<string, MolliePayment> = {};
    const created: unknown[] = [];
    const api: MollieApi = {
      payments: {
        async create(parameters) {
          created.push(parameters);
          const value = parameters.amount.value;
          known.tr_live = {
            id: "tr_live",
            status: MollieStatus.open,
            amount: { value, currency: "EUR" },
            getCheckoutUrl: () => null,
          } as MolliePayment;
          return {
            ...known.tr_live,
            getCheckoutUrl: () => "https://www.mollie.com/checkout/select-method/live",
          } as MolliePayment;
        },
        async get(id) {
          return known[id]!;
        },
      },
      paymentRefunds: { create: async () => ({}) },
    };
    const app = await createTestApp({ payments: { mollieApiKey: "test_key", mollie: api } });
    try {
      const organiserId = (
        await app.db
          .select({ id: organisers.id })
          .from(organisers)
          .where(eq(organisers.slug, "demo"))
      )[0]!.id;
      await app.db
        .update(organisers)
        .set({
          settings: sql`${organisers.settings} || '{"online_payments_activated":true}'::jsonb`,
        })
        .where(eq(organisers.id, organiserId));
      const { availability: row, dates } = await availabilityWithDates(app, {
        organiserId,
        title: "Stage Mollie",
        capacity: 5,
        price: 4_550,
        deposit: 0,
        dateHours: 2,
        dates: [{ capacity: 5 }],
      });
      const who = await sessionCustomer(app, {
        organiserId,
        host: DEMO_HOST,
        customer: { firstname: "Mo", lastname: "Llie", email: "mollie@example.org" },
        participant: { firstname: "Kid", lastname: "Llie" },
      });
      const cart = (
        await who.client.post(
          "/api/carts/items",
          registrationBody(row.id, who.participantId, [dates[0]!.id]),
        )
      ).json().cart;
      const response = await who.client.post("/api/carts/checkout", {
        cart_id: cart.id,
        payment_strategy: "IMMEDIATE",
        terms: true,
      });
      expect(response.json()).toEqual({
        next_action: "payment",
        next_action_url: "https://www.mollie.com/checkout/select-method/live",
      });
      expect(created).toMatchObject([
        {
          amount: { currency: "EUR", value: "45.50" },
          webhookUrl: `http://${DEMO_HOST}/api/payments/webhook/mollie`,
          redirectUrl: `http://${DEMO_HOST}/fr/checkout/${cart.cuid}/success`,
        },
      ]);
      const deliverMollie = () =>
        who.client.request("POST", "/api/payments/webhook/mollie", {
          rawBody: "id=tr_live",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          xsrf: false,
        });
      expect((await deliverMollie()).statusCode).toBe(200);
      const ids = [cart.id];
      const before = await app.db
        .select()
        .from(registrations)
        .where(inArray(registrations.cartId, ids));
      expect(before).toHaveLength(0);
      known.tr_live = { ...known.tr_live!, status: MollieStatus.paid } as MolliePayment;
      expect((await deliverMollie()).statusCode).toBe(200);
      expect((await deliverMollie()).statusCode).toBe(200);
      const after = await app.db
        .select()
        .from(registrations)
        .where(inArray(registrations.cartId, ids));
      expect(after.map((registration) => registration.paidAmount)).toEqual([4_550]);
    } finally {
      await app.close();
    }
  });
});
