import { Writable } from "node:stream";
import {
  carts,
  customers,
  organisers,
  payments,
  registrationRequests,
  registrations,
  walletTransactions,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  emailsTo,
  type TestApp,
} from "./harness.ts";

// Payments from the account (docs/decisions/0019-account-payments.md), against the real database:
// POST /api/transactions/wallet and /api/transactions/checkout on processed carts, registrations
// and registration requests, the provider's webhook crediting an online balance exactly once, and
// GET /api/transactions/payments/{cuid} for the return page.

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
async function customer() {
  customerCount += 1;
  const email = `balance-${customerCount}@example.org`;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Client", lastname: `Solde${customerCount}`, email },
    participant: { firstname: "Enfant", lastname: `Solde${customerCount}` },
  });
  return { ...who, email };
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function setWallet(who: Customer, amount: number) {
  await t.db
    .update(customers)
    .set({ walletAmount: amount })
    .where(eq(customers.id, who.customerId));
}

async function walletOf(who: Customer) {
  const [row] = await t.db
    .select({ amount: customers.walletAmount })
    .from(customers)
    .where(eq(customers.id, who.customerId));
  return row!.amount;
}

/**
 * A processed cart of `who` (DELAYED, bank transfer, wallet empty at checkout) with one
 * registration of 120.00 (deposit 30.00) per entry of `places`, nothing paid.
 */
async function processedCart(who: Customer, places = 1) {
  for (let index = 0; index < places; index += 1) {
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: `Stage ${customerCount}-${index}`,
      capacity: 10,
      price: 12_000,
      deposit: 3_000,
      dateHours: 3,
      dates: [{ capacity: 10 }],
    });
    const added = await who.client.post(
      "/api/carts/items",
      registrationBody(availability.id, who.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
  }
  const cartId: number = (await who.client.get("/api/carts/current")).json().cart.id;
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const cart = await cartRow(cartId);
  const rows = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.cartId, cartId))
    .orderBy(registrations.id);
  return { cart, registrations: rows };
}

async function cartRow(cartId: number) {
  const [row] = await t.db.select().from(carts).where(eq(carts.id, cartId));
  return row!;
}

async function registrationRow(id: number) {
  const [row] = await t.db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

/** A registration request of `who` for 80.00 in `status`. */
async function request(who: Customer, status: "PENDING" | "APPROVED" | "REJECTED" = "APPROVED") {
  const { activity } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Cours sur demande",
    capacity: 10,
    price: 8_000,
    deposit: 0,
    dateHours: 1,
    dates: [{ capacity: 10 }],
  });
  const [row] = await t.db
    .insert(registrationRequests)
    .values({
      organiserId: demoId,
      reference: `+++000/0000/${String(10_000 + customerCount).slice(-5)}+++`,
      customerId: who.customerId,
      participantId: who.participantId,
      activityId: activity.id,
      status,
      totalAmount: 8_000,
      statusChangedAt: status === "PENDING" ? null : new Date(),
    })
    .returning();
  return row!;
}

async function requestRow(id: number) {
  const [row] = await t.db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.id, id));
  return row!;
}

function payWallet(who: { client: Client }, amount: unknown, destination: unknown) {
  return who.client.post("/api/transactions/wallet", { amount, destination });
}

async function movementsOf(who: Customer) {
  return t.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.customerId, who.customerId))
    .orderBy(walletTransactions.id);
}

function payOnline(
  who: Customer,
  destination: { type: string; id: number },
  reference: string,
  returnUrl = "/fr/account/registrations/x",
) {
  return who.client.post("/api/transactions/checkout", {
    customer_id: who.customerId,
    reference,
    destination,
    return_url: returnUrl,
  });
}

async function paymentByCuid(cuid: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.cuid, cuid));
  return row!;
}

async function providerSays(paymentId: number, changes: Record<string, unknown>) {
  await t.db
    .update(payments)
    .set({ providerState: sql`${payments.providerState} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(payments.id, paymentId));
}

function webhook(who: Customer, providerPaymentId: string) {
  return who.client.request("POST", "/api/payments/webhook/test", {
    rawBody: JSON.stringify({ id: providerPaymentId }),
    headers: { "content-type": "application/json" },
    xsrf: false,
  });
}

beforeAll(async () => {
  t = await createTestApp({
    logLevel: "info",
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
  await setSettings({ online_payments_activated: true, bank_transfers_payments_activated: true });
});
afterAll(() => t.close());

describe("POST /api/transactions/wallet", () => {
  it("pays the default amount (the whole wallet, below what is owed) on a registration", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    await setWallet(who, 5_000);
    const response = await payWallet(who, 5_000, { type: "REGISTRATION", id: registration!.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      wallet: { amount: 0 },
      destination: {
        type: "REGISTRATION",
        id: registration!.id,
        cuid: registration!.cuid,
        reference: cart.reference,
        total_amount: 12_000,
        paid_amount: 5_000,
        amount_due: 7_000,
      },
    });
    expect(await walletOf(who)).toBe(0);
    expect((await registrationRow(registration!.id)).paidAmount).toBe(5_000);
    // Counted on its cart too.
    expect((await cartRow(cart.id)).paidAmount).toBe(5_000);
    const movements = await movementsOf(who);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      amount: -5_000,
      reason: "PAYMENT",
      cartId: cart.id,
      registrationId: registration!.id,
      registrationRequestId: null,
    });
    // The account reads the new figures: deposit paid, 70.00 outstanding.
    const detail = (await who.client.get(`/api/registrations/${registration!.cuid}`)).json();
    expect(detail.registration.payment.badge).toEqual({ kind: "deposited", outstanding: 7_000 });
    expect((await who.client.get("/api/session")).json().wallet).toEqual({ amount: 0 });
  });

  it("pays part, then the rest, and the registration's badge turns complete", async () => {
    const who = await customer();
    const {
      registrations: [registration],
    } = await processedCart(who);
    await setWallet(who, 20_000);
    const destination = { type: "REGISTRATION", id: registration!.id };
    const first = await payWallet(who, 2_000, destination);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().destination.amount_due).toBe(10_000);
    let detail = (await who.client.get(`/api/registrations/${registration!.cuid}`)).json();
    expect(detail.registration.payment.badge).toEqual({ kind: "outstanding", outstanding: 10_000 });

    const rest = await payWallet(who, 10_000, destination);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      wallet: { amount: 8_000 },
      destination: { paid_amount: 12_000, amount_due: 0 },
    });
    detail = (await who.client.get(`/api/registrations/${registration!.cuid}`)).json();
    expect(detail.registration.payment.badge).toEqual({ kind: "complete" });
    expect(detail.registration.payment.bank_transfer).toBeNull();

    // Nothing left to pay.
    const again = await payWallet(who, 100, destination);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "NOTHING_TO_PAY" });
    expect(await walletOf(who)).toBe(8_000);
  });

  it("refuses an amount above the wallet on the amount field, and changes nothing", async () => {
    const who = await customer();
    const {
      registrations: [registration],
    } = await processedCart(who);
    await setWallet(who, 1_500);
    const response = await payWallet(who, 1_501, { type: "REGISTRATION", id: registration!.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "INSUFFICIENT_WALLET_AMOUNT",
      fields: { amount: "INSUFFICIENT_WALLET_AMOUNT" },
      wallet: 1_500,
      amount_due: 12_000,
    });
    expect(await walletOf(who)).toBe(1_500);
    expect((await registrationRow(registration!.id)).paidAmount).toBe(0);
    expect(await movementsOf(who)).toHaveLength(0);
  });

  it("refuses an amount above what is owed, and a cancelled registration", async () => {
    const who = await customer();
    const {
      registrations: [registration],
    } = await processedCart(who);
    await setWallet(who, 50_000);
    const response = await payWallet(who, 12_001, { type: "REGISTRATION", id: registration!.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "AMOUNT_ABOVE_DUE",
      fields: { amount: "AMOUNT_ABOVE_DUE" },
      wallet: 50_000,
      amount_due: 12_000,
    });
    await t.db
      .update(registrations)
      .set({ cancelled: true })
      .where(eq(registrations.id, registration!.id));
    const cancelled = await payWallet(who, 100, { type: "REGISTRATION", id: registration!.id });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ error: "REGISTRATION_CANCELLED" });
    expect(await walletOf(who)).toBe(50_000);
    expect((await registrationRow(registration!.id)).paidAmount).toBe(0);
  });

  it("validates the body: a whole amount above 0 and a known destination", async () => {
    const who = await customer();
    const cases: Array<[unknown, unknown, Record<string, string>]> = [
      [0, { type: "CART", id: 1 }, { amount: "TOO_SMALL" }],
      [12.5, { type: "CART", id: 1 }, { amount: "INVALID_TYPE" }],
      ["100", { type: "CART", id: 1 }, { amount: "INVALID_TYPE" }],
      [undefined, { type: "CART", id: 1 }, { amount: "REQUIRED" }],
      [100, { type: "BOOKING", id: 1 }, { "destination.type": "INVALID_CHOICE" }],
      [100, { type: "CART" }, { "destination.id": "REQUIRED" }],
      [100, undefined, { destination: "REQUIRED" }],
    ];
    for (const [amount, destination, fields] of cases) {
      const response = await payWallet(who, amount, destination);
      expect(response.statusCode, JSON.stringify([amount, destination])).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR", fields });
    }
    const visitor = new Client(t.app, DEMO_HOST);
    const anonymous = await payWallet({ client: visitor }, 100, { type: "CART", id: 1 });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another customer's cart, registration or request, on any host, and changes nothing", async () => {
    const owner = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(owner);
    const asked = await request(owner);
    const other = await customer();
    await setWallet(other, 50_000);
    const expected = {
      CART: [cart.id, "CART_NOT_FOUND"],
      REGISTRATION: [registration!.id, "REGISTRATION_NOT_FOUND"],
      REGISTRATION_REQUEST: [asked.id, "REGISTRATION_REQUEST_NOT_FOUND"],
    } as const;
    for (const [type, [id, code]] of Object.entries(expected)) {
      const response = await payWallet(other, 1_000, { type, id });
      expect(response.statusCode, type).toBe(404);
      expect(response.json()).toEqual({ error: code });
      const online = await payOnline(other, { type, id }, cart.reference!);
      expect(online.statusCode, type).toBe(404);
      expect(online.json()).toEqual({ error: code });
    }
    // The owner's session on another organiser's host is nobody's there.
    const elsewhere = new Client(t.app, DEMO_EN_HOST);
    for (const [name, value] of owner.client.cookies) elsewhere.cookies.set(name, value);
    const foreign = await payWallet({ client: elsewhere }, 1_000, { type: "CART", id: cart.id });
    expect(foreign.statusCode).toBe(401);
    // The owner's open cart is not a processed one either.
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Panier ouvert",
      capacity: 5,
      price: 1_000,
      deposit: 0,
      dateHours: 1,
      dates: [{ capacity: 5 }],
    });
    await owner.client.post(
      "/api/carts/items",
      registrationBody(availability.id, owner.participantId, [dates[0]!.id]),
    );
    const open = (await owner.client.get("/api/carts/current")).json().cart;
    await setWallet(owner, 5_000);
    const openCart = await payWallet(owner, 1_000, { type: "CART", id: open.id });
    expect(openCart.statusCode).toBe(404);
    expect(openCart.json()).toEqual({ error: "CART_NOT_FOUND" });

    expect(await walletOf(other)).toBe(50_000);
    expect(await walletOf(owner)).toBe(5_000);
    expect((await cartRow(cart.id)).paidAmount).toBe(0);
    expect((await requestRow(asked.id)).paidAmount).toBe(0);
    expect(await t.db.select().from(payments).where(eq(payments.cartId, cart.id))).toHaveLength(0);
  });

  it("spreads a cart's payment over its registrations by what each owes", async () => {
    const who = await customer();
    const { cart, registrations: rows } = await processedCart(who, 2);
    await t.db
      .update(registrations)
      .set({ paidAmount: 6_000 })
      .where(eq(registrations.id, rows[0]!.id));
    await t.db.update(carts).set({ paidAmount: 6_000 }).where(eq(carts.id, cart.id));
    await setWallet(who, 9_000);
    // Owed: 60.00 and 120.00 → 90.00 is spread 30.00 / 60.00.
    const response = await payWallet(who, 9_000, { type: "CART", id: cart.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().destination).toMatchObject({
      type: "CART",
      id: cart.id,
      reference: cart.reference,
      paid_amount: 15_000,
      amount_due: 9_000,
    });
    expect((await registrationRow(rows[0]!.id)).paidAmount).toBe(9_000);
    expect((await registrationRow(rows[1]!.id)).paidAmount).toBe(6_000);
    expect((await cartRow(cart.id)).paidAmount).toBe(15_000);
    expect((await movementsOf(who))[0]).toMatchObject({
      reason: "PAYMENT",
      cartId: cart.id,
      registrationId: null,
    });
  });

  it("pays an approved registration request, not a pending one", async () => {
    const who = await customer();
    await setWallet(who, 10_000);
    const pending = await request(who, "PENDING");
    const refused = await payWallet(who, 1_000, { type: "REGISTRATION_REQUEST", id: pending.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "NOTHING_TO_PAY" });

    const approved = await request(who, "APPROVED");
    const paid = await payWallet(who, 8_000, { type: "REGISTRATION_REQUEST", id: approved.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      wallet: { amount: 2_000 },
      destination: { type: "REGISTRATION_REQUEST", paid_amount: 8_000, amount_due: 0 },
    });
    expect((await requestRow(approved.id)).paidAmount).toBe(8_000);
    const detail = (await who.client.get(`/api/registrations/requests/${approved.cuid}`)).json();
    expect(detail.registration_request.amount_due).toBe(0);
    expect((await movementsOf(who)).at(-1)).toMatchObject({
      amount: -8_000,
      reason: "PAYMENT",
      cartId: null,
      registrationRequestId: approved.id,
    });
  });

  it("never overdraws the wallet nor overpays, whatever the number of payments at once", async () => {
    const who = await customer();
    const { registrations: rows } = await processedCart(who, 2);
    await setWallet(who, 10_000);
    // Six payments of 40.00 over two registrations owing 120.00 each: the wallet allows two.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        payWallet(who, 4_000, { type: "REGISTRATION", id: rows[index % 2]!.id }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().error).toBe("INSUFFICIENT_WALLET_AMOUNT");
    }
    expect(await walletOf(who)).toBe(2_000);
    const paid = (await Promise.all(rows.map((row) => registrationRow(row.id)))).map(
      (row) => row.paidAmount,
    );
    expect(paid[0]! + paid[1]!).toBe(8_000);
    const movements = await movementsOf(who);
    expect(movements.map((movement) => movement.amount)).toEqual([-4_000, -4_000]);

    // On one registration owing 50.00, with plenty of wallet: one payment of 30.00 fits.
    const other = await customer();
    const {
      registrations: [single],
    } = await processedCart(other);
    await t.db
      .update(registrations)
      .set({ paidAmount: 7_000 })
      .where(eq(registrations.id, single!.id));
    await setWallet(other, 100_000);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        payWallet(other, 3_000, { type: "REGISTRATION", id: single!.id }),
      ),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await registrationRow(single!.id)).paidAmount).toBe(10_000);
    expect(await walletOf(other)).toBe(97_000);
  });
});

describe("POST /api/transactions/checkout", () => {
  it("creates a payment of what is owed, back to the page with ?payment, once per click", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    await t.db
      .update(registrations)
      .set({ paidAmount: 2_000 })
      .where(eq(registrations.id, registration!.id));
    const destination = { type: "REGISTRATION", id: registration!.id };
    const returnUrl = `/fr/account/registrations/${registration!.cuid}?tab=1&payment=old`;
    const response = await payOnline(who, destination, cart.reference!, returnUrl);
    expect(response.statusCode, response.body).toBe(200);
    const { checkout_url, payment } = response.json();
    expect(payment.amount).toBe(10_000);
    expect(checkout_url).toBe(`http://${DEMO_HOST}/payments/test/${payment.cuid}`);
    const row = await paymentByCuid(payment.cuid);
    expect(row).toMatchObject({
      purpose: "BALANCE",
      cartId: cart.id,
      registrationId: registration!.id,
      registrationRequestId: null,
      amount: 10_000,
      currency: "EUR",
      status: "open",
      returnPath: `/fr/account/registrations/${registration!.cuid}?tab=1`,
    });
    expect(row.providerState).toMatchObject({
      redirect_url: `http://${DEMO_HOST}/fr/account/registrations/${registration!.cuid}?tab=1&payment=${payment.cuid}`,
    });
    // A second click: the same page, no second payment.
    const again = await payOnline(who, destination, cart.reference!, returnUrl);
    expect(again.json()).toEqual(response.json());
    const rows = await t.db.select().from(payments).where(eq(payments.cartId, cart.id));
    expect(rows).toHaveLength(1);
    // The checkout's own view of the cart ignores it.
    expect((await who.client.get(`/api/carts/${cart.cuid}/payment`)).json().payment).toBeNull();

    expect((await who.client.get(`/api/transactions/payments/${payment.cuid}`)).json()).toEqual({
      payment: {
        cuid: payment.cuid,
        status: "open",
        amount: 10_000,
        currency: "EUR",
        checkout_url,
        destination,
      },
    });
    const other = await customer();
    const foreign = await other.client.get(`/api/transactions/payments/${payment.cuid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "PAYMENT_NOT_FOUND" });
  });

  it("credits a paid payment once, whatever the deliveries, without processing the cart again", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    const mailsBefore = (await emailsTo(t, who.email)).length;
    const created = await payOnline(
      who,
      { type: "REGISTRATION", id: registration!.id },
      cart.reference!,
    );
    const row = await paymentByCuid(created.json().payment.cuid);

    // The body alone changes nothing: the provider still says open.
    expect((await webhook(who, row.providerPaymentId)).statusCode).toBe(200);
    expect((await registrationRow(registration!.id)).paidAmount).toBe(0);

    await providerSays(row.id, { status: "paid" });
    const deliveries = await Promise.all([
      webhook(who, row.providerPaymentId),
      webhook(who, row.providerPaymentId),
      webhook(who, row.providerPaymentId),
    ]);
    for (const delivery of deliveries) expect(delivery.statusCode).toBe(200);
    await webhook(who, row.providerPaymentId);

    expect(await paymentByCuid(row.cuid)).toMatchObject({ status: "paid" });
    expect((await registrationRow(registration!.id)).paidAmount).toBe(12_000);
    const stored = await cartRow(cart.id);
    expect(stored.paidAmount).toBe(12_000);
    // The cart was not processed again: same reference and time, one registration, no e-mail.
    expect(stored.reference).toBe(cart.reference);
    expect(stored.processedAt).toEqual(cart.processedAt);
    expect(
      await t.db.select().from(registrations).where(eq(registrations.cartId, cart.id)),
    ).toHaveLength(1);
    expect(await emailsTo(t, who.email)).toHaveLength(mailsBefore);
    expect(await movementsOf(who)).toHaveLength(0);
    const detail = (await who.client.get(`/api/registrations/${registration!.cuid}`)).json();
    expect(detail.registration.payment.badge).toEqual({ kind: "complete" });
    expect(
      (await who.client.get(`/api/transactions/payments/${row.cuid}`)).json().payment,
    ).toMatchObject({ status: "paid", checkout_url: null });
  });

  it("through the test provider's page: pays, credits and returns to the page it came from", async () => {
    const who = await customer();
    const { cart } = await processedCart(who, 2);
    const created = await payOnline(
      who,
      { type: "CART", id: cart.id },
      cart.reference!,
      `http://${DEMO_HOST}/en/account/carts/${cart.cuid}`,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { payment } = created.json();
    expect(payment.amount).toBe(24_000);
    await who.client.get(`/payments/test/${payment.cuid}`);
    const token = who.client.cookies.get("XSRF-TOKEN")!;
    const paid = await who.client.request("POST", `/payments/test/${payment.cuid}`, {
      rawBody: `_xsrf=${encodeURIComponent(token)}&action=pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      xsrf: false,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://${DEMO_HOST}/en/account/carts/${cart.cuid}?payment=${payment.cuid}`,
    );
    const rows = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.cartId, cart.id))
      .orderBy(registrations.id);
    expect(rows.map((row) => row.paidAmount)).toEqual([12_000, 12_000]);
    expect((await cartRow(cart.id)).paidAmount).toBe(24_000);
    const view = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(view.totals).toMatchObject({ outstanding: 0 });
    expect(view.bank_transfer).toBeNull();
  });

  it("records a failed payment and lets the customer pay again", async () => {
    const who = await customer();
    const asked = await request(who, "APPROVED");
    const destination = { type: "REGISTRATION_REQUEST", id: asked.id };
    const first = await payOnline(who, destination, asked.reference);
    expect(first.statusCode, first.body).toBe(200);
    const row = await paymentByCuid(first.json().payment.cuid);
    expect(row).toMatchObject({ cartId: null, registrationRequestId: asked.id, amount: 8_000 });
    await providerSays(row.id, { status: "failed" });
    await webhook(who, row.providerPaymentId);
    expect(await paymentByCuid(row.cuid)).toMatchObject({ status: "failed" });
    expect((await requestRow(asked.id)).paidAmount).toBe(0);

    const second = await payOnline(who, destination, asked.reference);
    expect(second.json().payment.cuid).not.toBe(row.cuid);
    const next = await paymentByCuid(second.json().payment.cuid);
    await providerSays(next.id, { status: "paid" });
    await webhook(who, next.providerPaymentId);
    expect((await requestRow(asked.id)).paidAmount).toBe(8_000);
    // Should the provider take the failed one after all, the money is not lost: nothing is owed
    // any more, so it goes to the wallet (once).
    await providerSays(row.id, { status: "paid" });
    await webhook(who, row.providerPaymentId);
    await webhook(who, row.providerPaymentId);
    expect(await paymentByCuid(row.cuid)).toMatchObject({ status: "paid" });
    expect((await requestRow(asked.id)).paidAmount).toBe(8_000);
    expect(await walletOf(who)).toBe(8_000);
    expect((await movementsOf(who)).map((movement) => movement.reason)).toEqual(["OVERPAYMENT"]);
  });

  it("credits what is no longer owed to the wallet when the balance was paid meanwhile", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    const created = await payOnline(
      who,
      { type: "REGISTRATION", id: registration!.id },
      cart.reference!,
    );
    const row = await paymentByCuid(created.json().payment.cuid);
    // Meanwhile, 50.00 from the wallet.
    await setWallet(who, 5_000);
    const wallet = await payWallet(who, 5_000, { type: "REGISTRATION", id: registration!.id });
    expect(wallet.statusCode, wallet.body).toBe(200);

    await providerSays(row.id, { status: "paid" });
    await webhook(who, row.providerPaymentId);
    await webhook(who, row.providerPaymentId);
    expect((await registrationRow(registration!.id)).paidAmount).toBe(12_000);
    expect((await cartRow(cart.id)).paidAmount).toBe(12_000);
    expect(await walletOf(who)).toBe(5_000);
    const movements = await movementsOf(who);
    expect(movements.map((movement) => [movement.reason, movement.amount])).toEqual([
      ["PAYMENT", -5_000],
      ["OVERPAYMENT", 5_000],
    ]);
    expect(movements[1]).toMatchObject({ cartId: cart.id, registrationId: registration!.id });
    expect(logLines.some((line) => line.includes('"event":"balance_overpaid"'))).toBe(true);
  });

  it("is not offered while the organiser's online payments are off", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    await setSettings({ online_payments_activated: false });
    try {
      const response = await payOnline(
        who,
        { type: "REGISTRATION", id: registration!.id },
        cart.reference!,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "PAYMENT_METHOD_UNAVAILABLE" });
    } finally {
      await setSettings({ online_payments_activated: true });
    }
    expect(await t.db.select().from(payments).where(eq(payments.cartId, cart.id))).toHaveLength(0);
  });

  it("refuses another customer id, a stale reference, a return URL on another host, nothing owed", async () => {
    const who = await customer();
    const {
      cart,
      registrations: [registration],
    } = await processedCart(who);
    const destination = { type: "REGISTRATION", id: registration!.id };
    const base = {
      customer_id: who.customerId,
      reference: cart.reference,
      destination,
      return_url: "/fr/account",
    };
    const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
      [{ customer_id: who.customerId + 1 }, 404, { error: "CUSTOMER_NOT_FOUND" }],
      [
        { reference: "+++000/0000/00000+++" },
        400,
        { error: "VALIDATION_ERROR", fields: { reference: "MISMATCH" } },
      ],
      [
        { return_url: "https://evil.example/steal" },
        400,
        { error: "VALIDATION_ERROR", fields: { return_url: "INVALID_FORMAT" } },
      ],
      [
        { return_url: "//evil.example/steal" },
        400,
        { error: "VALIDATION_ERROR", fields: { return_url: "INVALID_FORMAT" } },
      ],
      [{ return_url: "" }, 400, { error: "VALIDATION_ERROR", fields: { return_url: "REQUIRED" } }],
    ];
    for (const [change, status, body] of cases) {
      const response = await who.client.post("/api/transactions/checkout", { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json()).toEqual(body);
    }
    await t.db
      .update(registrations)
      .set({ paidAmount: 12_000 })
      .where(eq(registrations.id, registration!.id));
    const nothing = await who.client.post("/api/transactions/checkout", base);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: "NOTHING_TO_PAY" });
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.cartId, cart.id), eq(payments.purpose, "BALANCE"))),
    ).toHaveLength(0);
  });
});
