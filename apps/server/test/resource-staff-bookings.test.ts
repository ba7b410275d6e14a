import {
  bookingParticipations,
  bookings,
  customers,
  participants,
  resourceReservations,
  walletTransactions,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Staff book for a customer, move and cancel bookings (docs/decisions/0065-resource-console.md),
// under the same exclusion constraint as the storefront's holds.

let t: TestApp;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
let resource: { id: number; cuid: string };
let slots: Date[];
let counter = 0;

const HOUR = 3600;
const PRICES = [
  { duration: HOUR, amount: 2_000 },
  { duration: 2 * HOUR, amount: 3_600 },
];

beforeAll(async () => {
  t = await createTestApp();
  staff = await collaboratorWith(t, [
    "resources.resources.create",
    "bookings.bookings.create",
    "bookings.bookings.update",
    "bookings.bookings.delete",
    "bookings.bookings.read",
  ]);
  const created = await staff.client.post("/api/admin/resources", {
    name: "Court staff",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "08:00",
      end: "20:00",
      prices: PRICES,
    })),
  });
  resource = created.json();
  // Slots from tomorrow on (today's may be past).
  const tomorrow = Date.now() + 86_400_000;
  const planning = await t.db.query.resourceSlots.findMany({
    where: (slot, { and, eq, gt }) =>
      and(eq(slot.resourceId, resource.id), gt(slot.startAt, new Date(tomorrow))),
    orderBy: (slot, { asc }) => [asc(slot.startAt)],
  });
  slots = planning.map((slot) => slot.startAt);
});
afterAll(async () => {
  await t.close();
});

async function family() {
  counter += 1;
  const n = counter;
  const organiserId = await organiserIdOf(t, "demo");
  const made = await sessionCustomer(t, {
    organiserId,
    host: DEMO_HOST,
    customer: {
      firstname: "Famille",
      lastname: `Staff${n}`,
      email: `staff-booking-${n}@example.org`,
    },
    participant: { firstname: "Joueur", lastname: `Staff${n}` },
  });
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, made.participantId));
  return { ...made, customerCuid: customer!.cuid, participantCuid: participant!.cuid };
}

const period = (start: Date, seconds = HOUR) => ({
  start_at: start.toISOString(),
  end_at: new Date(start.getTime() + seconds * 1000).toISOString(),
});

async function bookFor(person: Awaited<ReturnType<typeof family>>, start: Date, extra = {}) {
  return staff.client.post(`/api/admin/resources/${resource.cuid}/bookings`, {
    customer: person.customerCuid,
    participant: person.participantCuid,
    ...period(start),
    ...extra,
  });
}

async function shareOf(cuid: string) {
  const [row] = await t.db
    .select({
      total: bookingParticipations.totalAmount,
      paid: bookingParticipations.paidAmount,
      id: bookingParticipations.id,
      canceledAt: bookings.canceledAt,
    })
    .from(bookingParticipations)
    .innerJoin(bookings, eq(bookings.id, bookingParticipations.bookingId))
    .where(eq(bookings.cuid, cuid));
  return row!;
}

describe("staff bookings", () => {
  it("books a free slot for a customer at the slot's price or the price staff set, shown in the account and the planning", async () => {
    const person = await family();
    const booked = await bookFor(person, slots[0]!);
    expect(booked.statusCode).toBe(201);
    expect((await shareOf(booked.json().cuid)).total).toBe(2_000);
    const priced = await bookFor(person, slots[1]!, { amount: 500 });
    expect((await shareOf(priced.json().cuid)).total).toBe(500);

    const account = await person.client.get("/api/bookings");
    expect(account.statusCode).toBe(200);
    expect(account.json().data.map((row: { cuid: string }) => row.cuid)).toContain(
      booked.json().cuid,
    );
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(slots[0]!);
    const planning = await staff.client.get(
      `/api/admin/resources/${resource.cuid}/planning?from=${day}&days=1`,
    );
    expect(planning.json().bookings.map((row: { cuid: string }) => row.cuid)).toContain(
      booked.json().cuid,
    );
    // The planning's free slots leave out the booked ones.
    const free = planning.json().free_slots.map((slot: { start_at: string }) => slot.start_at);
    expect(free).not.toContain(slots[0]!.toISOString());
    expect(free).not.toContain(slots[1]!.toISOString());
    // The day's other slots are there.
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" });
    const sameDay = slots.filter((slot, index) => index > 1 && local.format(slot) === day);
    expect(free).toEqual(expect.arrayContaining(sameDay.map((slot) => slot.toISOString())));
    // The same slot again: taken.
    const again = await bookFor(await family(), slots[0]!);
    expect([again.statusCode, again.json().error]).toEqual([409, "BOOKING_SLOT_TAKEN"]);
  });

  it("refuses bad input and what the storefront refuses, changing nothing", async () => {
    const person = await family();
    // Another organiser's participant, and another organiser's resource.
    const organiserId = await organiserIdOf(t, "demo-en");
    const [foreign] = await t.db
      .select({ cuid: participants.cuid })
      .from(participants)
      .where(eq(participants.organiserId, organiserId))
      .limit(1);
    const otherStaff = await collaboratorWith(t, ["resources.resources.create"], "demo-en");
    const theirs = (
      await otherStaff.client.post("/api/admin/resources", { name: "Theirs", opening_hours: [] })
    ).json();
    const before = await databaseDigest(t.db);
    const cases: [Record<string, unknown> | null, number, string][] = [
      [null, 400, "VALIDATION_ERROR"],
      [{ ...period(slots[5]!), customer: person.customerCuid }, 400, "VALIDATION_ERROR"],
      [{ ...period(slots[5]!), amount: -1 }, 400, "VALIDATION_ERROR"],
      [{ start_at: "nope", end_at: "nope" }, 400, "VALIDATION_ERROR"],
      [period(new Date(slots[5]!.getTime() + 60_000)), 409, "BOOKING_SLOT_NOT_FOUND"],
      [period(slots[5]!, 90 * 60), 409, "BOOKING_PRICE_MISMATCH"],
      [period(new Date(Date.now() - 86_400_000)), 409, "BOOKING_SLOT_NOT_FOUND"],
      [
        { ...period(slots[5]!), participant: "zzzzzzzzzzzzzzzzzzzzzzzz" },
        404,
        "PARTICIPANT_NOT_FOUND",
      ],
    ];
    for (const [extra, status, code] of cases) {
      const response =
        extra === null
          ? await staff.client.post(`/api/admin/resources/${resource.cuid}/bookings`, null)
          : extra.customer !== undefined && extra.participant === undefined
            ? await staff.client.post(`/api/admin/resources/${resource.cuid}/bookings`, extra)
            : await bookFor(person, slots[5]!, extra);
      expect([response.statusCode, response.json().error], JSON.stringify(extra)).toEqual([
        status,
        code,
      ]);
    }
    const foreignPerson = await bookFor(person, slots[5]!, { participant: foreign!.cuid });
    expect(foreignPerson.statusCode).toBe(404);
    const foreignResource = await staff.client.post(
      `/api/admin/resources/${theirs.cuid}/bookings`,
      {
        customer: person.customerCuid,
        participant: person.participantCuid,
        ...period(slots[5]!),
      },
    );
    expect([foreignResource.statusCode, foreignResource.json().error]).toEqual([
      404,
      "RESOURCE_NOT_FOUND",
    ]);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("moves a booking to another free slot, never onto a taken one", async () => {
    const person = await family();
    const booking = (await bookFor(person, slots[10]!)).json();
    const other = (await bookFor(person, slots[12]!)).json();
    const taken = await staff.client.put(
      `/api/admin/bookings/${booking.cuid}/period`,
      period(slots[12]!),
    );
    expect([taken.statusCode, taken.json().error]).toEqual([409, "BOOKING_SLOT_TAKEN"]);
    const moved = await staff.client.put(
      `/api/admin/bookings/${booking.cuid}/period`,
      period(slots[11]!),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().start_at).toBe(slots[11]!.toISOString());
    // Its old slot is free: a customer takes it.
    const person2 = await family();
    const add = await person2.client.post("/api/carts/items", {
      bookings: [
        {
          resource_id: resource.id,
          participant_id: person2.participantId,
          dates: [period(slots[10]!)],
          participants: [],
          payment_split: false,
        },
      ],
    });
    expect(add.statusCode).toBe(201);
    expect(other.cuid).toBeTruthy();
    const foreign = await staff.client.put(
      "/api/admin/bookings/zzzzzzzzzzzzzzzzzzzzzzzz/period",
      period(slots[13]!),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("cancels with a refund of what was paid to the wallet, or without, freeing the slot", async () => {
    const person = await family();
    const refunded = (await bookFor(person, slots[20]!)).json();
    const share = await shareOf(refunded.cuid);
    await t.db
      .update(bookingParticipations)
      .set({ paidAmount: 1_200 })
      .where(eq(bookingParticipations.id, share.id));
    const cancel = await staff.client.post(`/api/admin/bookings/${refunded.cuid}/cancel`, {
      refund: true,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().canceled_at).not.toBeNull();
    expect(await shareOf(refunded.cuid)).toMatchObject({ total: 0, paid: 0 });
    const credits = await t.db
      .select({ amount: walletTransactions.amount, reason: walletTransactions.reason })
      .from(walletTransactions)
      .where(eq(walletTransactions.bookingParticipationId, share.id));
    expect(credits).toEqual([{ amount: 1_200, reason: "REFUND" }]);
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, person.customerId));
    expect(wallet!.amount).toBe(1_200);
    const reservations = await t.db
      .select()
      .from(resourceReservations)
      .where(
        and(
          eq(resourceReservations.resourceId, resource.id),
          eq(
            resourceReservations.period,
            `["${slots[20]!.toISOString()}","${new Date(slots[20]!.getTime() + HOUR * 1000).toISOString()}")`,
          ),
        ),
      );
    expect(reservations).toHaveLength(0);
    // Shown cancelled in the account with the refund (decision 0072), counted still; the slot is
    // free for someone else; a second cancel is refused.
    const account = (await person.client.get("/api/bookings")).json();
    const shown = account.data.find((row: { cuid: string }) => row.cuid === refunded.cuid);
    expect(shown).toMatchObject({
      status: "CANCELLED",
      canceled_at: cancel.json().canceled_at,
      refunded_amount: 1_200,
      total_amount: 0,
      paid_amount: 0,
    });
    const detail = await person.client.get(`/api/bookings/${refunded.cuid}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().booking).toEqual(shown);
    const session = await person.client.get("/api/session");
    expect(session.json().counters.bookings).toBe(1);
    expect((await bookFor(await family(), slots[20]!)).statusCode).toBe(201);
    const twice = await staff.client.post(`/api/admin/bookings/${refunded.cuid}/cancel`, {
      refund: true,
    });
    expect([twice.statusCode, twice.json().error]).toEqual([409, "BOOKING_ALREADY_CANCELED"]);

    const kept = (await bookFor(person, slots[21]!)).json();
    const keptShare = await shareOf(kept.cuid);
    await t.db
      .update(bookingParticipations)
      .set({ paidAmount: 700 })
      .where(eq(bookingParticipations.id, keptShare.id));
    const noRefund = await staff.client.post(`/api/admin/bookings/${kept.cuid}/cancel`, {
      refund: false,
    });
    expect(noRefund.statusCode).toBe(200);
    // What was paid is kept, and nothing more is owed.
    expect(await shareOf(kept.cuid)).toMatchObject({ total: 700, paid: 700 });
    const keptView = (await person.client.get(`/api/bookings/${kept.cuid}`)).json().booking;
    expect(keptView).toMatchObject({ status: "CANCELLED", refunded_amount: 0, paid_amount: 700 });
    // The cancelled bookings come after one still to come.
    const live = (await bookFor(person, slots[22]!)).json();
    const order = (await person.client.get("/api/bookings")).json().data;
    expect(order[0]).toMatchObject({ cuid: live.cuid, status: "CONFIRMED", canceled_at: null });
    const bad = await staff.client.post(`/api/admin/bookings/${kept.cuid}/cancel`, {
      refund: "yes",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a staff booking and customers' adds racing for one slot: exactly one wins", async () => {
    const start = slots[30]!;
    const people = await Promise.all(Array.from({ length: 6 }, () => family()));
    const answers = await Promise.all([
      bookFor(people[0]!, start),
      ...people.slice(1).map((person) =>
        person.client.post("/api/carts/items", {
          bookings: [
            {
              resource_id: resource.id,
              participant_id: person.participantId,
              dates: [period(start)],
              participants: [],
              payment_split: false,
            },
          ],
        }),
      ),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(answers.length - 1);
    const rows = await t.db
      .select()
      .from(resourceReservations)
      .where(
        and(
          eq(resourceReservations.resourceId, resource.id),
          eq(
            resourceReservations.period,
            `["${start.toISOString()}","${new Date(start.getTime() + HOUR * 1000).toISOString()}")`,
          ),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});
