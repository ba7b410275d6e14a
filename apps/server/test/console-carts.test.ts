import { availabilityDates, cartItems, carts, customers, events, registrations } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import { collaboratorWith, demoConsole, lastAuditOf } from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// Customers' carts in the console (issue 17 §4, decision 0092): open and abandoned carts with
// their holds, a hold extended or released (places free at once), a processed cart cancelled;
// each change raced against the customer's checkout, and the cancel against itself.

let t: TestApp;
let owner: Client;
let organiserId: number;

const newCustomer = numberedCustomers({
  firstname: "Paul",
  lastname: "Panier",
  email: "console-carts",
  participant: "Enfant",
});
type Customer = Awaited<ReturnType<typeof newCustomer>>;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

let activityCount = 0;
/** A one-date availability with `capacity` places at 25.00. */
async function oneDate(capacity: number) {
  activityCount += 1;
  return availabilityWithDates(t, {
    organiserId,
    title: `Stage panier console ${activityCount}`,
    capacity,
    price: 2_500,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity }],
  });
}

type Availability = Awaited<ReturnType<typeof oneDate>>;

/** The customer adds one place of the availability's date; the add's status. */
async function add(customer: Customer, availability: Availability) {
  const response = await customer.client.post(
    "/api/carts/items",
    registrationBody(availability.availability.id, customer.participantId, [
      availability.dates[0]!.id,
    ]),
  );
  return response;
}

async function customerCuid(customer: Customer) {
  const [row] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, customer.customerId));
  return row!.cuid;
}

/** The customer's carts (open first) with their items' cuids. */
async function cartOf(customer: Customer) {
  const [cart] = await t.db
    .select()
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.customerId, customer.customerId)))
    .orderBy(sql`${carts.id} desc`)
    .limit(1);
  const items = await t.db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.organiserId, organiserId), eq(cartItems.cartId, cart!.id)));
  return { cart: cart!, items };
}

async function registeredOn(availability: Availability) {
  const [row] = await t.db
    .select({ registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(eq(availabilityDates.id, availability.dates[0]!.id));
  return row!.registered;
}

type Detail = {
  cuid: string;
  state: string;
  live_holds: number;
  items: number;
  expires_at: string | null;
  total: number;
  holds: Array<{
    cuid: string;
    title: string;
    participant: string | null;
    live: boolean;
    expires_at: string;
    dates: Array<{ start_at: string }>;
  }>;
  registrations: Array<{ cuid: string; cancelled: boolean; paid_amount: number }>;
};

describe("carts in the console", () => {
  it("lists an open cart with its hold, on the carts list and the customer's page", async () => {
    const availability = await oneDate(5);
    const customer = await newCustomer(t, organiserId, DEMO_HOST);
    expect((await add(customer, availability)).statusCode).toBe(201);
    const { cart } = await cartOf(customer);

    const list = await owner.get(
      `/api/admin/carts?state=open&q=${encodeURIComponent(customer.fullname)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { data: Detail[]; count: number };
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      cuid: cart.cuid,
      state: "open",
      items: 1,
      live_holds: 1,
      total: 2_500,
      customer: { fullname: customer.fullname },
    });
    const abandoned = await owner.get(
      `/api/admin/carts?state=abandoned&q=${encodeURIComponent(customer.fullname)}`,
    );
    expect(abandoned.json().count).toBe(0);

    const own = await owner.get(`/api/admin/customers/${await customerCuid(customer)}/carts`);
    expect(own.statusCode, own.body).toBe(200);
    const [detail] = (own.json() as { data: Detail[] }).data;
    expect(detail!.holds).toHaveLength(1);
    expect(detail!.holds[0]).toMatchObject({
      title: availability.activity.title,
      participant: `Enfant ${customer.fullname.split(" ")[1]}`,
      live: true,
    });
    expect(detail!.holds[0]!.dates[0]!.start_at).toBe(availability.dates[0]!.startAt.toISOString());
  });

  it("extends a live hold, audited; refuses an expired one, bad minutes and unknown items", async () => {
    const availability = await oneDate(5);
    const customer = await newCustomer(t, organiserId, DEMO_HOST);
    await add(customer, availability);
    const { items } = await cartOf(customer);
    const item = items[0]!;

    const extended = await owner.post(`/api/admin/cart-items/${item.cuid}/extend`, {
      minutes: 60,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const hold = (extended.json() as Detail).holds[0]!;
    expect(Date.parse(hold.expires_at) - item.expiresAt.getTime()).toBe(60 * 60_000);
    expect((await lastAuditOf(t.db, item.cuid))?.action).toBe("cart_item.hold_extended");

    for (const minutes of [0, -5, 1.5, 7 * 24 * 60 + 1, "60", null]) {
      const bad = await owner.post(`/api/admin/cart-items/${item.cuid}/extend`, { minutes });
      expect(bad.statusCode, String(minutes)).toBe(400);
    }
    const unknown = await owner.post("/api/admin/cart-items/nosuchitem/extend", { minutes: 5 });
    expect(unknown.statusCode).toBe(404);

    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(cartItems.id, item.id));
    const list = await owner.get(
      `/api/admin/carts?state=abandoned&q=${encodeURIComponent(customer.fullname)}`,
    );
    expect(list.json()).toMatchObject({ count: 1, data: [{ state: "abandoned", live_holds: 0 }] });
    const expired = await owner.post(`/api/admin/cart-items/${item.cuid}/extend`, { minutes: 5 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toBe("HOLD_EXPIRED");
  });

  it("releases a hold: its place is free at once for another customer", async () => {
    const availability = await oneDate(1);
    const first = await newCustomer(t, organiserId, DEMO_HOST);
    const second = await newCustomer(t, organiserId, DEMO_HOST);
    expect((await add(first, availability)).statusCode).toBe(201);
    expect((await add(second, availability)).statusCode).toBe(409);

    const { cart, items } = await cartOf(first);
    const released = await owner.post(`/api/admin/cart-items/${items[0]!.cuid}/release`, {});
    expect(released.statusCode, released.body).toBe(200);
    expect((released.json() as Detail).holds).toHaveLength(0);
    expect((await lastAuditOf(t.db, items[0]!.cuid))?.action).toBe("cart_item.hold_released");
    expect((await cartOf(first)).items).toHaveLength(0);
    expect((await add(second, availability)).statusCode).toBe(201);

    const again = await owner.post(`/api/admin/cart-items/${items[0]!.cuid}/release`, {});
    expect(again.statusCode).toBe(404);
    const cancelOpen = await owner.post(`/api/admin/carts/${cart.cuid}/cancel`, { refund: "none" });
    expect(cancelOpen.statusCode).toBe(409);
    expect(cancelOpen.json().error).toBe("CART_NOT_PROCESSED");
  });

  it("never both releases a hold and checks it out, however they interleave", async () => {
    const availability = await oneDate(20);
    for (let round = 0; round < 6; round += 1) {
      const customer = await newCustomer(t, organiserId, DEMO_HOST);
      await add(customer, availability);
      const { cart, items } = await cartOf(customer);
      const [checkout, release] = await Promise.all([
        customer.client.post("/api/carts/checkout", {
          cart_id: cart.id,
          payment_strategy: "DELAYED",
          terms: true,
        }),
        owner.post(`/api/admin/cart-items/${items[0]!.cuid}/release`, {}),
      ]);
      const checkedOut = checkout.statusCode === 200;
      const released = release.statusCode === 200;
      expect(checkedOut !== released, `${checkout.body} ${release.body}`).toBe(true);
      if (checkedOut) expect(release.json().error).toMatch(/CART_PROCESSED|CART_ITEM_NOT_FOUND/);
      else expect(checkout.json().error).toBe("CART_EMPTY");
    }
    const live = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(registrations)
      .where(
        and(
          eq(registrations.availabilityId, availability.availability.id),
          eq(registrations.cancelled, false),
        ),
      );
    expect(await registeredOn(availability)).toBe(live[0]!.count);
  });

  it("extends a hold or sees it checked out, never extends a converted one", async () => {
    const availability = await oneDate(20);
    for (let round = 0; round < 4; round += 1) {
      const customer = await newCustomer(t, organiserId, DEMO_HOST);
      await add(customer, availability);
      const { cart, items } = await cartOf(customer);
      const [checkout, extend] = await Promise.all([
        customer.client.post("/api/carts/checkout", {
          cart_id: cart.id,
          payment_strategy: "DELAYED",
          terms: true,
        }),
        owner.post(`/api/admin/cart-items/${items[0]!.cuid}/extend`, { minutes: 30 }),
      ]);
      expect(checkout.statusCode, checkout.body).toBe(200);
      if (extend.statusCode !== 200) expect(extend.json().error).toBe("CART_PROCESSED");
      const released = await owner.post(`/api/admin/cart-items/${items[0]!.cuid}/release`, {});
      expect(released.statusCode).toBe(409);
    }
  });

  it("cancels a processed cart once: registrations cancelled, places freed, events, wallet refund", async () => {
    const availability = await oneDate(3);
    const customer = await newCustomer(t, organiserId, DEMO_HOST, 10_000);
    await add(customer, availability);
    const { cart } = await cartOf(customer);
    await checkoutByTransfer(customer.client, cart.id);
    expect(await registeredOn(availability)).toBe(1);

    const detail = (await owner.get(`/api/admin/carts/${cart.cuid}`)).json() as Detail;
    expect(detail.state).toBe("processed");
    expect(detail.registrations).toMatchObject([{ cancelled: false, paid_amount: 2_500 }]);
    const registrationCuid = detail.registrations[0]!.cuid;

    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        owner.post(`/api/admin/carts/${cart.cuid}/cancel`, {
          refund: "wallet",
          message: "Stage annulé",
        }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const refused = attempts.find((response) => response.statusCode === 409)!;
    expect(refused.json().error).toBe("CART_ALREADY_CANCELLED");
    const done = attempts.find((response) => response.statusCode === 200)!.json() as Detail;
    expect(done.registrations).toMatchObject([{ cancelled: true }]);

    expect(await registeredOn(availability)).toBe(0);
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, customer.customerId));
    expect(wallet!.amount).toBe(10_000);
    const emitted = await t.db
      .select({ type: events.type })
      .from(events)
      .where(
        and(
          eq(events.organiserId, organiserId),
          sql`${events.payload}->>'registration_cuid' = ${registrationCuid}`,
        ),
      );
    expect(emitted.map((event) => event.type)).toContain("registration.cancellation.created");
    expect((await lastAuditOf(t.db, cart.cuid))?.action).toBe("cart.cancelled");
  });

  it("cancels without refund; a wallet refund takes the refund permission", async () => {
    const availability = await oneDate(3);
    const customer = await newCustomer(t, organiserId, DEMO_HOST, 10_000);
    await add(customer, availability);
    const { cart, items } = await cartOf(customer);
    await checkoutByTransfer(customer.client, cart.id);

    const released = await owner.post(`/api/admin/cart-items/${items[0]!.cuid}/release`, {});
    expect(released.json().error).toBe("CART_PROCESSED");
    const staff = await collaboratorWith(t, ["carts.carts.read", "carts.carts.update"]);
    const forbidden = await staff.client.post(`/api/admin/carts/${cart.cuid}/cancel`, {
      refund: "wallet",
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await registeredOn(availability)).toBe(1);
    const bad = await staff.client.post(`/api/admin/carts/${cart.cuid}/cancel`, {
      refund: "cash",
    });
    expect(bad.statusCode).toBe(400);

    const cancelled = await staff.client.post(`/api/admin/carts/${cart.cuid}/cancel`, {
      refund: "none",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await registeredOn(availability)).toBe(0);
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, customer.customerId));
    expect(wallet!.amount).toBe(7_500);
  });
});
