import {
  activityQuestions,
  cartItemDates,
  cartItems,
  coupons,
  customers,
  organisers,
  participants,
} from "@booking/db";
import { and, eq, gt, inArray, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityOption, availabilityWithDates, organiserIdOf } from "./cart-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, registeredClient, type TestApp } from "./harness.ts";

// Pricing of the cart (docs/decisions/0007-pricing.md, 0009-cart-pricing.md): the estimate, the
// prices stored on add, options and questions, coupons, wallet and service fees.

let t: TestApp;
let demoId: number;
let demoEnId: number;

type DateSpec = { capacity?: number | null; status?: "OPEN" | "CLOSED" };

/** A published activity of `organiser` with one OPEN availability in 30 days and its dates. */
function camp(
  options: {
    organiser?: number;
    price?: number;
    deposit?: number;
    partial?: boolean;
    dates?: DateSpec[];
  } = {},
) {
  return availabilityWithDates(t, {
    organiserId: options.organiser ?? demoId,
    title: "Stage multisport",
    settings: {
      allow_registrations_after_start: false,
      partial_registrations: options.partial ?? false,
      waiting_list: true,
    },
    capacity: 10,
    price: options.price ?? 10_000,
    deposit: options.deposit ?? 3_000,
    dateHours: 6,
    dates: (options.dates ?? [{}]).map((date) => ({
      capacity: date.capacity === undefined ? 10 : date.capacity,
      status: date.status,
    })),
  });
}

/** An option of `activityId` with its prices (amount or percentage); returns the price ids. */
function option(
  activityId: number,
  prices: Array<{ amount?: number; percentage?: number }>,
  answerRequired = false,
  organiser = demoId,
): Promise<number[]> {
  return activityOption(t, { organiserId: organiser, activityId, prices, answerRequired });
}

async function question(
  activityId: number,
  type: "TEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE",
  required: boolean,
  choices: Array<{ id: number; label: string }> = [],
): Promise<number> {
  const [row] = await t.db
    .insert(activityQuestions)
    .values({ organiserId: demoId, activityId, type, title: `Question ${type}`, required, choices })
    .returning({ id: activityQuestions.id });
  return row!.id;
}

/** A newly registered customer of the demo organiser and the participant made at registration. */
async function customer(
  email: string,
): Promise<{ client: Client; id: number; participant: number }> {
  const { client, id } = await registeredClient(t.app, DEMO_HOST, email);
  const [row] = await t.db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.customerId, id));
  return { client, id, participant: row!.id };
}

function registrationOf(
  availabilityId: number,
  participantId: number,
  dateIds: number[],
  extra: Record<string, unknown> = {},
) {
  return {
    availability_id: availabilityId,
    participant_id: participantId,
    availability_dates: dateIds.map((date_id) => ({ date_id })),
    ...extra,
  };
}

async function liveHoldsOf(dateIds: number[]): Promise<number> {
  const [row] = await t.db
    .select({ value: sql<number>`count(*)::int` })
    .from(cartItemDates)
    .innerJoin(cartItems, eq(cartItems.id, cartItemDates.cartItemId))
    .where(
      and(inArray(cartItemDates.availabilityDateId, dateIds), gt(cartItems.expiresAt, new Date())),
    );
  return row!.value;
}

async function setWallet(customerId: number, amount: number) {
  await t.db.update(customers).set({ walletAmount: amount }).where(eq(customers.id, customerId));
}

async function addCoupon(values: {
  code: string;
  amount?: number;
  percentage?: number;
  active?: boolean;
  minTotalAmount?: number;
  organiser?: number;
}) {
  const [row] = await t.db
    .insert(coupons)
    .values({
      organiserId: values.organiser ?? demoId,
      title: `Coupon ${values.code}`,
      label: `Réduction ${values.code}`,
      code: values.code,
      amount: values.amount ?? null,
      percentage: values.percentage ?? null,
      active: values.active ?? true,
      minTotalAmount: values.minTotalAmount ?? 0,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
});
afterAll(() => t.close());

describe("POST /api/carts/items/estimate", () => {
  it("prices options (amount and percentage) and partial dates out of the selectable ones", async () => {
    // 4 dates, the last CLOSED: 3 selectable. Partial registration on.
    const { activity, availability, dates } = await camp({
      partial: true,
      dates: [{}, {}, {}, { status: "CLOSED" }],
    });
    const [meal] = await option(activity.id, [{ amount: 1_250 }]);
    const [, dayCarePercent] = await option(
      activity.id,
      [{ amount: 2_000 }, { percentage: 12.5 }],
      true,
    );
    const me = await customer("estimate-options@example.org");
    const body = {
      ...registrationOf(availability.id, me.participant, [dates[0]!.id, dates[2]!.id]),
      quantity: 2,
      options: [{ price_id: meal }, { price_id: dayCarePercent }],
    };
    const estimate = await me.client.post("/api/carts/items/estimate", body);
    expect(estimate.statusCode).toBe(200);
    // Per place: 10 000 × 2/3 = 6 666.67 → 6 667 (discount 3 333); options 1 250 + 12.5 % of
    // 6 667 = 833.375 → 833, so 2 083. Two places: 20 000 − 6 666 + 4 166 = 17 500.
    expect(estimate.json()).toEqual({
      price: 17_500,
      deposit: 6_000,
      details: {
        base_price: 20_000,
        partial_registration_total_fee: 0,
        partial_registration_total_discount: 6_666,
        options_total: 4_166,
        bundle_total: 0,
        discounts_total: 0,
        volume_discounts_total: 0,
      },
      customer_discount: null,
    });

    // Every selectable date: the whole price, options on it (1 250 + 1 250 per place).
    const whole = await me.client.post("/api/carts/items/estimate", {
      ...body,
      availability_dates: dates.slice(0, 3).map((date) => ({ date_id: date.id })),
    });
    expect(whole.json()).toMatchObject({
      price: 25_000,
      details: { partial_registration_total_discount: 0, options_total: 5_000 },
    });

    // The add stores the same price: two items of 8 750 (deposit 3 000 each), the options and
    // their answers in the payload. Nothing was held by the estimates.
    expect(await liveHoldsOf(dates.map((date) => date.id))).toBe(0);
    const added = await me.client.post("/api/carts/items", {
      registrations: [
        {
          ...body,
          options: [
            { price_id: meal, content: "ignored" },
            { price_id: dayCarePercent, content: "  Jusqu'à 17 h " },
          ],
        },
      ],
    });
    expect(added.statusCode).toBe(201);
    const cart = added.json().cart;
    expect(cart.items.map((item: { price: number }) => item.price)).toEqual([8_750, 8_750]);
    expect(cart.items.map((item: { deposit: number }) => item.deposit)).toEqual([3_000, 3_000]);
    expect(cart.total).toBe(estimate.json().price);
    expect(cart.totals).toMatchObject({ subtotal: 17_500, total: 17_500, deposit: 6_000 });
    const stored = await t.db
      .select()
      .from(cartItems)
      .where(
        inArray(
          cartItems.id,
          cart.items.map((item: { id: number }) => item.id),
        ),
      );
    for (const row of stored) {
      expect(row.payload).toEqual({
        options: [
          { price_id: meal, content: null },
          { price_id: dayCarePercent, content: "Jusqu'à 17 h" },
        ],
        questions: [],
        // The place's pricing, priced again with bundles and volume discounts by the cart.
        pricing: {
          price: 10_000,
          deposit: 3_000,
          dates: { chosen: 2, selectable: 3 },
          partial: {},
          options: [
            { amount: 1_250, percentage: null },
            { amount: null, percentage: 12.5 },
          ],
        },
      });
    }
  });

  it("sells the availability whole when partial registration is off", async () => {
    const { availability, dates } = await camp({ partial: false, dates: [{}, {}, {}] });
    const me = await customer("estimate-whole@example.org");
    const estimate = await me.client.post(
      "/api/carts/items/estimate",
      registrationOf(availability.id, me.participant, [dates[1]!.id]),
    );
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json()).toEqual({
      price: 10_000,
      deposit: 3_000,
      details: {
        base_price: 10_000,
        partial_registration_total_fee: 0,
        partial_registration_total_discount: 0,
        options_total: 0,
        bundle_total: 0,
        discounts_total: 0,
        volume_discounts_total: 0,
      },
      customer_discount: null,
    });
  });

  it("validates like the add call", async () => {
    const { activity, availability, dates } = await camp({ dates: [{}, { status: "CLOSED" }] });
    const [answered] = await option(activity.id, [{ amount: 500 }], true);
    const other = await camp();
    const [foreignPrice] = await option(other.activity.id, [{ amount: 700 }]);
    const me = await customer("estimate-checks@example.org");
    const stranger = await customer("estimate-stranger@example.org");

    // An option asking an answer needs none for an estimate.
    const ok = await me.client.post("/api/carts/items/estimate", {
      ...registrationOf(availability.id, me.participant, [dates[0]!.id]),
      options: [{ price_id: answered }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().price).toBe(10_500);

    const foreign = await me.client.post("/api/carts/items/estimate", {
      ...registrationOf(availability.id, me.participant, [dates[0]!.id]),
      options: [{ price_id: answered }, { price_id: foreignPrice }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { "options.1.price_id": "INVALID_CHOICE" },
    });

    const noDates = await me.client.post("/api/carts/items/estimate", {
      availability_id: availability.id,
      participant_id: me.participant,
    });
    expect(noDates.json().fields).toEqual({ availability_dates: "AVAILABILITY_DATES_REQUIRED" });

    const closed = await me.client.post(
      "/api/carts/items/estimate",
      registrationOf(availability.id, me.participant, [dates[1]!.id]),
    );
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });

    const notMine = await me.client.post(
      "/api/carts/items/estimate",
      registrationOf(availability.id, stranger.participant, [dates[0]!.id]),
    );
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ error: "PARTICIPANT_NOT_FOUND" });

    const english = await camp({ organiser: demoEnId });
    const otherOrganiser = await me.client.post(
      "/api/carts/items/estimate",
      registrationOf(english.availability.id, me.participant, [english.dates[0]!.id]),
    );
    expect(otherOrganiser.json()).toEqual({ error: "AVAILABILITY_NOT_FOUND" });

    // cart_id, when sent, is the customer's own open cart.
    await stranger.client.post("/api/carts/items", {
      registrations: [registrationOf(availability.id, stranger.participant, [dates[0]!.id])],
    });
    const strangerCart = (await stranger.client.get("/api/carts/current")).json().cart;
    const wrongCart = await me.client.post("/api/carts/items/estimate", {
      ...registrationOf(availability.id, me.participant, [dates[0]!.id]),
      cart_id: strangerCart.id,
    });
    expect(wrongCart.statusCode).toBe(404);
    expect(wrongCart.json()).toEqual({ error: "CART_NOT_FOUND" });

    const visitor = await new Client(t.app, DEMO_HOST).post(
      "/api/carts/items/estimate",
      registrationOf(availability.id, me.participant, [dates[0]!.id]),
    );
    expect(visitor.statusCode).toBe(401);
  });
});

describe("options and questions on add", () => {
  it("answers field errors with their paths and holds nothing", async () => {
    const { activity, availability, dates } = await camp();
    const [switchPrice] = await option(activity.id, [{ amount: 500 }]);
    const [needsAnswer] = await option(activity.id, [{ amount: 300 }], true);
    const text = await question(activity.id, "TEXT", true);
    const date = await question(activity.id, "DATE", false);
    const single = await question(activity.id, "CHOICES_SINGLE", true, [
      { id: 1, label: "S" },
      { id: 2, label: "M" },
    ]);
    const multiple = await question(activity.id, "CHOICES_MULTIPLE", false, [
      { id: 1, label: "Foot" },
      { id: 2, label: "Tennis" },
    ]);
    const me = await customer("answers@example.org");
    const add = (extra: Record<string, unknown>) =>
      me.client.post("/api/carts/items", {
        registrations: [registrationOf(availability.id, me.participant, [dates[0]!.id], extra)],
      });

    const wrong = await add({
      options: [
        { price_id: switchPrice, content: null },
        { price_id: 2_147_483_000, content: null },
        { price_id: needsAnswer, content: "   " },
      ],
      questions: [
        { question_id: date, content: "2024-02-30" },
        { question_id: single, content: 3 },
        { question_id: 2_147_483_000, content: "?" },
        { question_id: multiple, content: [1, 5] },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        "registrations.0.options.1.price_id": "INVALID_CHOICE",
        "registrations.0.options.2.content": "REQUIRED",
        "registrations.0.questions.2.question_id": "INVALID_CHOICE",
        [`registrations.0.questions.${text}`]: "REQUIRED",
        [`registrations.0.questions.${date}`]: "INVALID_DATE",
        [`registrations.0.questions.${single}`]: "INVALID_CHOICE",
        [`registrations.0.questions.${multiple}`]: "INVALID_CHOICE",
      },
    });
    expect(await liveHoldsOf([dates[0]!.id])).toBe(0);

    const tooLong = await add({
      questions: [
        { question_id: text, content: "x".repeat(2_001) },
        { question_id: single, content: 1 },
      ],
    });
    expect(tooLong.json().fields).toEqual({ [`registrations.0.questions.${text}`]: "TOO_LONG" });

    const added = await add({
      options: [{ price_id: needsAnswer, content: "Départ à 16 h" }],
      questions: [
        { question_id: text, content: " Asthme " },
        { question_id: single, content: 2 },
        { question_id: multiple, content: [2, 1] },
        { question_id: date, content: null },
      ],
    });
    expect(added.statusCode).toBe(201);
    const item = added.json().cart.items[0];
    expect(item.price).toBe(10_300);
    const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, item.id));
    expect(row!.payload).toEqual({
      options: [{ price_id: needsAnswer, content: "Départ à 16 h" }],
      questions: [
        { question_id: text, content: "Asthme" },
        { question_id: date, content: null },
        { question_id: single, content: 2 },
        { question_id: multiple, content: [2, 1] },
      ],
      pricing: {
        price: 10_000,
        deposit: 3_000,
        dates: null,
        partial: null,
        options: [{ amount: 300, percentage: null }],
      },
    });
  });
});

describe("coupons, wallet and service fees", () => {
  it("attaches amount and percentage coupons by code, refuses inactive, unknown and foreign ones, detaches", async () => {
    const { availability, dates } = await camp({ price: 10_000, deposit: 3_000 });
    const amount = await addCoupon({ code: "PRICING-AMOUNT", amount: 1_500 });
    const percent = await addCoupon({ code: "PRICING-PERCENT", percentage: 12.5 });
    await addCoupon({ code: "PRICING-OFF", amount: 1_000, active: false });
    await addCoupon({ code: "PRICING-EN", amount: 1_000, organiser: demoEnId });
    const me = await customer("coupons@example.org");
    const cart = (
      await me.client.post("/api/carts/items", {
        registrations: [registrationOf(availability.id, me.participant, [dates[0]!.id])],
      })
    ).json().cart;
    expect(cart.totals).toEqual({
      subtotal: 10_000,
      bundle_total: 0,
      discounts_total: 0,
      volume_discounts_total: 0,
      customer_discounts: [],
      customer_discounts_total: 0,
      coupon: null,
      total: 10_000,
      wallet: { balance: 0, use: 0 },
      service_fees: 0,
      payable: 10_000,
      deposit: 3_000,
      deposit_payable: 3_000,
      items_count: 1,
    });

    const attached = await me.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "  pricing-amount ",
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().cart).toMatchObject({
      id: cart.id,
      coupon_id: amount.id,
      coupon: { id: amount.id, code: "PRICING-AMOUNT", label: amount.label },
      totals: {
        subtotal: 10_000,
        discounts_total: 1_500,
        coupon: { applied: true, title: amount.title, label: amount.label, discount: 1_500 },
        total: 8_500,
        payable: 8_500,
        deposit: 3_000,
      },
    });

    const replaced = await me.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "Pricing-Percent",
    });
    expect(replaced.json().cart.coupon_id).toBe(percent.id);
    // 12.5 % of 10 000.
    expect(replaced.json().cart.totals).toMatchObject({
      discounts_total: 1_250,
      total: 8_750,
      coupon: { applied: true, discount: 1_250 },
    });
    expect((await me.client.get("/api/carts/current")).json().cart.totals.total).toBe(8_750);

    const inactive = await me.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "pricing-off",
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toEqual({ error: "COUPON_INACTIVE" });
    for (const code of ["NOPE", "PRICING-EN"]) {
      const unknown = await me.client.post("/api/carts/coupons", {
        cart_id: cart.id,
        coupon: code,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "COUPON_NOT_FOUND" });
    }
    const blank = await me.client.post("/api/carts/coupons", { cart_id: cart.id, coupon: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ coupon: "REQUIRED" });
    // The refused codes left the attached coupon alone.
    expect((await me.client.get("/api/carts/current")).json().cart.coupon_id).toBe(percent.id);

    // Another customer's cart is unknown.
    const stranger = await customer("coupons-stranger@example.org");
    const theft = await stranger.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "PRICING-AMOUNT",
    });
    expect(theft.statusCode).toBe(404);
    expect(theft.json()).toEqual({ error: "CART_NOT_FOUND" });
    expect((await stranger.client.delete(`/api/carts/coupons?cart_id=${cart.id}`)).statusCode).toBe(
      404,
    );

    const detached = await me.client.delete(`/api/carts/coupons?cart_id=${cart.id}`);
    expect(detached.statusCode).toBe(200);
    expect(detached.json().cart).toMatchObject({
      coupon_id: null,
      coupon: null,
      totals: { coupon: null, discounts_total: 0, total: 10_000 },
    });
  });

  it("reports a minimum not reached in the totals and applies the coupon once it is", async () => {
    const { availability, dates } = await camp({ price: 10_000, deposit: 0 });
    const coupon = await addCoupon({ code: "PRICING-MIN", amount: 2_000, minTotalAmount: 15_000 });
    const me = await customer("coupon-minimum@example.org");
    const cart = (
      await me.client.post("/api/carts/items", {
        registrations: [registrationOf(availability.id, me.participant, [dates[0]!.id])],
      })
    ).json().cart;
    const attached = await me.client.post("/api/carts/coupons", {
      cart_id: cart.id,
      coupon: "pricing-min",
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().cart.totals).toMatchObject({
      subtotal: 10_000,
      discounts_total: 0,
      coupon: {
        applied: false,
        title: coupon.title,
        label: coupon.label,
        discount: 0,
        reason: "MINIMUM_NOT_REACHED",
      },
      total: 10_000,
    });
    const more = await me.client.post("/api/carts/items", {
      registrations: [registrationOf(availability.id, me.participant, [dates[0]!.id])],
    });
    expect(more.json().cart.totals).toMatchObject({
      subtotal: 20_000,
      discounts_total: 2_000,
      coupon: { applied: true, discount: 2_000 },
      total: 18_000,
    });
    expect(more.json().cart.totals.coupon.reason).toBeUndefined();

    // A coupon deactivated after it was attached stays attached and is reported, not applied.
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id));
    expect((await me.client.get("/api/carts/current")).json().cart.totals).toMatchObject({
      total: 20_000,
      coupon: { applied: false, reason: "INACTIVE", discount: 0 },
    });
  });

  it("uses the wallet for part or all of the total, with the service fee formula", async () => {
    const { availability, dates } = await camp({ price: 10_000, deposit: 3_000 });
    const me = await customer("wallet@example.org");
    const cart = (
      await me.client.post("/api/carts/items", {
        registrations: [registrationOf(availability.id, me.participant, [dates[0]!.id])],
      })
    ).json().cart;
    const totals = async () => (await me.client.get("/api/carts/current")).json().cart.totals;

    await setWallet(me.id, 4_000);
    expect(await totals()).toMatchObject({
      total: 10_000,
      wallet: { balance: 4_000, use: 4_000 },
      service_fees: 0,
      payable: 6_000,
      deposit: 3_000,
      deposit_payable: 3_000,
    });
    await setWallet(me.id, 25_000);
    expect(await totals()).toMatchObject({
      total: 10_000,
      wallet: { balance: 25_000, use: 10_000 },
      payable: 0,
      deposit_payable: 0,
    });

    const [organiser] = await t.db.select().from(organisers).where(eq(organisers.id, demoId));
    const billing = organiser!.billing;
    await t.db
      .update(organisers)
      .set({
        billing: {
          ...billing,
          customers_service_fee_amount: 150,
          customers_service_fee_percentage: 2.5,
        },
      })
      .where(eq(organisers.id, demoId));
    try {
      // fees = 150 + 2.5 % × (10 000 − 3 333) = 150 + 166.675 → 167 = 317.
      await setWallet(me.id, 3_333);
      expect(await totals()).toMatchObject({
        total: 10_000,
        wallet: { balance: 3_333, use: 3_333 },
        service_fees: 317,
        payable: 6_984,
        deposit_payable: 3_000,
      });
      // Wallet covering everything: the fixed fee remains due.
      await setWallet(me.id, 25_000);
      expect(await totals()).toMatchObject({
        wallet: { balance: 25_000, use: 10_000 },
        service_fees: 150,
        payable: 150,
        deposit_payable: 150,
      });
      // With a coupon the fee is on the total after it: 150 + 2.5 % × 8 500 = 362.5 → 363.
      await setWallet(me.id, 0);
      await addCoupon({ code: "PRICING-FEES", amount: 1_500 });
      await me.client.post("/api/carts/coupons", { cart_id: cart.id, coupon: "pricing-fees" });
      expect(await totals()).toMatchObject({
        total: 8_500,
        service_fees: 363,
        payable: 8_863,
      });
    } finally {
      await t.db.update(organisers).set({ billing }).where(eq(organisers.id, demoId));
    }
  });

  it("does not total expired items", async () => {
    const first = await camp({ price: 10_000, deposit: 3_000 });
    const second = await camp({ price: 4_000, deposit: 1_000 });
    const me = await customer("expired@example.org");
    const cart = (
      await me.client.post("/api/carts/items", {
        registrations: [
          registrationOf(first.availability.id, me.participant, [first.dates[0]!.id]),
          registrationOf(second.availability.id, me.participant, [second.dates[0]!.id]),
        ],
      })
    ).json().cart;
    expect(cart.totals).toMatchObject({ subtotal: 14_000, deposit: 4_000, items_count: 2 });
    const expired = cart.items.find(
      (item: { availability: { id: number } }) => item.availability.id === first.availability.id,
    );
    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartItems.id, expired.id));
    const current = (await me.client.get("/api/carts/current")).json().cart;
    expect(current.totals).toMatchObject({
      subtotal: 4_000,
      total: 4_000,
      payable: 4_000,
      deposit: 1_000,
      deposit_payable: 1_000,
      items_count: 1,
    });
    expect(current.count).toBe(1);
  });
});
