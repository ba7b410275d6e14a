import {
  activityQuestions,
  availabilities,
  availabilityCategories,
  availabilityDates,
  categories,
  categoryGroups,
  customerBundles,
  locations,
  registrationCancellations,
  registrationChanges,
  registrationDates,
  registrationReviews,
  registrations,
} from "@booking/db";
import { and, asc, eq, inArray, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import {
  activityOption,
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
} from "./cart-fixtures.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// The account registrations: GET /api/registrations, GET /api/registrations/{cuid}, PUT
// /api/registrations, POST /api/registrations/cancel, POST and PUT /api/registrations/review
// (platform-and-account.md §7; docs/decisions/0015-account-registrations.md).

const DAY = 24 * 3600 * 1000;

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
  firstname: "Parent",
  lastname: "Inscriptions",
  email: "registrations",
  participant: "Lou",
});

/** A customer of `organiserId` with a participant and an open session. */
const customer = (organiserId = demoId, host = DEMO_HOST) => newCustomer(t, organiserId, host);
type Customer = Awaited<ReturnType<typeof customer>>;

/** An availability of `dates` (capacity each, null unlimited) starting in `startsInDays` days. */
function availabilityWith(
  dates: Array<{ capacity: number | null; registered?: number; status?: "OPEN" | "CLOSED" }>,
  options: { price?: number; deposit?: number; partial?: boolean; startsInDays?: number } = {},
) {
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage multisport",
    capacity: 10,
    price: options.price ?? 10_000,
    deposit: options.deposit ?? 2_500,
    dateHours: 6,
    startsInDays: options.startsInDays ?? 30,
    settings: {
      allow_registrations_after_start: false,
      partial_registrations: options.partial ?? false,
      waiting_list: true,
    },
    dates,
  });
}

/** Adds one registration on `dateIds` to the cart and checks out (bank transfer). */
async function buy(who: Customer, availabilityId: number, dateIds: number[], extra = {}) {
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(availabilityId, who.participantId, dateIds, extra),
  );
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(who.client, added.json().cart.id);
  const [row] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.customerId, who.customerId))
    .orderBy(sql`${registrations.id} desc`)
    .limit(1);
  return row!;
}

async function registered(dateIds: number[]) {
  const rows = await t.db
    .select({ id: availabilityDates.id, registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(inArray(availabilityDates.id, dateIds));
  return dateIds.map((id) => rows.find((row) => row.id === id)!.registered);
}

async function registrationRow(id: number) {
  const [row] = await t.db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

async function datesOf(registrationId: number) {
  const rows = await t.db
    .select({ id: registrationDates.availabilityDateId })
    .from(registrationDates)
    .where(eq(registrationDates.registrationId, registrationId))
    .orderBy(asc(registrationDates.availabilityDateId));
  return rows.map((row) => row.id);
}

/** Moves the dates (and their availability's start) `days` days from now, hour by hour. */
async function moveDates(dateIds: number[], days: number) {
  for (const [index, id] of dateIds.entries()) {
    const start = new Date(Date.now() + days * DAY + index * 3600_000);
    await t.db
      .update(availabilityDates)
      .set({ startAt: start, endAt: new Date(start.getTime() + 1800_000) })
      .where(eq(availabilityDates.id, id));
  }
}

function edit(who: Customer, registrationId: number, dateIds: number[], extra = {}) {
  return who.client.put("/api/registrations", {
    registration_id: registrationId,
    availability_dates: dateIds.map((date_id) => ({ date_id })),
    ...extra,
  });
}

describe("GET /api/registrations", () => {
  it("pages the customer's own registrations, upcoming first (soonest first), past last", async () => {
    const parent = await customer();
    const empty = await parent.client.get("/api/registrations");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [], count: 0, limit: 20, offset: 0 });

    const later = await availabilityWith([{ capacity: 5 }], { startsInDays: 40 });
    const sooner = await availabilityWith([{ capacity: 5 }], { startsInDays: 10 });
    const past = await availabilityWith([{ capacity: 5 }], { startsInDays: 20 });
    const a = await buy(parent, later.availability.id, [later.dates[0]!.id]);
    const b = await buy(parent, sooner.availability.id, [sooner.dates[0]!.id]);
    const c = await buy(parent, past.availability.id, [past.dates[0]!.id]);
    // The third one is over: its date moved to last week.
    await moveDates([past.dates[0]!.id], -7);
    // Someone else's registration never shows.
    const other = await customer();
    await buy(other, sooner.availability.id, [sooner.dates[0]!.id]);

    const list = await parent.client.get("/api/registrations");
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.count).toBe(3);
    expect(body.data.map((item: { id: number }) => item.id)).toEqual([b.id, a.id, c.id]);
    expect(body.data[0]).toMatchObject({
      cuid: b.cuid,
      reference: b.reference,
      participant: { id: parent.participantId, fullname: expect.stringContaining("Lou") },
      total_amount: 10_000,
      deposit_amount: 2_500,
      paid_amount: 0,
      cancelled: false,
      bundle_id: null,
      badges: ["outstanding"],
      dates_count: 1,
      start_at: sooner.dates[0]!.startAt.toISOString(),
      availability: {
        id: sooner.availability.id,
        activity: { title: "Stage multisport", images: [] },
        location: null,
      },
    });

    const second = await parent.client.get("/api/registrations?page_number=2&page_size=2");
    expect(second.json()).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(second.json().data.map((item: { id: number }) => item.id)).toEqual([c.id]);
  });

  it("answers 400 on bad paging and 401 to a visitor", async () => {
    const parent = await customer();
    const bad = await parent.client.get("/api/registrations?page_size=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "VALIDATION_ERROR", fields: { page_size: "TOO_SMALL" } });
    const tooBig = await parent.client.get("/api/registrations?page_number=x");
    expect(tooBig.json().fields).toEqual({ page_number: "INVALID_TYPE" });
    const visitor = new Client(t.app, DEMO_HOST);
    expect((await visitor.get("/api/registrations")).statusCode).toBe(401);
  });
});

describe("GET /api/registrations/{cuid}", () => {
  it("details the registration: dates, options, answers, location, primary categories, payment", async () => {
    const parent = await customer();
    const { activity, availability, dates } = await availabilityWith([
      { capacity: 5 },
      { capacity: 5 },
      { capacity: 5 },
    ]);
    const [location] = await t.db
      .insert(locations)
      .values({
        organiserId: demoId,
        title: "Hall omnisports",
        city: "Namur",
        street: "Rue du Parc",
        number: "4",
        postcode: "5000",
      })
      .returning();
    await t.db
      .update(availabilities)
      .set({ locationId: location!.id })
      .where(eq(availabilities.id, availability.id));
    const groups = await t.db
      .insert(categoryGroups)
      .values([
        { organiserId: demoId, title: "Âge", scope: "PRIMARY" },
        { organiserId: demoId, title: "Interne", scope: "SECONDARY" },
      ])
      .returning();
    const cats = await t.db
      .insert(categories)
      .values([
        { organiserId: demoId, groupId: groups[0]!.id, title: "6-8 ans" },
        { organiserId: demoId, groupId: groups[1]!.id, title: "Code B" },
      ])
      .returning();
    await t.db.insert(availabilityCategories).values(
      cats.map((category) => ({
        organiserId: demoId,
        availabilityId: availability.id,
        categoryId: category.id,
      })),
    );
    const [price] = await activityOption(t, {
      organiserId: demoId,
      activityId: activity.id,
      prices: [{ amount: 1_500 }],
    });
    const [question] = await t.db
      .insert(activityQuestions)
      .values({
        organiserId: demoId,
        activityId: activity.id,
        type: "CHOICES_SINGLE",
        title: "Sait nager ?",
        required: true,
        choices: [
          { id: 1, label: "Oui" },
          { id: 2, label: "Non" },
        ],
      })
      .returning();
    const registration = await buy(parent, availability.id, [dates[0]!.id, dates[1]!.id], {
      options: [{ price_id: price }],
      questions: [{ question_id: question!.id, content: 1 }],
    });

    const response = await parent.client.get(`/api/registrations/${registration.cuid}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().registration;
    // The family subscribes to the availability's calendar feed from here (decision 0093).
    expect(detail.calendar_feed.webcal_url).toMatch(/^webcal:\/\/demo\.[^/]+\/api\/calendars\//);
    const feed = await parent.client.get(new URL(detail.calendar_feed.url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(dates.length);
    expect(detail).toMatchObject({
      id: registration.id,
      total_amount: 11_500,
      deposit_amount: 2_500,
      paid_amount: 0,
      badges: ["outstanding"],
      dates: [{ date_id: dates[0]!.id }, { date_id: dates[1]!.id }],
      options: [
        {
          price_id: price,
          content: null,
          price: { id: price, amount: 1_500, option: { title: "Option" } },
        },
      ],
      questions: [
        {
          question_id: question!.id,
          content: 1,
          question: { title: "Sait nager ?", type: "CHOICES_SINGLE" },
        },
      ],
      availability: {
        location: { title: "Hall omnisports", city: "Namur", postcode: "5000" },
        categories: [{ title: "6-8 ans", group: { title: "Âge", scope: "PRIMARY" } }],
      },
      payment: {
        badge: { kind: "outstanding", outstanding: 11_500 },
        outstanding: 11_500,
        bank_transfer: { amount: 11_500, reference: registration.reference },
      },
      cancellation: null,
      review: null,
      actions: { cancel: null, edit: null, review: "not_started" },
    });
    expect(
      detail.availability.dates.map((date: { edit_state: string }) => date.edit_state),
    ).toEqual(["selectable", "selectable", "selectable"]);

    // Paid the deposit: deposited, with what is still owed.
    await t.db
      .update(registrations)
      .set({ paidAmount: 2_500 })
      .where(eq(registrations.id, registration.id));
    const deposited = (await parent.client.get(`/api/registrations/${registration.cuid}`)).json()
      .registration;
    expect(deposited.payment).toMatchObject({
      badge: { kind: "deposited", outstanding: 9_000 },
      outstanding: 9_000,
    });
    await t.db
      .update(registrations)
      .set({ paidAmount: 11_500 })
      .where(eq(registrations.id, registration.id));
    const complete = (await parent.client.get(`/api/registrations/${registration.cuid}`)).json()
      .registration;
    expect(complete).toMatchObject({
      badges: ["complete"],
      payment: { badge: { kind: "complete" }, outstanding: 0, bank_transfer: null },
    });
  });

  it("answers 404 for another customer's or another organiser's registration, 401 to a visitor", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 5 }]);
    const registration = await buy(parent, availability.id, [dates[0]!.id]);
    const other = await customer();
    const stranger = await other.client.get(`/api/registrations/${registration.cuid}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
    const english = await customer(demoEnId, DEMO_EN_HOST);
    expect((await english.client.get(`/api/registrations/${registration.cuid}`)).statusCode).toBe(
      404,
    );
    expect((await parent.client.get("/api/registrations/not-a-cuid!")).statusCode).toBe(404);
    const visitor = new Client(t.app, DEMO_HOST);
    expect((await visitor.get(`/api/registrations/${registration.cuid}`)).statusCode).toBe(401);
  });
});

describe("POST /api/registrations/cancel", () => {
  it("validates the payload", async () => {
    const parent = await customer();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ registration_id: 1 }, { message: "REQUIRED" }],
      [{ registration_id: 1, message: "   " }, { message: "REQUIRED" }],
      [{ registration_id: "1", message: "x" }, { registration_id: "INVALID_TYPE" }],
      [{ message: "x" }, { registration_id: "REQUIRED" }],
      [{ registration_id: 1, message: "x".repeat(5001) }, { message: "TOO_LONG" }],
    ];
    for (const [body, fields] of cases) {
      const response = await parent.client.post("/api/registrations/cancel", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    }
  });

  it("cancels with the message, releases the places and keeps what was paid", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 2 }, { capacity: 2 }]);
    const ids = dates.map((date) => date.id);
    const registration = await buy(parent, availability.id, ids);
    await t.db
      .update(registrations)
      .set({ paidAmount: 2_500 })
      .where(eq(registrations.id, registration.id));
    expect(await registered(ids)).toEqual([1, 1]);

    // Another customer's attempt changes nothing.
    const other = await customer();
    const refused = await other.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Pas moi",
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
    // Nor does another organiser's customer's.
    const english = await customer(demoEnId, DEMO_EN_HOST);
    const crossed = await english.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Pas moi",
    });
    expect(crossed.statusCode).toBe(404);
    expect((await registrationRow(registration.id)).cancelled).toBe(false);
    expect(await registered(ids)).toEqual([1, 1]);

    const response = await parent.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "  Malade cette semaine  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().registration).toMatchObject({
      cancelled: true,
      badges: ["cancelled"],
      paid_amount: 2_500,
      payment: { badge: null, outstanding: 0, bank_transfer: null },
      cancellation: { type: "customer", message: "Malade cette semaine" },
      actions: { cancel: "cancelled", edit: "cancelled", review: "cancelled" },
    });
    expect(await registered(ids)).toEqual([0, 0]);
    const row = await registrationRow(registration.id);
    expect(row).toMatchObject({ cancelled: true, paidAmount: 2_500, totalAmount: 10_000 });
    const [cancellation] = await t.db
      .select()
      .from(registrationCancellations)
      .where(eq(registrationCancellations.registrationId, registration.id));
    expect(cancellation).toMatchObject({
      type: "customer",
      customerId: parent.customerId,
      message: "Malade cette semaine",
      paidAmount: 2_500,
    });
    // The dates it held stay on record.
    expect(await datesOf(registration.id)).toEqual(ids);

    const again = await parent.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Encore",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "REGISTRATION_CANCELLED" });
    expect(await registered(ids)).toEqual([0, 0]);
  });

  it("refuses a registration that has started", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 2 }, { capacity: 2 }]);
    const ids = dates.map((date) => date.id);
    const registration = await buy(parent, availability.id, ids);
    await moveDates([ids[0]!], -1);
    const response = await parent.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Trop tard",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "REGISTRATION_STARTED" });
    expect((await registrationRow(registration.id)).cancelled).toBe(false);
    expect(await registered(ids)).toEqual([1, 1]);
  });

  it("gives the place back to the customer bundle that paid for it", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 2 }]);
    const registration = await buy(parent, availability.id, [dates[0]!.id]);
    // The registration was paid by a customer bundle (bought in the same cart, say).
    const [bundle] = await t.db
      .execute<{ id: number }>(sql`
      insert into customer_bundles (cuid, organiser_id, customer_id, bundle_id, cart_id, cart_item_id,
        total_amount, paid_amount, capacity, used)
      select 'bundle-' || ${registration.id}, ${demoId}, ${parent.customerId},
        (select id from bundles where organiser_id = ${demoId} limit 1), ${registration.cartId},
        ${registration.cartItemId}, 0, 0, 10, 3
      returning id`)
      .then((result) => result.rows);
    await t.db
      .update(registrations)
      .set({ bundleId: bundle!.id })
      .where(eq(registrations.id, registration.id));
    const response = await parent.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Changement de programme",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().registration.badges).toEqual(["cancelled", "bundle"]);
    const [row] = await t.db
      .select({ used: customerBundles.used })
      .from(customerBundles)
      .where(eq(customerBundles.id, bundle!.id));
    expect(row!.used).toBe(2);
  });
});

describe("reviews", () => {
  it("validates the payloads", async () => {
    const parent = await customer();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ registration_id: 1, score: 0 }, { score: "TOO_SMALL" }],
      [{ registration_id: 1, score: 6 }, { score: "TOO_BIG" }],
      [{ registration_id: 1, score: 4.5 }, { score: "INVALID_TYPE" }],
      [{ registration_id: 1, score: "5" }, { score: "INVALID_TYPE" }],
      [{ registration_id: 1 }, { score: "REQUIRED" }],
      [{ registration_id: 1, score: 5, public: "yes" }, { public: "INVALID_TYPE" }],
      [{ registration_id: 1, score: 5, message: 12 }, { message: "INVALID_TYPE" }],
    ];
    for (const [body, fields] of cases) {
      const response = await parent.client.post("/api/registrations/review", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    }
    const update = await parent.client.put("/api/registrations/review", { score: 5 });
    expect(update.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { review_id: "REQUIRED" },
    });
  });

  it("creates one review per registration, public by default, then edits it with its visibility locked", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 5 }]);
    const registration = await buy(parent, availability.id, [dates[0]!.id]);

    // Not before its first date has started: one reviews what one attended.
    const early = await parent.client.post("/api/registrations/review", {
      registration_id: registration.id,
      score: 4,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "REVIEW_TOO_EARLY" });
    const beforeStart = (await parent.client.get(`/api/registrations/${registration.cuid}`)).json();
    expect(beforeStart.registration.actions.review).toBe("not_started");
    await moveDates([dates[0]!.id], -0.01);
    const started = (await parent.client.get(`/api/registrations/${registration.cuid}`)).json();
    expect(started.registration.actions.review).toBe(null);

    const created = await parent.client.post("/api/registrations/review", {
      registration_id: registration.id,
      score: 4,
      message: "  Super semaine !  ",
    });
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json().review;
    expect(review).toMatchObject({
      registration_id: registration.id,
      score: 4,
      message: "Super semaine !",
      private: false,
    });

    const twice = await parent.client.post("/api/registrations/review", {
      registration_id: registration.id,
      score: 5,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: "REVIEW_ALREADY_EXISTS" });

    const updated = await parent.client.put("/api/registrations/review", {
      review_id: review.id,
      score: 5,
      message: "   ",
      public: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().review).toMatchObject({
      id: review.id,
      score: 5,
      message: null,
      private: false,
    });

    const flip = await parent.client.put("/api/registrations/review", {
      review_id: review.id,
      score: 3,
      public: false,
    });
    expect(flip.statusCode).toBe(409);
    expect(flip.json()).toEqual({ error: "REVIEW_VISIBILITY_LOCKED" });

    // Another customer can neither edit it nor review someone else's registration.
    const other = await customer();
    const foreign = await other.client.put("/api/registrations/review", {
      review_id: review.id,
      score: 1,
      message: "Nul",
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "REVIEW_NOT_FOUND" });
    const foreignCreate = await other.client.post("/api/registrations/review", {
      registration_id: registration.id,
      score: 1,
    });
    expect(foreignCreate.statusCode).toBe(404);
    expect(foreignCreate.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
    const english = await customer(demoEnId, DEMO_EN_HOST);
    expect(
      (
        await english.client.put("/api/registrations/review", {
          review_id: review.id,
          score: 1,
        })
      ).statusCode,
    ).toBe(404);
    const [stored] = await t.db
      .select()
      .from(registrationReviews)
      .where(eq(registrationReviews.id, review.id));
    expect(stored).toMatchObject({ score: 5, message: null, private: false });

    const detail = (await parent.client.get(`/api/registrations/${registration.cuid}`)).json()
      .registration;
    expect(detail.review).toMatchObject({ id: review.id, score: 5 });
  });

  it("keeps a private review private, and refuses reviews of a cancelled registration", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 5 }, { capacity: 5 }]);
    const first = await buy(parent, availability.id, [dates[0]!.id]);
    await moveDates([dates[0]!.id], -1);
    const created = await parent.client.post("/api/registrations/review", {
      registration_id: first.id,
      score: 2,
      public: false,
    });
    expect(created.json().review.private).toBe(true);
    const kept = await parent.client.put("/api/registrations/review", {
      review_id: created.json().review.id,
      score: 3,
      public: false,
    });
    expect(kept.json().review).toMatchObject({ score: 3, private: true });

    // Back to the future, so that it can still be cancelled.
    await moveDates([dates[0]!.id], 30);
    await parent.client.post("/api/registrations/cancel", {
      registration_id: first.id,
      message: "Annulé",
    });
    const afterCancel = await parent.client.put("/api/registrations/review", {
      review_id: created.json().review.id,
      score: 5,
    });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json()).toEqual({ error: "REGISTRATION_CANCELLED" });

    const second = await buy(parent, availability.id, [dates[1]!.id]);
    await parent.client.post("/api/registrations/cancel", {
      registration_id: second.id,
      message: "Annulé",
    });
    const refused = await parent.client.post("/api/registrations/review", {
      registration_id: second.id,
      score: 5,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "REGISTRATION_CANCELLED" });
  });
});

describe("PUT /api/registrations", () => {
  it("validates the payload: at least one date, the customer's price is automatic", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 5 }]);
    const registration = await buy(parent, availability.id, [dates[0]!.id]);
    const none = await edit(parent, registration.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { availability_dates: "AVAILABILITY_DATES_REQUIRED" },
    });
    const missing = await parent.client.put("/api/registrations", {
      registration_id: registration.id,
    });
    expect(missing.json().fields).toEqual({ availability_dates: "AVAILABILITY_DATES_REQUIRED" });
    const badDate = await parent.client.put("/api/registrations", {
      registration_id: registration.id,
      availability_dates: [{ date_id: "x" }],
    });
    expect(badDate.json().fields).toEqual({ "availability_dates.0.date_id": "INVALID_TYPE" });
    const badPrice = await edit(parent, registration.id, [dates[0]!.id], {
      automatic_price: "no",
      total_amount: 1.5,
    });
    expect(badPrice.json().fields).toEqual({
      automatic_price: "INVALID_TYPE",
      total_amount: "INVALID_TYPE",
    });
    const manual = await edit(parent, registration.id, [dates[0]!.id], {
      automatic_price: false,
      total_amount: 0,
    });
    expect(manual.statusCode).toBe(403);
    expect(manual.json()).toEqual({ error: "FORBIDDEN" });
    expect((await registrationRow(registration.id)).totalAmount).toBe(10_000);
  });

  it("checks options and answers against the activity", async () => {
    const parent = await customer();
    const { activity, availability, dates } = await availabilityWith([{ capacity: 5 }]);
    const [question] = await t.db
      .insert(activityQuestions)
      .values({
        organiserId: demoId,
        activityId: activity.id,
        type: "TEXT",
        title: "Allergies",
        required: true,
      })
      .returning();
    const registration = await buy(parent, availability.id, [dates[0]!.id], {
      questions: [{ question_id: question!.id, content: "Aucune" }],
    });
    const response = await edit(parent, registration.id, [dates[0]!.id], {
      options: [{ price_id: 999_999 }],
      questions: [{ question_id: question!.id, content: "  " }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        "options.0.price_id": "INVALID_CHOICE",
        [`questions.${question!.id}`]: "REQUIRED",
      },
    });
  });

  it("moves the registration to other dates, its places with it", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([
      { capacity: 3 },
      { capacity: 3 },
      { capacity: 3 },
    ]);
    const ids = dates.map((date) => date.id);
    const registration = await buy(parent, availability.id, [ids[0]!, ids[1]!]);
    expect(await registered(ids)).toEqual([1, 1, 0]);

    const response = await edit(parent, registration.id, [ids[1]!, ids[2]!]);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().registration;
    expect(detail.dates.map((date: { date_id: number }) => date.date_id)).toEqual([ids[1], ids[2]]);
    // Sold whole (no partial registration): the price does not move with the dates.
    expect(detail.total_amount).toBe(10_000);
    expect(await registered(ids)).toEqual([0, 1, 1]);
    expect(await datesOf(registration.id)).toEqual([ids[1], ids[2]]);
    const [change] = await t.db
      .select()
      .from(registrationChanges)
      .where(eq(registrationChanges.registrationId, registration.id));
    expect(change).toMatchObject({
      addedDateIds: [ids[2]],
      removedDateIds: [ids[0]],
      totalBefore: 10_000,
      totalAfter: 10_000,
      customerId: parent.customerId,
    });
  });

  it("reprices through the domain: partial registration and options, discounts kept", async () => {
    const parent = await customer();
    const { activity, availability, dates } = await availabilityWith(
      [{ capacity: 5 }, { capacity: 5 }, { capacity: 5 }, { capacity: 5 }],
      { price: 10_000, deposit: 2_000, partial: true },
    );
    const ids = dates.map((date) => date.id);
    const [lunch] = await activityOption(t, {
      organiserId: demoId,
      activityId: activity.id,
      prices: [{ amount: 800 }],
    });
    // All four dates: the full price.
    const registration = await buy(parent, availability.id, ids);
    expect(registration.totalAmount).toBe(10_000);
    // Two dates out of four and the lunch option: 5 000 + 800.
    const fewer = await edit(parent, registration.id, [ids[0]!, ids[1]!], {
      options: [{ price_id: lunch }],
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json().registration).toMatchObject({
      total_amount: 5_800,
      deposit_amount: 2_000,
    });
    // The organiser raises the option's price: the registration keeps it at 800.
    await t.db.execute(sql`update activity_option_prices set amount = 2000 where id = ${lunch}`);
    const back = await edit(parent, registration.id, ids, { options: [{ price_id: lunch }] });
    expect(back.json().registration.total_amount).toBe(10_800);
    const without = await edit(parent, registration.id, ids);
    expect(without.json().registration.total_amount).toBe(10_000);
    expect(await registered(ids)).toEqual([1, 1, 1, 1]);
  });

  it("refuses a full date, a closed one, another availability's, and a started one", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([
      { capacity: 5 },
      { capacity: 1, registered: 1 },
      { capacity: 5, status: "CLOSED" },
      { capacity: 5 },
      { capacity: 1 },
    ]);
    const ids = dates.map((date) => date.id);
    const registration = await buy(parent, availability.id, [ids[0]!, ids[3]!]);
    const elsewhere = await availabilityWith([{ capacity: 5 }]);
    const before = await registered(ids);

    const full = await edit(parent, registration.id, [ids[0]!, ids[1]!]);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: "AVAILABILITY_FULL" });
    const closed = await edit(parent, registration.id, [ids[0]!, ids[2]!]);
    expect(closed.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });
    const foreign = await edit(parent, registration.id, [ids[0]!, elsewhere.dates[0]!.id]);
    expect(foreign.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });

    // The last place held by another customer's cart: full while the hold lasts.
    const other = await customer();
    const held = await other.client.post(
      "/api/carts/items",
      registrationBody(availability.id, other.participantId, [ids[4]!]),
    );
    expect(held.statusCode, held.body).toBe(201);
    const heldFull = await edit(parent, registration.id, [ids[0]!, ids[4]!]);
    expect(heldFull.json()).toEqual({ error: "AVAILABILITY_FULL" });

    // A started registered date can be neither removed nor added back.
    await moveDates([ids[0]!], -1);
    const removeStarted = await edit(parent, registration.id, [ids[3]!]);
    expect(removeStarted.statusCode).toBe(409);
    expect(removeStarted.json()).toEqual({ error: "DATE_NOT_SELECTABLE" });
    // Keeping it while changing the rest is fine.
    expect(await registered(ids)).toEqual(before);
    expect(await datesOf(registration.id)).toEqual([ids[0], ids[3]]);

    // A registered date that is now full stays selectable (kept as it is).
    await t.db
      .update(availabilityDates)
      .set({ capacity: 1 })
      .where(eq(availabilityDates.id, ids[3]!));
    const kept = await edit(parent, registration.id, [ids[0]!, ids[3]!], {
      questions: [],
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // Every date started: nothing can be edited any more.
    await moveDates(ids, -2);
    const ended = await edit(parent, registration.id, [ids[0]!, ids[3]!]);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ error: "REGISTRATION_ENDED" });
  });

  it("answers 404 for another customer's or another organiser's registration, changing nothing", async () => {
    const parent = await customer();
    const { availability, dates } = await availabilityWith([{ capacity: 5 }, { capacity: 5 }]);
    const ids = dates.map((date) => date.id);
    const registration = await buy(parent, availability.id, [ids[0]!]);
    const other = await customer();
    const refused = await edit(other, registration.id, [ids[1]!]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
    const english = await customer(demoEnId, DEMO_EN_HOST);
    expect((await edit(english, registration.id, [ids[1]!])).statusCode).toBe(404);
    expect(await datesOf(registration.id)).toEqual([ids[0]]);
    expect(await registered(ids)).toEqual([1, 0]);
    // A cancelled registration cannot be edited.
    await parent.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Annulé",
    });
    const cancelled = await edit(parent, registration.id, [ids[1]!]);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ error: "REGISTRATION_CANCELLED" });
  });

  it("never overbooks a date that edits and cart adds race for", async () => {
    const { availability, dates } = await availabilityWith([{ capacity: 10 }, { capacity: 3 }]);
    const [open, contested] = dates.map((date) => date.id) as [number, number];
    // Six customers registered on the open date each try to add the contested one (3 places),
    // while four others add it to their carts.
    const editors = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const registrationsOf: Array<typeof registrations.$inferSelect> = [];
    for (const who of editors) registrationsOf.push(await buy(who, availability.id, [open]));
    const adders = await Promise.all(Array.from({ length: 4 }, () => customer()));
    await Promise.all([...editors, ...adders].map(({ client }) => client.get("/api/session")));
    const answers = await Promise.all([
      ...editors.map((who, index) => edit(who, registrationsOf[index]!.id, [open, contested])),
      ...adders.map((who) =>
        who.client.post(
          "/api/carts/items",
          registrationBody(availability.id, who.participantId, [contested]),
        ),
      ),
    ]);
    const succeeded = answers.filter((answer) => answer.statusCode < 300).length;
    for (const answer of answers.filter((a) => a.statusCode >= 300)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: "AVAILABILITY_FULL" });
    }
    expect(succeeded).toBe(3);
    const [edited] = await registered([contested]);
    const holds = await t.db.execute<{ count: number }>(sql`
      select count(*)::int as count from cart_item_dates h
        join cart_items i on i.id = h.cart_item_id
        join carts c on c.id = i.cart_id
       where h.availability_date_id = ${contested} and i.expires_at > now() and c.processed_at is null`);
    expect(edited! + holds.rows[0]!.count).toBe(3);
    const moved = await t.db
      .select({ id: registrationDates.registrationId })
      .from(registrationDates)
      .where(
        and(
          eq(registrationDates.availabilityDateId, contested),
          inArray(
            registrationDates.registrationId,
            registrationsOf.map((row) => row.id),
          ),
        ),
      );
    expect(moved).toHaveLength(edited!);
  });
});
