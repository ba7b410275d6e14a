import { Writable } from "node:stream";
import { carts, organisers, payments, registrations } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMollieProvider,
  mollieAmount,
  parseMollieAmount,
} from "../src/modules/payments/mollie.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

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
function customer() {
  customerCount += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Paiement${customerCount}`,
      email: `payment-${customerCount}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Paiement${customerCount}` },
  });
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** A customer with one registration of 120.00 (deposit 30.00) in an open cart. */
async function cartOf(): Promise<{ who: Customer; cart: { id: number; cuid: string } }> {
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de voile",
    capacity: 10,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    dates: [{ capacity: 10 }],
  });
  const who = await customer();
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(availability.id, who.participantId, [dates[0]!.id]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { who, cart: response.json().cart };
}

function checkout(who: Customer, cartId: number, payment_strategy = "IMMEDIATE") {
  return who.client.post("/api/carts/checkout", { cart_id: cartId, payment_strategy, terms: true });
}

async function paymentOf(cartId: number) {
  const rows = await t.db.select().from(payments).where(eq(payments.cartId, cartId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function paidAmounts(cartId: number) {
  const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
  const rows = await t.db.select().from(registrations).where(eq(registrations.cartId, cartId));
  return { cart: cart!.paidAmount, registrations: rows.map((row) => row.paidAmount) };
}

/** A payment already processed through checkout, IMMEDIATE. */
async function openPayment() {
  const { who, cart } = await cartOf();
  const response = await checkout(who, cart.id);
  expect(response.statusCode, response.body).toBe(200);
  return { who, cart, payment: await paymentOf(cart.id) };
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
  await setSettings({ online_payments_activated: true });
});
afterAll(() => t.close());

describe("online payment at checkout", () => {
  it("answers next_action payment with the test provider's page, again on a replay", async () => {
    const { who, cart } = await cartOf();
    const response = await checkout(who, cart.id);
    expect(response.statusCode, response.body).toBe(200);
    const payment = await paymentOf(cart.id);
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
    // Processed as DELAYED is: places converted, nothing paid yet.
    expect(await paidAmounts(cart.id)).toEqual({ cart: 0, registrations: [0] });
    const replay = await checkout(who, cart.id);
    expect(replay.json()).toEqual(response.json());
    expect(await t.db.select().from(payments).where(eq(payments.cartId, cart.id))).toHaveLength(1);
  });

  it("asks for the deposit with IMMEDIATE_DEPOSIT", async () => {
    const { who, cart } = await cartOf();
    const response = await checkout(who, cart.id, "IMMEDIATE_DEPOSIT");
    expect(response.json().next_action).toBe("payment");
    expect((await paymentOf(cart.id)).amount).toBe(3_000);
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
    const [row] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row!.processedAt).toBeNull();
  });
});

describe("the test provider's page", () => {
  it("pays once through the Payer button and sends the customer back", async () => {
    const { who, cart, payment } = await openPayment();
    const page = await who.client.get(`/payments/test/${payment.cuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Payer");
    expect(page.body).toContain("Échouer");
    const token = who.client.cookies.get("XSRF-TOKEN")!;
    expect(page.body).toContain(`name="_xsrf" value="${token}"`);

    const form = (body: string) =>
      who.client.request("POST", `/payments/test/${payment.cuid}`, {
        rawBody: body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        xsrf: false,
      });
    // Without the token field: refused, nothing changes.
    const forged = await form("action=pay");
    expect(forged.statusCode).toBe(403);
    expect((await paymentOf(cart.id)).status).toBe("open");

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const paid = await form(`_xsrf=${encodeURIComponent(token)}&action=pay`);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`http://${DEMO_HOST}/fr/checkout/${cart.cuid}/success`);
    }
    const row = await paymentOf(cart.id);
    expect(row.status).toBe("paid");
    expect(row.paidAt).not.toBeNull();
    expect(await paidAmounts(cart.id)).toEqual({ cart: 12_000, registrations: [12_000] });
    // A replayed checkout now goes to the success page.
    expect((await checkout(who, cart.id)).json()).toEqual({
      next_action: "success",
      next_action_url: `/checkout/${cart.cuid}/success`,
    });
  });

  it("fails through the Échouer button: nothing paid", async () => {
    const { who, cart, payment } = await openPayment();
    await who.client.get(`/payments/test/${payment.cuid}`);
    const token = who.client.cookies.get("XSRF-TOKEN")!;
    const failed = await who.client.request("POST", `/payments/test/${payment.cuid}`, {
      rawBody: `_xsrf=${encodeURIComponent(token)}&action=fail`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      xsrf: false,
    });
    expect(failed.statusCode).toBe(303);
    expect((await paymentOf(cart.id)).status).toBe("failed");
    expect(await paidAmounts(cart.id)).toEqual({ cart: 0, registrations: [0] });
  });
});

describe("POST /api/payments/webhook/{provider}", () => {
  it("marks the payment paid once, whatever the number of deliveries", async () => {
    const { who, cart, payment } = await openPayment();
    // The body alone changes nothing: the provider still says open.
    const early = await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect(early.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("open");

    await providerSays(payment.id, { status: "paid" });
    const deliveries = await Promise.all([
      webhook(who, JSON.stringify({ id: payment.providerPaymentId })),
      webhook(who, `id=${payment.providerPaymentId}`, "application/x-www-form-urlencoded"),
      webhook(who, JSON.stringify({ id: payment.providerPaymentId })),
    ]);
    for (const delivery of deliveries) expect(delivery.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("paid");
    expect(await paidAmounts(cart.id)).toEqual({ cart: 12_000, registrations: [12_000] });
  });

  it("refuses an amount or currency other than the stored one, and logs it", async () => {
    const { who, cart, payment } = await openPayment();
    await providerSays(payment.id, { status: "paid", amount: payment.amount - 1 });
    const response = await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect(response.statusCode).toBe(200);
    expect((await paymentOf(cart.id)).status).toBe("open");
    expect(await paidAmounts(cart.id)).toEqual({ cart: 0, registrations: [0] });
    expect(logLines.some((line) => line.includes("payment_amount_mismatch"))).toBe(true);

    await providerSays(payment.id, { amount: payment.amount, currency: "USD" });
    await webhook(who, JSON.stringify({ id: payment.providerPaymentId }));
    expect((await paymentOf(cart.id)).status).toBe("open");
  });

  it("answers 200 and changes nothing for an unknown payment; 404 for an unknown provider", async () => {
    const { who, cart } = await openPayment();
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

describe("Mollie adapter", () => {
  function fakeFetch(answers: Array<{ status: number; body: unknown }>) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift()!;
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it("formats and parses amounts", () => {
    expect(mollieAmount(12_345, "EUR")).toEqual({ currency: "EUR", value: "123.45" });
    expect(mollieAmount(5, "EUR")).toEqual({ currency: "EUR", value: "0.05" });
    expect(parseMollieAmount("123.45")).toBe(12_345);
    expect(parseMollieAmount("1.5")).toBeNull();
  });

  it("creates a Bancontact or card payment with the bearer key", async () => {
    const fake = fakeFetch([
      {
        status: 201,
        body: {
          id: "tr_WDqYK6vllg",
          _links: {
            checkout: { href: "https://www.mollie.com/checkout/select-method/WDqYK6vllg" },
          },
        },
      },
    ]);
    const mollie = createMollieProvider({ apiKey: "test_key", fetch: fake.fetch });
    const created = await mollie.createPayment({
      amount: 12_000,
      currency: "EUR",
      description: "Demo 42",
      reference: "+++420/0000/00101+++",
      redirectUrl: "https://demo.example/fr/checkout/c1/success",
      webhookUrl: "https://demo.example/api/payments/webhook/mollie",
      metadata: { cart_cuid: "c1" },
    });
    expect(created).toEqual({
      providerPaymentId: "tr_WDqYK6vllg",
      checkoutUrl: "https://www.mollie.com/checkout/select-method/WDqYK6vllg",
    });
    const call = fake.calls[0]!;
    expect(call.url).toBe("https://api.mollie.com/v2/payments");
    expect(call.init.method).toBe("POST");
    expect((call.init.headers as Record<string, string>).authorization).toBe("Bearer test_key");
    expect(JSON.parse(call.init.body as string)).toEqual({
      amount: { currency: "EUR", value: "120.00" },
      description: "Demo 42",
      redirectUrl: "https://demo.example/fr/checkout/c1/success",
      webhookUrl: "https://demo.example/api/payments/webhook/mollie",
      method: ["bancontact", "creditcard"],
      metadata: { cart_cuid: "c1", reference: "+++420/0000/00101+++" },
    });
  });

  it("fetches a payment back and refunds it", async () => {
    const fake = fakeFetch([
      {
        status: 200,
        body: { id: "tr_1", status: "paid", amount: { value: "30.00", currency: "EUR" } },
      },
      {
        status: 200,
        body: { id: "tr_2", status: "pending", amount: { value: "1.00", currency: "EUR" } },
      },
      { status: 404, body: { status: 404 } },
      { status: 201, body: { id: "re_1" } },
      { status: 422, body: { detail: "too much" } },
    ]);
    const mollie = createMollieProvider({ apiKey: "live_key", fetch: fake.fetch });
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
    expect(await mollie.fetchPayment("tr_3")).toBeNull();
    expect(fake.calls[0]!.url).toBe("https://api.mollie.com/v2/payments/tr_1");
    expect(fake.calls[0]!.init.method).toBe("GET");
    await mollie.refund("tr_1", 1_050, "EUR");
    expect(fake.calls[3]!.url).toBe("https://api.mollie.com/v2/payments/tr_1/refunds");
    expect(JSON.parse(fake.calls[3]!.init.body as string)).toEqual({
      amount: { currency: "EUR", value: "10.50" },
    });
    await expect(mollie.refund("tr_1", 1_000_000, "EUR")).rejects.toThrow(/HTTP 422/);
  });
});
