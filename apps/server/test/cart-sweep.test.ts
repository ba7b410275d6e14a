import { cartItemDates, cartItems, carts, registrations } from "@booking/db";
import { and, eq, inArray, isNull } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_SWEEP_CRON, CART_SWEEP_QUEUE, startCartSweep } from "../src/jobs/cart-sweep.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { sweepExpiredCartItems } from "../src/modules/carts/sweep.ts";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, organiserIdOf, registrationBody } from "./cart-fixtures.ts";
import { createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// The periodic sweep of abandoned carts (docs/decisions/0008-cart-holds.md): expired items of
// open carts go with their held dates; live items, processed carts and carts in use stay.

let t: TestApp;
let demoId: number;
let demoEnId: number;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
});
afterAll(() => t.close());

const newCustomer = numberedCustomers({
  firstname: "Client",
  lastname: "Sweep",
  email: "sweep",
  participant: "Enfant",
});
const customer = (organiserId = demoId, host = DEMO_HOST) => newCustomer(t, organiserId, host);

function camp(organiserId = demoId) {
  return availabilityWithDates(t, {
    organiserId,
    title: "Stage balayé",
    capacity: 50,
    price: 5_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity: 50 }, { capacity: 50 }],
  });
}

type Customer = Awaited<ReturnType<typeof customer>>;

/** Adds `quantity` places on both dates; returns the cart id and the new items' ids. */
async function add(
  who: Customer,
  camp: Awaited<ReturnType<typeof availabilityWithDates>>,
  quantity = 1,
) {
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(
      camp.availability.id,
      who.participantId,
      camp.dates.map((date) => date.id),
      { quantity },
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  const cart = response.json().cart as { id: number; items: Array<{ id: number }> };
  return { cartId: cart.id, itemIds: cart.items.map((item) => item.id) };
}

/** Moves items' expiry `minutes` into the past. */
async function expire(itemIds: number[], minutes = 5) {
  await t.db
    .update(cartItems)
    .set({ expiresAt: new Date(Date.now() - minutes * 60_000) })
    .where(inArray(cartItems.id, itemIds));
}

async function itemsOf(cartId: number) {
  const rows = await t.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function heldDates(itemIds: number[]) {
  if (itemIds.length === 0) return 0;
  const rows = await t.db
    .select({ id: cartItemDates.cartItemId })
    .from(cartItemDates)
    .where(inArray(cartItemDates.cartItemId, itemIds));
  return rows.length;
}

describe("sweepExpiredCartItems", () => {
  it("deletes the expired items of open carts with their dates, once; live items, processed carts and other carts stay", async () => {
    const course = await camp();
    const abandoned = await customer();
    const gone = await add(abandoned, course, 2);
    await expire(gone.itemIds);
    expect(await heldDates(gone.itemIds)).toBe(4);

    // One expired and one live item in the same cart: only the expired one goes.
    const mixed = await customer();
    const old = await add(mixed, course);
    const fresh = await add(mixed, course);
    expect(fresh.cartId).toBe(old.cartId);
    const live = fresh.itemIds.filter((id) => !old.itemIds.includes(id));
    await expire(old.itemIds);

    // A processed cart whose items expired after checkout keeps them: registrations point at
    // them.
    const buyer = await customer();
    const bought = await add(buyer, course);
    await checkoutByTransfer(buyer.client, bought.cartId);
    await expire(bought.itemIds);

    // Another organiser's abandoned cart is swept in its own tenant.
    const english = await customer(demoEnId, DEMO_EN_HOST);
    const englishItems = await add(english, await camp(demoEnId));
    await expire(englishItems.itemIds);

    const now = new Date();
    expect(await sweepExpiredCartItems(t.db, now)).toBe(2 + 1 + 1);
    expect(await itemsOf(gone.cartId)).toEqual([]);
    expect(await heldDates(gone.itemIds)).toBe(0);
    expect(await itemsOf(old.cartId)).toEqual(live);
    expect(await heldDates(live)).toBe(2);
    expect(await itemsOf(englishItems.cartId)).toEqual([]);
    expect(await itemsOf(bought.cartId)).toEqual(bought.itemIds);
    const [registration] = await t.db
      .select({ cartItemId: registrations.cartItemId })
      .from(registrations)
      .where(eq(registrations.cartId, bought.cartId));
    expect(registration!.cartItemId).toBe(bought.itemIds[0]);
    // The carts themselves stay (one open cart per customer at most).
    const open = await t.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, gone.cartId), isNull(carts.processedAt)));
    expect(open).toHaveLength(1);

    // Idempotent: nothing left to delete.
    expect(await sweepExpiredCartItems(t.db, now)).toBe(0);
    // The customer's cart still works after the sweep.
    const again = await add(abandoned, course);
    expect(again.cartId).toBe(gone.cartId);
  });

  it("goes through every cart in batches", async () => {
    const course = await camp();
    const carts = [];
    for (let index = 0; index < 5; index += 1) {
      const who = await customer();
      const added = await add(who, course);
      await expire(added.itemIds);
      carts.push(added.cartId);
    }
    expect(await sweepExpiredCartItems(t.db, new Date(), 2)).toBe(5);
    for (const cartId of carts) expect(await itemsOf(cartId)).toEqual([]);
  });

  it("leaves alone a cart locked by a transaction in progress, and takes it on the next run", async () => {
    const course = await camp();
    const busy = await customer();
    const added = await add(busy, course);
    await expire(added.itemIds);
    // Another connection holds the cart's row lock, as an add or a checkout does.
    const client = await t.db.$client.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT id FROM carts WHERE id = $1 FOR UPDATE", [added.cartId]);
      expect(await sweepExpiredCartItems(t.db, new Date())).toBe(0);
      expect(await itemsOf(added.cartId)).toEqual(added.itemIds);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
    expect(await sweepExpiredCartItems(t.db, new Date())).toBe(1);
    expect(await itemsOf(added.cartId)).toEqual([]);
  });

  it("is scheduled with pg-boss, whose worker runs it", async () => {
    const course = await camp();
    const who = await customer();
    const added = await add(who, course);
    await expire(added.itemIds);
    const url = (t.db.$client as unknown as { options: { connectionString: string } }).options
      .connectionString;
    let queue: JobQueue | undefined;
    try {
      queue = await startJobQueue(url, pino({ level: "silent" }));
      await startCartSweep(queue, t.db, pino({ level: "silent" }));
      const schedules = await queue.boss.getSchedules(CART_SWEEP_QUEUE);
      expect(schedules.map((schedule) => schedule.cron)).toEqual([CART_SWEEP_CRON]);
      // The schedule fires every 15 minutes; a job sent now is worked the same way.
      await queue.boss.send(CART_SWEEP_QUEUE, {});
      await expect
        .poll(() => itemsOf(added.cartId), { timeout: 15_000, interval: 200 })
        .toEqual([]);
    } finally {
      await queue?.stop();
    }
  });
});
