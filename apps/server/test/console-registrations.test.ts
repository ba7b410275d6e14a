import {
  activityQuestions,
  auditLogs,
  availabilityDates,
  cartItems,
  carts,
  customers,
  messages,
  registrationChanges,
  registrationDates,
  registrations,
  waitingListEntries,
  walletTransactions,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import { localDay } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activityOption,
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, emailsTo, type TestApp } from "./harness.ts";

// The console's registrations, waiting lists and attendance (issue 6 item 5;
// docs/decisions/0024-console-registrations.md).

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

let sequence = 0;

async function customer(walletAmount = 0) {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Console${sequence}`,
      email: `console-${sequence}-${Date.now()}@example.org`,
      walletAmount,
    },
    participant: { firstname: "Enfant", lastname: `Console${sequence}` },
  });
  const [row] = await t.db
    .select({ cuid: customers.cuid, email: customers.email })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .execute<{ cuid: string }>(sql`select cuid from participants where id = ${made.participantId}`)
    .then((result) => result.rows);
  return { ...made, cuid: row!.cuid, email: row!.email, participantCuid: participant!.cuid };
}

type Customer = Awaited<ReturnType<typeof customer>>;

/** A camp of `places` places a date, `dates` dates, 120.00 with a 30.00 deposit. */
async function camp(places: number | null, dates = 2, settings?: Record<string, unknown>) {
  sequence += 1;
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: `Stage console ${sequence}`,
    capacity: places ?? 0,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    ...(settings ? { settings: settings as never } : {}),
    dates: Array.from({ length: dates }, () => ({ capacity: places })),
  });
}

type Camp = Awaited<ReturnType<typeof camp>>;

/** The demo organiser's day of an instant: its filters and day lists are in its time zone. */
const demoDay = (at: Date) => localDay(at, "Europe/Brussels");

function byHand(who: Customer, target: Camp, extra: Record<string, unknown> = {}) {
  return {
    customer: who.cuid,
    participant: who.participantCuid,
    availability: target.availability.cuid,
    availability_dates: target.dates.map((date) => ({ date_id: date.id })),
    ...extra,
  };
}

async function register(who: Customer, target: Camp, extra: Record<string, unknown> = {}) {
  const response = await owner.post("/api/admin/registrations", byHand(who, target, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registration as {
    cuid: string;
    reference: string;
    total_amount: number;
    paid_amount: number;
    outstanding: number;
  };
}

async function registeredCounts(target: Camp): Promise<number[]> {
  const rows = await t.db
    .select({ id: availabilityDates.id, registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(
      inArray(
        availabilityDates.id,
        target.dates.map((date) => date.id),
      ),
    );
  return target.dates.map((date) => rows.find((row) => row.id === date.id)!.registered);
}

/** A storefront add of one place on every date of `target` (the status code). */
async function storefrontAdd(who: Customer, target: Camp): Promise<number> {
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(
      target.availability.id,
      who.participantId,
      target.dates.map((date) => date.id),
    ),
  );
  return response.statusCode;
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(eq(auditLogs.entityId, entityId));
  return rows.map((row) => row.action);
}

describe("registering a customer by hand", () => {
  it("prices the place like the storefront, in a processed cart with a bank-transfer reference, and e-mails the confirmation", async () => {
    const who = await customer();
    const target = await camp(5);
    const estimate = await owner.post("/api/admin/registrations/estimate", byHand(who, target));
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json()).toMatchObject({
      price: 12_000,
      deposit: 3_000,
      storefront_price: 12_000,
    });

    const created = await register(who, target);
    expect(created).toMatchObject({ total_amount: 12_000, paid_amount: 0, outstanding: 12_000 });
    expect(created.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(await registeredCounts(target)).toEqual([1, 1]);

    const [row] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.cuid, created.cuid));
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, row!.cartId));
    expect(cart).toMatchObject({
      customerId: who.customerId,
      reference: created.reference,
      paymentStrategy: "DELAYED",
      totalAmount: 12_000,
    });
    expect(cart!.processedAt).not.toBeNull();
    // Its hold became the registration: nothing is held any more.
    const held = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from cart_item_dates h join cart_items i on i.id = h.cart_item_id where i.cart_id = ${cart!.id}`,
    );
    expect(held.rows[0]!.count).toBe(0);
    // The confirmation: the default notification rule's, once the events are handled.
    const [mail, ...more] = await emailsTo(t, who.email);
    expect(more).toHaveLength(0);
    expect(t.dispatchedEmails).toContain(mail!.id);
    expect(mail!.text).toContain(created.reference);
    expect(await auditActions(created.cuid)).toEqual(["registration.created"]);

    // The customer's storefront cart is untouched and still works.
    expect(await storefrontAdd(who, target)).toBe(201);
  });

  it("takes an overridden price (audited), still paid by the wallet when asked", async () => {
    const who = await customer(2_000);
    const target = await camp(5);
    const estimate = await owner.post(
      "/api/admin/registrations/estimate",
      byHand(who, target, { price_override: 8_000 }),
    );
    expect(estimate.json()).toMatchObject({
      price: 8_000,
      storefront_price: 12_000,
      wallet_amount: 2_000,
    });
    const created = await register(who, target, { price_override: 8_000, use_wallet: true });
    expect(created).toMatchObject({ total_amount: 8_000, paid_amount: 2_000, outstanding: 6_000 });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.cuid));
    expect(audit!.after).toMatchObject({ price_override: 8_000, storefront_price: 12_000 });
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, who.customerId));
    expect(wallet!.amount).toBe(0);
  });

  it("prices options and requires the activity's questions and the answers of its options", async () => {
    const who = await customer();
    const target = await camp(5);
    const [priceId] = await activityOption(t, {
      organiserId: demoId,
      activityId: target.activity.id,
      prices: [{ amount: 1_500 }],
    });
    const [question] = await t.db
      .insert(activityQuestions)
      .values({
        organiserId: demoId,
        activityId: target.activity.id,
        title: "Allergies ?",
        type: "TEXT",
        required: true,
      })
      .returning();
    const missing = await owner.post(
      "/api/admin/registrations",
      byHand(who, target, { options: [{ price_id: priceId }] }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty(`questions.${question!.id}`);
    const created = await register(who, target, {
      options: [{ price_id: priceId }],
      questions: [{ question_id: question!.id, content: "Aucune" }],
    });
    expect(created.total_amount).toBe(13_500);
    const detail = await owner.get(`/api/admin/registrations/${created.cuid}`);
    expect(detail.json().registration).toMatchObject({
      options: [{ price_id: priceId, title: "Option" }],
      questions: [{ question_id: question!.id, title: "Allergies ?", answer: "Aucune" }],
    });
  });

  it("never exceeds the capacity, counting the places held in carts", async () => {
    const target = await camp(1, 1);
    const holder = await customer();
    expect(await storefrontAdd(holder, target)).toBe(201);
    const who = await customer();
    const full = await owner.post("/api/admin/registrations", byHand(who, target));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe("AVAILABILITY_FULL");
    expect(await registeredCounts(target)).toEqual([0]);
  });

  it("answers 404 for a customer, participant or availability that is not the organiser's", async () => {
    const who = await customer();
    const other = await customer();
    const target = await camp(5);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customer: "nobody" }, "CUSTOMER_NOT_FOUND"],
      [{ participant: other.participantCuid }, "PARTICIPANT_NOT_FOUND"],
      [{ availability: "nowhere" }, "AVAILABILITY_NOT_FOUND"],
    ];
    for (const [change, error] of cases) {
      const response = await owner.post("/api/admin/registrations", byHand(who, target, change));
      expect(response.statusCode, error).toBe(404);
      expect(response.json().error).toBe(error);
    }
    const other_dates = await camp(5);
    const wrongDate = await owner.post(
      "/api/admin/registrations",
      byHand(who, target, { availability_dates: [{ date_id: other_dates.dates[0]!.id }] }),
    );
    expect(wrongDate.json().error).toBe("DATE_NOT_SELECTABLE");
  });

  it("finds customers with their participants, and availabilities by activity title", async () => {
    const who = await customer();
    const target = await camp(5);
    const customersFound = await owner.get(
      `/api/admin/registrations/customers?q=${encodeURIComponent(`Console${sequence - 1}`)}`,
    );
    expect(customersFound.statusCode).toBe(200);
    expect(customersFound.json().data).toContainEqual(
      expect.objectContaining({
        cuid: who.cuid,
        participants: [expect.objectContaining({ cuid: who.participantCuid })],
      }),
    );
    const found = await owner.get(
      `/api/admin/registrations/availabilities?q=${encodeURIComponent(target.activity.title)}`,
    );
    expect(found.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      target.availability.cuid,
    ]);
    const form = await owner.get(
      `/api/admin/availabilities/${target.availability.cuid}/registration-form`,
    );
    expect(form.json()).toMatchObject({
      partial_registrations: false,
      availability: { free_places: 5, dates: [{ capacity: 5, registered: 0, held: 0 }, {}] },
    });
  });
});

describe("lists and detail", () => {
  it("filters by availability, activity, payment state, cancellation, search and period", async () => {
    const target = await camp(5);
    const paid = await customer(20_000);
    const owing = await customer();
    const first = await register(paid, target, { use_wallet: true });
    const second = await register(owing, target);
    const list = async (query: string) => {
      const response = await owner.get(`/api/admin/registrations?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Array<{ cuid: string }>; count: number };
    };
    const cuids = async (query: string) => (await list(query)).data.map((row) => row.cuid);
    const scope = `availability=${target.availability.cuid}`;
    expect((await list(scope)).count).toBe(2);
    expect(await cuids(`activity=${target.activity.cuid}&sort=created_at`)).toEqual([
      first.cuid,
      second.cuid,
    ]);
    expect(await cuids(`${scope}&payment=settled`)).toEqual([first.cuid]);
    expect(await cuids(`${scope}&payment=outstanding`)).toEqual([second.cuid]);
    expect(await cuids(`${scope}&q=${encodeURIComponent(`Console${sequence}`)}`)).toEqual([
      second.cuid,
    ]);
    const day = demoDay(target.dates[0]!.startAt);
    expect((await list(`${scope}&from=${day}&to=${day}`)).count).toBe(2);
    expect((await list(`${scope}&to=2000-01-01`)).count).toBe(0);
    expect((await list(`${scope}&cancelled=true`)).count).toBe(0);

    const scoped = await owner.get(
      `/api/admin/availabilities/${target.availability.cuid}/registrations`,
    );
    expect(scoped.json()).toMatchObject({
      count: 2,
      availability: { cuid: target.availability.cuid, free_places: 3 },
    });
    const bad = await owner.get("/api/admin/registrations?from=2026-02-10&to=2026-02-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ to: "TOO_SMALL" });
    expect((await owner.get("/api/admin/registrations/unknown")).statusCode).toBe(404);
  });

  it("lets a read-only collaborator list but not register", async () => {
    const reader = await collaboratorWith(t, ["registrations.registrations.read"]);
    expect((await reader.client.get("/api/admin/registrations")).statusCode).toBe(200);
    const who = await customer();
    const target = await camp(5);
    const refused = await reader.client.post("/api/admin/registrations", byHand(who, target));
    expect(refused.statusCode).toBe(403);
  });
});

describe("cancelling", () => {
  it("releases the places at once, so the last place can be taken again", async () => {
    const target = await camp(1);
    const who = await customer();
    const created = await register(who, target);
    expect(await registeredCounts(target)).toEqual([1, 1]);
    const late = await customer();
    expect(await storefrontAdd(late, target)).toBe(409);

    const cancelled = await owner.post(`/api/admin/registrations/${created.cuid}/cancel`, {
      message: "Malade",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      registration: {
        cancelled: true,
        outstanding: 0,
        cancellation: { type: "organiser", message: "Malade" },
      },
      offer: null,
    });
    expect(await registeredCounts(target)).toEqual([0, 0]);
    expect(await storefrontAdd(late, target)).toBe(201);

    const again = await owner.post(`/api/admin/registrations/${created.cuid}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("REGISTRATION_CANCELLED");
    expect(await auditActions(created.cuid)).toContain("registration.cancelled");
  });

  it("refunds to the wallet up to what was paid, with the refund permission", async () => {
    const target = await camp(5);
    const who = await customer(5_000);
    const created = await register(who, target, { use_wallet: true });
    expect(created.paid_amount).toBe(5_000);
    const above = await owner.post(`/api/admin/registrations/${created.cuid}/cancel`, {
      refund: "wallet",
      refund_amount: 5_001,
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().error).toBe("REFUND_ABOVE_PAID");

    const canceller = await collaboratorWith(t, ["registrations.registrations.cancel"]);
    const forbidden = await canceller.client.post(
      `/api/admin/registrations/${created.cuid}/cancel`,
      {
        refund: "wallet",
      },
    );
    expect(forbidden.statusCode).toBe(403);

    const refunded = await owner.post(`/api/admin/registrations/${created.cuid}/cancel`, {
      refund: "wallet",
      refund_amount: 4_000,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().registration).toMatchObject({ refunded: 4_000, wallet_amount: 4_000 });
    const movements = await t.db
      .select({ amount: walletTransactions.amount, reason: walletTransactions.reason })
      .from(walletTransactions)
      .where(eq(walletTransactions.customerId, who.customerId));
    expect(movements).toContainEqual({ amount: 4_000, reason: "REFUND" });
  });

  it("offers the freed place to the first one waiting when asked", async () => {
    const target = await camp(1, 1);
    const who = await customer();
    const created = await register(who, target);
    const waiting = await customer();
    const joined = await waiting.client.post("/api/registrations/waiting-list", {
      availability_id: target.availability.id,
      participant_id: waiting.participantId,
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const cancelled = await owner.post(`/api/admin/registrations/${created.cuid}/cancel`, {
      offer_waiting_list: true,
      claim_hours: 24,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().offer).toMatchObject({ participant: `Enfant Console${sequence}` });
    // The place is held for them: nobody else can take it.
    expect(await storefrontAdd(await customer(), target)).toBe(409);
  });
});

describe("the waiting list", () => {
  async function fullCampWithList(count: number) {
    const target = await camp(1, 1);
    await register(await customer(), target);
    const people: Customer[] = [];
    for (let index = 0; index < count; index += 1) {
      const who = await customer();
      const joined = await who.client.post("/api/registrations/waiting-list", {
        availability_id: target.availability.id,
        participant_id: who.participantId,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      people.push(who);
    }
    const url = `/api/admin/availabilities/${target.availability.cuid}/waiting-list`;
    const list = async () => {
      const response = await owner.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        availability: { free_places: number };
        data: Array<{ cuid: string; position: number; state: string }>;
      };
    };
    return { target, people, url, list };
  }

  async function freePlace(target: Camp) {
    const [row] = await t.db
      .select({ cuid: registrations.cuid })
      .from(registrations)
      .where(
        and(
          eq(registrations.availabilityId, target.availability.id),
          eq(registrations.cancelled, false),
        ),
      );
    const response = await owner.post(`/api/admin/registrations/${row!.cuid}/cancel`, {});
    expect(response.statusCode).toBe(200);
  }

  it("offers the place for a claim window that holds it, and the customer confirms it at checkout", async () => {
    const { target, people, url, list } = await fullCampWithList(2);
    expect((await list()).data.map((entry) => [entry.position, entry.state])).toEqual([
      [1, "waiting"],
      [2, "waiting"],
    ]);
    const [first] = (await list()).data;
    const noPlace = await owner.post(`${url}/${first!.cuid}/offer`, {});
    expect(noPlace.statusCode).toBe(409);
    expect(noPlace.json().error).toBe("AVAILABILITY_FULL");

    await freePlace(target);
    const emailsBefore = t.dispatchedEmails.length;
    const offered = await owner.post(`${url}/${first!.cuid}/offer`, { claim_hours: 48 });
    expect(offered.statusCode, offered.body).toBe(200);
    const entry = offered.json().entry;
    expect(entry.state).toBe("offered");
    const window = Date.parse(entry.offer_expires_at) - Date.parse(entry.offered_at);
    expect(window).toBe(48 * 3600_000);
    expect(t.dispatchedEmails.length).toBe(emailsBefore + 1);
    const [mail] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.id, t.dispatchedEmails.at(-1)!));
    expect(mail!.text).toContain("/checkout");
    expect((await list()).availability.free_places).toBe(0);
    expect(await storefrontAdd(people[1]!, target)).toBe(409);

    const pending = await owner.post(`${url}/${first!.cuid}/offer`, {});
    expect(pending.json().error).toBe("WAITING_LIST_OFFER_PENDING");

    // The customer checks out: the held place becomes their registration.
    const cart = await people[0]!.client.get("/api/carts/current");
    const checkout = await people[0]!.client.post("/api/carts/checkout", {
      cart_id: cart.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await list()).data[0]!.state).toBe("registered");
    const again = await owner.post(`${url}/${first!.cuid}/offer`, {});
    expect(again.json().error).toBe("WAITING_LIST_ALREADY_REGISTERED");
    expect(await auditActions(first!.cuid)).toEqual(["waiting_list_entry.offered"]);
  });

  it("frees the place when the claim window expires, and it can be offered to the next one", async () => {
    const { target, people, url, list } = await fullCampWithList(2);
    await freePlace(target);
    const [first, second] = (await list()).data;
    expect((await owner.post(`${url}/${first!.cuid}/offer`, { claim_hours: 1 })).statusCode).toBe(
      200,
    );
    expect(await storefrontAdd(people[1]!, target)).toBe(409);

    // The claim window passes.
    const past = new Date(Date.now() - 60_000);
    await t.db
      .update(waitingListEntries)
      .set({ offerExpiresAt: past })
      .where(eq(waitingListEntries.cuid, first!.cuid));
    await t.db
      .update(cartItems)
      .set({ expiresAt: past })
      .where(sql`${cartItems.payload} ->> 'waiting_list_entry' = ${first!.cuid}`);

    const after = await list();
    expect(after.data.map((entry) => entry.state)).toEqual(["expired", "waiting"]);
    expect(after.availability.free_places).toBe(1);
    const offeredNext = await owner.post(`${url}/${second!.cuid}/offer`, {});
    expect(offeredNext.statusCode, offeredNext.body).toBe(200);
    expect((await list()).data.map((entry) => entry.state)).toEqual(["expired", "offered"]);
    // The first one's expired hold cannot be checked out any more.
    const cart = await people[0]!.client.get("/api/carts/current");
    expect(cart.json().cart.items).toEqual([]);
  });

  it("takes an entry off the list, releasing the place its offer held", async () => {
    const { target, url, list } = await fullCampWithList(1);
    await freePlace(target);
    const [first] = (await list()).data;
    await owner.post(`${url}/${first!.cuid}/offer`, {});
    expect((await list()).availability.free_places).toBe(0);
    const removed = await owner.delete(`${url}/${first!.cuid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).data).toEqual([]);
    expect((await list()).availability.free_places).toBe(1);
    expect((await owner.delete(`${url}/${first!.cuid}`)).json().error).toBe(
      "WAITING_LIST_ENTRY_NOT_FOUND",
    );
  });
});

describe("transferring", () => {
  it("moves the places to another availability, keeping or renewing the price", async () => {
    const from = await camp(5);
    const to = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Autre semaine",
      capacity: 5,
      price: 15_000,
      deposit: 0,
      dateHours: 3,
      startsInDays: 60,
      dates: [{ capacity: 5 }, { capacity: 5 }, { capacity: 5 }],
    });
    const who = await customer();
    const created = await register(who, from);
    const url = `/api/admin/registrations/${created.cuid}/transfer`;
    const estimate = await owner.post(`${url}/estimate`, { availability: to.availability.cuid });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json()).toMatchObject({
      date_ids: to.dates.map((date) => date.id),
      keeps_options: false,
      current_total: 12_000,
      new_total: 15_000,
      difference: 3_000,
    });
    const moved = await owner.post(url, {
      availability: to.availability.cuid,
      availability_dates: to.dates.map((date) => ({ date_id: date.id })),
      price: "new",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().registration).toMatchObject({
      availability: { cuid: to.availability.cuid },
      total_amount: 15_000,
      dates_count: 3,
      changes: [{ by_customer: false, total_before: 12_000, total_after: 15_000 }],
    });
    expect(await registeredCounts(from)).toEqual([0, 0]);
    expect(await registeredCounts(to)).toEqual([1, 1, 1]);
    const [change] = await t.db
      .select()
      .from(registrationChanges)
      .innerJoin(registrations, eq(registrations.id, registrationChanges.registrationId))
      .where(eq(registrations.cuid, created.cuid));
    expect(change!.registration_changes.removedDateIds.sort()).toEqual(
      from.dates.map((date) => date.id).sort(),
    );
    expect(await auditActions(created.cuid)).toContain("registration.transferred");

    const same = await owner.post(url, {
      availability: to.availability.cuid,
      availability_dates: [{ date_id: to.dates[0]!.id }],
    });
    expect(same.json().error).toBe("TRANSFER_SAME_AVAILABILITY");
  });

  it("refuses a full target and keeps the price by default", async () => {
    const from = await camp(5);
    const full = await camp(1, 1);
    await register(await customer(), full);
    const created = await register(await customer(), from);
    const refused = await owner.post(`/api/admin/registrations/${created.cuid}/transfer`, {
      availability: full.availability.cuid,
      availability_dates: [{ date_id: full.dates[0]!.id }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("AVAILABILITY_FULL");
    const open = await camp(5, 1);
    const kept = await owner.post(`/api/admin/registrations/${created.cuid}/transfer`, {
      availability: open.availability.cuid,
      availability_dates: [{ date_id: open.dates[0]!.id }],
    });
    expect(kept.json().registration.total_amount).toBe(12_000);
  });
});

describe("attendance", () => {
  it("lists a day's sessions and marks participants present, absent or excused", async () => {
    const target = await camp(5, 1);
    const a = await register(await customer(), target);
    const b = await register(await customer(), target);
    const day = demoDay(target.dates[0]!.startAt);
    const sessions = await owner.get(`/api/admin/attendance?day=${day}`);
    expect(sessions.statusCode, sessions.body).toBe(200);
    expect(sessions.json().sessions).toContainEqual(
      expect.objectContaining({
        date: expect.objectContaining({ cuid: target.dates[0]!.cuid }),
        counts: { registered: 2, present: 0, absent: 0, excused: 0 },
      }),
    );
    const url = `/api/admin/availabilities/${target.availability.cuid}/dates/${target.dates[0]!.cuid}/attendance`;
    const sheet = await owner.get(url);
    expect(
      sheet
        .json()
        .entries.map((entry: { registration: string }) => entry.registration)
        .sort(),
    ).toEqual([a.cuid, b.cuid].sort());
    const marked = await owner.put(url, {
      entries: [
        { registration: a.cuid, attendance: "PRESENT" },
        { registration: b.cuid, attendance: "EXCUSED" },
      ],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().counts).toEqual({ registered: 2, present: 1, absent: 0, excused: 1 });
    const [stored] = await t.db
      .select({
        attendance: registrationDates.attendance,
        at: registrationDates.attendanceRecordedAt,
      })
      .from(registrationDates)
      .innerJoin(registrations, eq(registrations.id, registrationDates.registrationId))
      .where(eq(registrations.cuid, a.cuid));
    expect(stored!.attendance).toBe("PRESENT");
    expect(stored!.at).not.toBeNull();
    const cleared = await owner.put(url, { entries: [{ registration: a.cuid, attendance: null }] });
    expect(cleared.json().counts.present).toBe(0);
    expect(await auditActions(target.dates[0]!.cuid)).toEqual([
      "attendance.recorded",
      "attendance.recorded",
    ]);

    const stranger = await register(await customer(), await camp(5, 1));
    const unknown = await owner.put(url, {
      entries: [{ registration: stranger.cuid, attendance: "ABSENT" }],
    });
    expect(unknown.json().error).toBe("REGISTRATION_NOT_FOUND");
    const other = await camp(5, 1);
    const wrongDate = await owner.get(
      `/api/admin/availabilities/${target.availability.cuid}/dates/${other.dates[0]!.cuid}/attendance`,
    );
    expect(wrongDate.statusCode).toBe(404);
    expect(wrongDate.json().error).toBe("AVAILABILITY_DATE_NOT_FOUND");
    const invalid = await owner.put(url, {
      entries: [{ registration: a.cuid, attendance: "LATE" }],
    });
    expect(invalid.statusCode).toBe(400);
  });
});
