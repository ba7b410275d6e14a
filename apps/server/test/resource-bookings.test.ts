import {
  bookingParticipations,
  bookings,
  cartItems,
  resourceClosures,
  resourceReservations,
  resourceSlots,
  resources,
} from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith } from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Resource bookings (docs/decisions/0063-resource-bookings.md): POST /api/carts/items `bookings`,
// the no-double-booking guarantee, expiring holds, checkout, shares and the partner search.

let t: TestApp;
let demoId: number;
let demoEnId: number;
let court: number;
let otherCourt: number;
let counter = 0;

const HOUR = 3600;
const PRICES = [
  { duration: HOUR, amount: 2_000 },
  { duration: 2 * HOUR, amount: 3_600 },
];

/** Tomorrow (or `days` ahead) at `hour`:00 UTC. */
function at(hour: number, days = 1): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}

async function resourceWithSlots(organiserId: number, name: string, starts: Date[]) {
  const [row] = await t.db
    .insert(resources)
    .values({ organiserId, name, bookingDaysAhead: 30 })
    .returning({ id: resources.id });
  await t.db
    .insert(resourceSlots)
    .values(
      starts.map((startAt) => ({ organiserId, resourceId: row!.id, startAt, prices: PRICES })),
    );
  return row!.id;
}

async function customer(organiserId = demoId, host = DEMO_HOST) {
  counter += 1;
  return sessionCustomer(t, {
    organiserId,
    host,
    customer: {
      firstname: "Client",
      lastname: `Court${counter}`,
      email: `court-${counter}@example.org`,
    },
    participant: { firstname: "Joueur", lastname: `Court${counter}` },
  });
}

function booking(
  resourceId: number,
  start: Date,
  seconds: number,
  extra: Record<string, unknown> = {},
) {
  return {
    bookings: [
      {
        resource_id: resourceId,
        dates: [
          {
            start_at: start.toISOString(),
            end_at: new Date(start.getTime() + seconds * 1000).toISOString(),
          },
        ],
        ...extra,
      },
    ],
  };
}

async function reservationsOf(resourceId: number) {
  return t.db
    .select({
      cartItemId: resourceReservations.cartItemId,
      bookingDateId: resourceReservations.bookingDateId,
    })
    .from(resourceReservations)
    .where(eq(resourceReservations.resourceId, resourceId));
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
  const starts = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((hour) => at(hour));
  court = await resourceWithSlots(demoId, "Court test", [...starts, at(10, 2), at(10, 60)]);
  otherCourt = await resourceWithSlots(demoEnId, "Other court", starts);
});

afterAll(async () => {
  await t?.close();
});

describe("POST /api/carts/items bookings", () => {
  it("adds a booking at the slot's price, holds it, and the slot is no longer free", async () => {
    const { client, participantId } = await customer();
    const response = await client.post(
      "/api/carts/items",
      booking(court, at(8), 2 * HOUR, { participant_id: participantId }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json().cart.items.find((row: { type: string }) => row.type === "BOOKING");
    expect(item).toMatchObject({
      price: 3_600,
      resource: { id: court, name: "Court test" },
      booking_dates: [{ start_at: at(8).toISOString(), end_at: at(10).toISOString() }],
      participants: [{ id: participantId, amount: 3_600 }],
    });
    const free = await client.get(
      `/api/resources/availabilities?resources=${court}&after=${at(0).toISOString()}&before=${at(23).toISOString()}`,
    );
    const starts = free.json().data.map((slot: { start_at: string }) => slot.start_at);
    expect(starts).not.toContain(at(8).toISOString());
    expect(starts).not.toContain(at(9).toISOString());
    expect(starts).toContain(at(10).toISOString());
  });

  it("gives one slot to exactly one of 50 customers racing for it", async () => {
    const crowd = await Promise.all(Array.from({ length: 50 }, () => customer()));
    const answers = await Promise.all(
      crowd.map(({ client, participantId }) =>
        client.post(
          "/api/carts/items",
          booking(court, at(12), HOUR, { participant_id: participantId }),
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().error).toBe("BOOKING_SLOT_TAKEN");
    }
    const held = await t.db.execute(
      sql`select count(*)::int as n from resource_reservations where resource_id = ${court}
          and period && tstzrange(${at(12)}, ${at(13)})`,
    );
    expect(held.rows[0]).toEqual({ n: 1 });
  });

  it("refuses an overlapping period (a 2-hour booking over a held hour)", async () => {
    const first = await customer();
    const second = await customer();
    expect(
      (
        await first.client.post(
          "/api/carts/items",
          booking(court, at(14), HOUR, { participant_id: first.participantId }),
        )
      ).statusCode,
    ).toBe(201);
    const overlap = await second.client.post(
      "/api/carts/items",
      booking(court, at(13), 2 * HOUR, { participant_id: second.participantId }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe("BOOKING_SLOT_TAKEN");
  });

  it("frees the slot of an expired hold", async () => {
    const first = await customer();
    const second = await customer();
    const added = await first.client.post(
      "/api/carts/items",
      booking(court, at(16), HOUR, { participant_id: first.participantId }),
    );
    expect(added.statusCode).toBe(201);
    const itemId = added.json().cart.items[0].id;
    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartItems.id, itemId));
    const again = await second.client.post(
      "/api/carts/items",
      booking(court, at(16), HOUR, { participant_id: second.participantId }),
    );
    expect(again.statusCode).toBe(201);
    const rows = await reservationsOf(court);
    expect(rows.some((row) => row.cartItemId === itemId)).toBe(false);
  });

  it("refuses what the rules refuse, and changes nothing", async () => {
    const { client, participantId } = await customer();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        booking(court, at(10), 90 * 60, { participant_id: participantId }),
        409,
        "BOOKING_PRICE_MISMATCH",
      ],
      [
        booking(court, new Date(at(10).getTime() + 1_800_000), HOUR, {
          participant_id: participantId,
        }),
        409,
        "BOOKING_SLOT_NOT_FOUND",
      ],
      [
        booking(court, at(10, 60), HOUR, { participant_id: participantId }),
        409,
        "BOOKING_TOO_FAR_AHEAD",
      ],
      [
        booking(otherCourt, at(10), HOUR, { participant_id: participantId }),
        404,
        "RESOURCE_NOT_FOUND",
      ],
      [booking(court, at(10), HOUR), 400, "VALIDATION_ERROR"],
      [
        { bookings: [{ resource_id: court, participant_id: participantId }] },
        400,
        "VALIDATION_ERROR",
      ],
      [
        {
          bookings: [
            {
              resource_id: court,
              participant_id: participantId,
              dates: [{ start_at: "tomorrow", end_at: 3 }],
            },
          ],
        },
        400,
        "VALIDATION_ERROR",
      ],
    ];
    for (const [body, status, error] of cases) {
      const response = await client.post("/api/carts/items", body);
      expect([response.statusCode, response.json().error]).toEqual([status, error]);
    }
    // A slot in the past.
    await t.db
      .insert(resourceSlots)
      .values({ organiserId: demoId, resourceId: court, startAt: at(10, -1), prices: PRICES });
    const past = await client.post(
      "/api/carts/items",
      booking(court, at(10, -1), HOUR, { participant_id: participantId }),
    );
    expect([past.statusCode, past.json().error]).toEqual([409, "BOOKING_IN_PAST"]);
    // A closure.
    await t.db
      .insert(resourceClosures)
      .values({ organiserId: demoId, resourceId: court, startAt: at(10, 2), endAt: at(12, 2) });
    const closed = await client.post(
      "/api/carts/items",
      booking(court, at(10, 2), HOUR, { participant_id: participantId }),
    );
    expect([closed.statusCode, closed.json().error]).toEqual([409, "BOOKING_RESOURCE_CLOSED"]);
    // Another customer's participant as the booker.
    const other = await customer();
    const notOwn = await client.post(
      "/api/carts/items",
      booking(court, at(10), HOUR, { participant_id: other.participantId }),
    );
    expect([notOwn.statusCode, notOwn.json().error]).toEqual([404, "PARTICIPANT_NOT_FOUND"]);
    const cart = await client.get("/api/carts");
    expect(cart.statusCode === 200 ? (cart.json().cart?.items ?? []) : []).toEqual([]);
  });

  it("checks out a split booking: the booker pays their share, the partner owes theirs", async () => {
    const booker = await customer();
    const partner = await customer();
    const added = await booker.client.post(
      "/api/carts/items",
      booking(court, at(17), HOUR, {
        participant_id: booker.participantId,
        participants: [{ id: partner.participantId }],
        payment_split: true,
      }),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().cart.items[0]).toMatchObject({
      price: 1_000,
      participants: [
        { id: booker.participantId, amount: 1_000 },
        { id: partner.participantId, amount: 1_000 },
      ],
    });
    const checkout = await booker.client.post("/api/carts/checkout", {
      payment_strategy: "DELAYED",
      terms: true,
      cart_id: added.json().cart.id,
    });
    expect(checkout.statusCode).toBe(200);
    const rows = await t.db
      .select({
        bookingId: bookingParticipations.bookingId,
        customerId: bookingParticipations.customerId,
        total: bookingParticipations.totalAmount,
      })
      .from(bookingParticipations)
      .innerJoin(bookings, eq(bookings.id, bookingParticipations.bookingId))
      .where(eq(bookings.resourceId, court));
    expect(rows.map((row) => [row.customerId, row.total]).sort()).toEqual(
      [
        [booker.customerId, 1_000],
        [partner.customerId, 1_000],
      ].sort(),
    );
    const held = (await reservationsOf(court)).filter((row) => row.bookingDateId !== null);
    expect(held).toHaveLength(1);
    const partnerList = await partner.client.get("/api/bookings");
    expect(partnerList.json().data[0]).toMatchObject({ total_amount: 1_000, paid_amount: 0 });

    // The partner pays their share from their own wallet; nobody else can pay it for them.
    const share = partnerList.json().data[0].participations[0];
    const destination = { type: "BOOKING_PARTICIPATION", id: share.id };
    const stranger = await booker.client.post("/api/transactions/wallet", {
      amount: 1_000,
      destination,
    });
    expect([stranger.statusCode, stranger.json().error]).toEqual([404, "BOOKING_NOT_FOUND"]);
    await t.db.execute(
      sql`update customers set wallet_amount = 5000 where id = ${partner.customerId}`,
    );
    const tooMuch = await partner.client.post("/api/transactions/wallet", {
      amount: 1_500,
      destination,
    });
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([409, "AMOUNT_ABOVE_DUE"]);
    const paid = await partner.client.post("/api/transactions/wallet", {
      amount: 1_000,
      destination,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      wallet: { amount: 4_000 },
      destination: { amount_due: 0, paid_amount: 1_000 },
    });
    const after = await partner.client.get("/api/bookings");
    expect(after.json().data[0]).toMatchObject({ total_amount: 1_000, paid_amount: 1_000 });
  });
});

describe("GET /api/participants?scope=booking", () => {
  it("answers other customers' participants with only id, full name and a masked e-mail", async () => {
    const me = await customer();
    const friend = await sessionCustomer(t, {
      organiserId: demoId,
      host: DEMO_HOST,
      customer: { firstname: "Zoé", lastname: "Partenaire", email: "zoe.partenaire@example.org" },
      participant: { firstname: "Zoé", lastname: "Partenaire" },
    });
    await sessionCustomer(t, {
      organiserId: demoEnId,
      host: "demo-en.localhost",
      customer: { firstname: "Zoe", lastname: "Partenaire", email: "zoe.other@example.org" },
      participant: { firstname: "Zoe", lastname: "Partenaire" },
    });
    const found = await me.client.get("/api/participants?scope=booking&search=zoe%20parten");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      data: [
        {
          id: friend.participantId,
          fullname: "Zoé Partenaire",
          customer: { email: "z•••@e•••.org" },
        },
      ],
    });
    // Not one's own participants.
    const own = await friend.client.get("/api/participants?scope=booking&search=partenaire");
    expect(own.json().data).toEqual([]);
  });

  it("asks for 3 characters and a customer, and caps the answers", async () => {
    const me = await customer();
    const short = await me.client.get("/api/participants?scope=booking&search=zo");
    expect([short.statusCode, short.json().fields]).toEqual([400, { search: "TOO_SHORT" }]);
    const anonymous = await new Client(t.app, DEMO_HOST).get(
      "/api/participants?scope=booking&search=court",
    );
    expect(anonymous.statusCode).toBe(401);
    await Promise.all(Array.from({ length: 11 }, () => customer()));
    const many = await me.client.get("/api/participants?scope=booking&search=court");
    expect(many.json().data).toHaveLength(10);
  });

  it("is rate limited", async () => {
    const me = await customer();
    const answers = [];
    for (let index = 0; index < 35; index += 1) {
      answers.push(
        (await me.client.get("/api/participants?scope=booking&search=court")).statusCode,
      );
    }
    expect(answers).toContain(429);
  });
});

describe("demo bookings", () => {
  it("hold their periods: each date of the demo's live bookings has its reservation", async () => {
    // The demo's bookings come from checkout (apps/server/src/demo); one was cancelled by staff,
    // which freed its period.
    const result = await t.db.execute(sql`
      select count(*)::int as dates, count(r.id)::int as held
        from booking_dates d
        join bookings b on b.id = d.booking_id and b.canceled_at is null
        left join resource_reservations r on r.booking_date_id = d.id
       where d.organiser_id = ${demoId}
         and d.booking_id not in (select booking_id from booking_participations bp
                                   join participants p on p.id = bp.participant_id
                                  where p.lastname like 'Court%')`);
    const { dates, held } = result.rows[0] as { dates: number; held: number };
    expect(dates).toBeGreaterThan(0);
    expect(held).toBe(dates);
  });
});

describe("console planning", () => {
  it("lists resources and a resource's week: bookings with their families, live holds", async () => {
    const staff = await collaboratorWith(t, ["resources.resources.read", "bookings.bookings.read"]);
    const list = await staff.client.get("/api/admin/resources");
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((row: { id: number }) => row.id === court);
    expect(mine).toMatchObject({ name: "Court test" });

    const booker = await customer();
    await booker.client.post(
      "/api/carts/items",
      booking(court, at(11), HOUR, { participant_id: booker.participantId }),
    );
    const from = at(0).toISOString().slice(0, 10);
    const planning = await staff.client.get(
      `/api/admin/resources/${mine.cuid}/planning?from=${from}&days=1`,
    );
    expect(planning.statusCode).toBe(200);
    const body = planning.json();
    expect(body.holds.map((hold: { start_at: string }) => hold.start_at)).toContain(
      at(11).toISOString(),
    );
    // The split booking checked out above, with both families.
    const split = body.bookings.find(
      (row: { start_at: string }) => row.start_at === at(17).toISOString(),
    );
    expect(split.participants).toHaveLength(2);
    expect(split.participants[1]).toMatchObject({ total_amount: 1_000 });

    const bad = await staff.client.get(`/api/admin/resources/${mine.cuid}/planning?days=3`);
    expect(bad.statusCode).toBe(400);
    // Another organiser's resource is not found here.
    const [other] = await t.db
      .select({ cuid: resources.cuid })
      .from(resources)
      .where(eq(resources.id, otherCourt));
    const foreign = await staff.client.get(`/api/admin/resources/${other!.cuid}/planning`);
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, "RESOURCE_NOT_FOUND"]);
  });
});
