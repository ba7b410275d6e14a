import {
  bundleActivities,
  bundles,
  carts,
  customerBundles,
  participants,
  registrations,
  volumeDiscounts,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activityOption,
  availabilityWithDates,
  organiserIdOf,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Volume discounts and bundles in the estimate, the cart totals and checkout
// (docs/decisions/0009-cart-pricing.md). The demo organiser's seeded tiers: 10 % from 3
// registrations (active) and 15 % from 5 (inactive).

let t: TestApp;
let demoId: number;
let count = 0;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

type Estimate = {
  price: number;
  deposit: number;
  details: Record<string, number>;
};
type Cart = {
  id: number;
  total: number;
  deposit: number;
  items: Array<{ id: number; type: string; price: number; deposit: number }>;
  totals: Record<string, unknown> & {
    subtotal: number;
    bundle_total: number;
    volume_discounts_total: number;
    total: number;
  };
};

/** A customer of the demo organiser with a participant and an open session. */
async function customer() {
  count += 1;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Remise${count}`,
      email: `discounts-${count}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Remise${count}` },
  });
  return {
    ...who,
    async estimate(camp: Camp, quantity: number, participantId = who.participantId) {
      const response = await who.client.post("/api/carts/items/estimate", {
        ...registration(camp, participantId),
        quantity,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Estimate;
    },
    async add(body: Record<string, unknown>) {
      const response = await who.client.post("/api/carts/items", body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().cart as Cart;
    },
    async current() {
      return (await who.client.get("/api/carts/current")).json().cart as Cart;
    },
    async checkout(cartId: number) {
      const response = await who.client.post("/api/carts/checkout", {
        cart_id: cartId,
        payment_strategy: "DELAYED",
        terms: true,
      });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

/** A published activity of the demo organiser: one date in 30 days, 100.00 a place, 30.00 deposit. */
function camp() {
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage remisé",
    capacity: 20,
    price: 10_000,
    deposit: 3_000,
    dateHours: 6,
    dates: [{ capacity: 20 }],
  });
}
type Camp = Awaited<ReturnType<typeof camp>>;

function registration(camp: Camp, participantId: number, extra: Record<string, unknown> = {}) {
  return {
    availability_id: camp.availability.id,
    participant_id: participantId,
    availability_dates: [{ date_id: camp.dates[0]!.id }],
    ...extra,
  };
}

/** A published bundle paying for registrations of `activityIds`. */
async function bundle(
  activityIds: number[],
  values: { price: number; capacity: number | null; entity: "PARTICIPANTS" | "CUSTOMERS" },
) {
  const [row] = await t.db
    .insert(bundles)
    .values({ organiserId: demoId, title: "Carte", published: true, ...values })
    .returning();
  await t.db
    .insert(bundleActivities)
    .values(
      activityIds.map((activityId) => ({ organiserId: demoId, bundleId: row!.id, activityId })),
    );
  return row!;
}

async function registrationsOf(cartId: number) {
  return t.db
    .select({
      totalAmount: registrations.totalAmount,
      depositAmount: registrations.depositAmount,
      bundleId: registrations.bundleId,
    })
    .from(registrations)
    .where(eq(registrations.cartId, cartId))
    .orderBy(asc(registrations.id));
}

async function customerBundlesOf(customerId: number) {
  return t.db
    .select()
    .from(customerBundles)
    .where(eq(customerBundles.customerId, customerId))
    .orderBy(asc(customerBundles.id));
}

describe("volume discounts", () => {
  it("apply from the tier's threshold and not below, in the estimate, the cart totals and checkout", async () => {
    const course = await camp();
    const me = await customer();

    // Below the threshold (2 places in an empty cart): nothing.
    const two = await me.estimate(course, 2);
    expect(two.price).toBe(20_000);
    expect(two.details.volume_discounts_total).toBe(0);
    // At the threshold: 10 % of each place.
    const three = await me.estimate(course, 3);
    expect(three).toEqual({
      price: 27_000,
      deposit: 9_000,
      details: {
        base_price: 30_000,
        partial_registration_total_fee: 0,
        partial_registration_total_discount: 0,
        options_total: 0,
        bundle_total: 0,
        discounts_total: 0,
        volume_discounts_total: 3_000,
      },
      customer_discount: null,
    });

    const below = await me.add({
      registrations: [registration(course, me.participantId, { quantity: 2 })],
    });
    expect(below.totals).toMatchObject({
      subtotal: 20_000,
      volume_discounts_total: 0,
      total: 20_000,
    });
    expect(below.total).toBe(20_000);

    // The estimate counts the places already in the cart: 2 + 1 reach the tier.
    const third = await me.estimate(course, 1);
    expect(third.price).toBe(9_000);
    expect(third.details.volume_discounts_total).toBe(1_000);

    const reached = await me.add({ registrations: [registration(course, me.participantId)] });
    expect(reached.totals).toMatchObject({
      subtotal: 27_000,
      bundle_total: 0,
      volume_discounts_total: 3_000,
      total: 27_000,
      payable: 27_000,
      deposit: 9_000,
    });
    expect(reached.items.map((item) => item.price)).toEqual([9_000, 9_000, 9_000]);
    expect(reached.total).toBe(27_000);

    await me.checkout(reached.id);
    expect((await registrationsOf(reached.id)).map((row) => row.totalAmount)).toEqual([
      9_000, 9_000, 9_000,
    ]);
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, reached.id));
    expect(cart!.totalAmount).toBe(27_000);
  });

  it("take the largest threshold reached among active tiers; an inactive tier does nothing", async () => {
    const course = await camp();
    const me = await customer();
    // 5 places: the inactive 15 % tier from 5 is ignored, the 10 % from 3 applies.
    const five = await me.add({
      registrations: [registration(course, me.participantId, { quantity: 5 })],
    });
    expect(five.totals).toMatchObject({ subtotal: 45_000, volume_discounts_total: 5_000 });

    // An amount tier from 4: 7.00 off each place, instead of the 10 % from 3.
    const [amountTier] = await t.db
      .insert(volumeDiscounts)
      .values({ organiserId: demoId, minRegistrations: 4, amount: 700 })
      .returning();
    expect((await me.current()).totals).toMatchObject({
      subtotal: 46_500,
      volume_discounts_total: 3_500,
    });
    expect((await me.estimate(course, 1)).details.volume_discounts_total).toBe(700);

    // Every tier switched off: no discount at all.
    await t.db
      .update(volumeDiscounts)
      .set({ active: false })
      .where(eq(volumeDiscounts.organiserId, demoId));
    try {
      const off = await me.current();
      expect(off.totals).toMatchObject({ subtotal: 50_000, volume_discounts_total: 0 });
      expect(off.total).toBe(50_000);
      expect((await me.estimate(course, 3)).details.volume_discounts_total).toBe(0);
    } finally {
      await t.db.delete(volumeDiscounts).where(eq(volumeDiscounts.id, amountTier!.id));
      await t.db
        .update(volumeDiscounts)
        .set({ active: true })
        .where(
          and(eq(volumeDiscounts.organiserId, demoId), eq(volumeDiscounts.minRegistrations, 3)),
        );
    }
  });
});

describe("bundles covering registrations", () => {
  it("a bundle of the same cart, then the one bought, pays for registrations of its activities up to its capacity", async () => {
    const covered = await camp();
    const other = await camp();
    const [late] = await activityOption(t, {
      organiserId: demoId,
      activityId: covered.activity.id,
      prices: [{ amount: 300 }],
    });
    const pack = await bundle([covered.activity.id], {
      price: 24_000,
      capacity: 3,
      entity: "CUSTOMERS",
    });
    const me = await customer();

    // The bundle and two registrations in one cart (2 places: no volume discount). The bundle
    // pays for the place price; the option stays due.
    const first = await me.add({
      bundles: [{ bundle_id: pack.id, participant_id: null }],
      registrations: [
        registration(covered, me.participantId, { options: [{ price_id: late }] }),
        registration(covered, me.participantId),
      ],
    });
    expect(first.totals).toMatchObject({
      subtotal: 24_300,
      bundle_total: 20_000,
      volume_discounts_total: 0,
      total: 24_300,
      deposit: 300,
    });
    expect(first.items.map((item) => [item.type, item.price, item.deposit])).toEqual([
      ["BUNDLE", 24_000, 0],
      ["REGISTRATION", 300, 300],
      ["REGISTRATION", 0, 0],
    ]);
    expect(first.total).toBe(24_300);

    // Another activity is not covered (and 2 + 1 places reach the 10 % tier).
    const elsewhere = await me.estimate(other, 1);
    expect(elsewhere.details).toMatchObject({ bundle_total: 0, volume_discounts_total: 1_000 });
    expect(elsewhere.price).toBe(9_000);
    // One registration of room left for 2 more places; the tier then applies to what is left.
    const more = await me.estimate(covered, 2);
    expect(more.details).toMatchObject({
      base_price: 20_000,
      bundle_total: 10_000,
      volume_discounts_total: 1_000,
    });
    expect(more.price).toBe(9_000);

    await me.checkout(first.id);
    const [owned] = await customerBundlesOf(me.customerId);
    expect(owned).toMatchObject({ bundleId: pack.id, capacity: 3, used: 2 });
    expect(await registrationsOf(first.id)).toEqual([
      { totalAmount: 300, depositAmount: 300, bundleId: owned!.id },
      { totalAmount: 0, depositAmount: 0, bundleId: owned!.id },
    ]);

    // Next cart: the bundle bought has one registration left.
    const next = await me.estimate(covered, 2);
    expect(next.details.bundle_total).toBe(10_000);
    expect(next.price).toBe(10_000);
    const second = await me.add({
      registrations: [registration(covered, me.participantId, { quantity: 2 })],
    });
    expect(second.totals).toMatchObject({ subtotal: 10_000, bundle_total: 10_000 });
    await me.checkout(second.id);
    expect((await customerBundlesOf(me.customerId))[0]).toMatchObject({ used: 3 });
    expect(await registrationsOf(second.id)).toEqual([
      { totalAmount: 0, depositAmount: 0, bundleId: owned!.id },
      { totalAmount: 10_000, depositAmount: 3_000, bundleId: null },
    ]);

    // Used up: it pays for nothing more.
    expect((await me.estimate(covered, 1)).details.bundle_total).toBe(0);
  });

  it("a participant's bundle pays for that participant only, and an expired one for nothing", async () => {
    const course = await camp();
    const card = await bundle([course.activity.id], {
      price: 5_000,
      capacity: null,
      entity: "PARTICIPANTS",
    });
    const me = await customer();
    const [sibling] = await t.db
      .insert(participants)
      .values({
        organiserId: demoId,
        customerId: me.customerId,
        firstname: "Sœur",
        lastname: "Remise",
      })
      .returning();

    await me.add({ bundles: [{ bundle_id: card.id, participant_id: me.participantId }] });
    // Unlimited capacity: every place of its participant.
    expect((await me.estimate(course, 2)).details.bundle_total).toBe(20_000);
    expect((await me.estimate(course, 1, sibling!.id)).details.bundle_total).toBe(0);

    // A bundle whose validity ended pays for nothing.
    await t.db
      .update(bundles)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bundles.id, card.id));
    expect((await me.estimate(course, 1)).details.bundle_total).toBe(0);
    expect((await me.current()).totals.bundle_total).toBe(0);
  });
});
