import { auditLogs, availabilities, availabilityDates, customers, participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { ageEligibility, isAgeWithinLimits } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Age limits (docs/decisions/0031-age-limits.md): the exact age on the availability's first
// day, in the organiser's zone, limits inclusive in whole years, when adding to the cart, at
// checkout and in the catalogue's age filter.

const BRUSSELS = "Europe/Brussels";
/** The camp's first date: 6 July 2030, 09:00 in Brussels. */
const FIRST_DATE = new Date("2030-07-06T07:00:00Z");

let t: TestApp;
let organiserId: number;
let parent: { client: Client; customerId: number; participantId: number };

/** A camp "de 9 à 14 ans" (or other limits) whose first date is `start`. */
async function camp(
  limits: { minimum: number | null; maximum: number | null },
  start: Date = FIRST_DATE,
  title = "Stage Zorglub",
) {
  const made = await availabilityWithDates(t, {
    organiserId,
    title,
    capacity: 20,
    price: 10_000,
    deposit: 0,
    dateHours: 6,
    dates: [{ capacity: 20 }, { capacity: 20 }],
  });
  await t.db
    .update(availabilities)
    .set({
      ageMinimum: limits.minimum,
      ageMaximum: limits.maximum,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * 86_400_000),
    })
    .where(eq(availabilities.id, made.availability.id));
  for (const [index, date] of made.dates.entries()) {
    const dateStart = new Date(start.getTime() + index * 86_400_000);
    await t.db
      .update(availabilityDates)
      .set({ startAt: dateStart, endAt: new Date(dateStart.getTime() + 6 * 3600_000) })
      .where(eq(availabilityDates.id, date.id));
  }
  return {
    id: made.availability.id,
    cuid: made.availability.cuid,
    dateIds: made.dates.map((date) => date.id),
  };
}

/** A participant of the parent born on `birthdate` (or without birthdate). */
async function child(firstname: string, birthdate: string | null) {
  const [row] = await t.db
    .insert(participants)
    .values({
      organiserId,
      customerId: parent.customerId,
      firstname,
      lastname: "Vérité",
      birthdate,
    })
    .returning({ id: participants.id, cuid: participants.cuid });
  childCuids.set(row!.id, row!.cuid);
  return row!.id;
}
const childCuids = new Map<number, string>();

function add(availability: { id: number; dateIds: number[] }, participantId: number) {
  return parent.client.post(
    "/api/carts/items",
    registrationBody(availability.id, participantId, availability.dateIds),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t, "demo");
  parent = await sessionCustomer(t, {
    organiserId,
    host: DEMO_HOST,
    customer: { firstname: "Alex", lastname: "Vérité", email: "alex.verite@example.org" },
    participant: { firstname: "Sam", lastname: "Vérité" },
  });
});

afterAll(async () => {
  await t?.close();
});

describe("adding to the cart", () => {
  it("admits a child from their 9th birthday until the day before their 15th", async () => {
    const nineToFourteen = await camp({ minimum: 9, maximum: 14 });
    const cases: Array<[string, string, number]> = [
      ["seven years old", "2023-03-01", 409],
      ["the day before the 9th birthday", "2021-07-07", 409],
      ["on the 9th birthday", "2021-07-06", 201],
      ["the day before the 15th birthday", "2015-07-07", 201],
      ["on the 15th birthday", "2015-07-06", 409],
    ];
    for (const [name, birthdate, status] of cases) {
      const response = await add(nineToFourteen, await child(name, birthdate));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      if (status === 409) {
        expect(response.json()).toMatchObject({
          error: "AGE_OUT_OF_RANGE",
          participant: `${name} Vérité`,
          age_minimum: 9,
          age_maximum: 14,
          first_day: "2030-07-06",
          message: `${name} Vérité must be 9 to 14 years old on the first day, 2030-07-06.`,
        });
      }
      // The domain says the same.
      expect(
        ageEligibility(birthdate, { minimum: 9, maximum: 14 }, FIRST_DATE, BRUSSELS) === "eligible",
      ).toBe(status === 201);
    }
  });

  it("counts a 29 February birthday on 1 March in a common year", async () => {
    const leapling = await child("Leap", "2020-02-29");
    const onFeb28 = await camp({ minimum: 9, maximum: null }, new Date("2029-02-28T08:00:00Z"));
    const onMarch1 = await camp({ minimum: 9, maximum: null }, new Date("2029-03-01T08:00:00Z"));
    expect((await add(onFeb28, leapling)).json().error).toBe("AGE_OUT_OF_RANGE");
    expect((await add(onMarch1, leapling)).statusCode).toBe(201);
  });

  it("asks for a birthdate when limits apply, and not otherwise", async () => {
    const unknown = await child("Nobirth", null);
    const limited = await add(await camp({ minimum: 9, maximum: 14 }), unknown);
    expect(limited.statusCode).toBe(409);
    expect(limited.json()).toMatchObject({ error: "BIRTHDATE_REQUIRED", participant_id: unknown });
    expect((await add(await camp({ minimum: null, maximum: null }), unknown)).statusCode).toBe(201);
  });

  it("refuses the estimate of an out-of-range participant too", async () => {
    const young = await child("Estimate", "2023-01-01");
    const availability = await camp({ minimum: 9, maximum: 14 });
    const response = await parent.client.post("/api/carts/items/estimate", {
      availability_id: availability.id,
      participant_id: young,
      availability_dates: availability.dateIds.map((date_id) => ({ date_id })),
      options: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("AGE_OUT_OF_RANGE");
  });
});

describe("checkout", () => {
  it("refuses a registration whose participant is no longer of age when checking out", async () => {
    const availability = await camp({ minimum: 9, maximum: 14 });
    const kid = await child("Checkout", "2019-01-01");
    const added = await add(availability, kid);
    expect(added.statusCode, added.body).toBe(201);
    // The birthdate is corrected after the add: the checkout checks again.
    await t.db
      .update(participants)
      .set({ birthdate: "2023-01-01" })
      .where(eq(participants.id, kid));
    const refused = await parent.client.post("/api/carts/checkout", {
      cart_id: added.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "AGE_OUT_OF_RANGE", age_minimum: 9 });
    // Nothing was registered: the cart is still open with its item.
    const { cart } = (await parent.client.get("/api/carts/current")).json();
    expect(cart.id).toBe(added.json().cart.id);
    expect(cart.processed_at).toBe(null);
  });
});

describe("the catalogue's age filter", () => {
  it("lists an availability for an age exactly when the add rule admits that age", async () => {
    const limits = [
      { minimum: 9, maximum: 14 },
      { minimum: 6, maximum: null },
      { minimum: null, maximum: 8 },
      { minimum: null, maximum: null },
      { minimum: 12, maximum: 12 },
    ];
    const made = new Map<number, (typeof limits)[number]>();
    for (const [index, limit] of limits.entries()) {
      const availability = await camp(limit, FIRST_DATE, `Filtre Quizzbuk ${index}`);
      made.set(availability.id, limit);
    }
    for (let age = 0; age <= 20; age += 1) {
      const response = await parent.client.get(
        `/api/availabilities?search=quizzbuk&age=${age}&limit=50`,
      );
      expect(response.statusCode).toBe(200);
      const listed = new Set(response.json().data.map((item: { id: number }) => item.id));
      for (const [id, limit] of made) {
        expect(listed.has(id), `age ${age}, limits ${JSON.stringify(limit)}`).toBe(
          isAgeWithinLimits(age, limit),
        );
      }
    }
  });
});

describe("the console's registration by hand", () => {
  it("refuses an out-of-range participant unless the organiser overrides it, and audits it", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const [row] = await t.db
      .select({ cuid: customers.cuid })
      .from(customers)
      .where(eq(customers.id, parent.customerId));
    const availability = await camp({ minimum: 9, maximum: 14 });
    const young = await child("Console", "2023-05-05");
    const body = {
      customer: row!.cuid,
      participant: childCuids.get(young),
      availability: availability.cuid,
      availability_dates: availability.dateIds.map((date_id) => ({ date_id })),
    };
    const refused = await owner.post("/api/admin/registrations", body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "AGE_OUT_OF_RANGE", age_minimum: 9 });

    const forced = await owner.post("/api/admin/registrations", { ...body, age_override: true });
    expect(forced.statusCode, forced.body).toBe(201);
    const cuid = forced.json().registration.cuid;
    const [audit] = await t.db
      .select({ action: auditLogs.action, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, cuid));
    expect(audit).toMatchObject({
      action: "registration.created",
      after: {
        age_override: true,
        age_eligibility: "too_young",
        age_minimum: 9,
        age_maximum: 14,
        birthdate: "2023-05-05",
      },
    });

    // An eligible participant needs no override, and its audit says nothing of ages.
    const nine = await child("Eligible", "2020-01-01");
    const plain = await owner.post("/api/admin/registrations", {
      ...body,
      participant: childCuids.get(nine),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const [plainAudit] = await t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, plain.json().registration.cuid));
    expect(plainAudit!.after).not.toHaveProperty("age_override");
  });
});
