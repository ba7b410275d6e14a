import { auditLogs, bookings, resourceSlots, resources } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// The console's resource editor (docs/decisions/0065-resource-console.md): a resource, its weekly
// hours made into slots the storefront offers, its closures, and deleting it.

let t: TestApp;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await collaboratorWith(t, [
    "resources.resources.create",
    "resources.resources.read",
    "resources.resources.update",
    "resources.resources.delete",
  ]);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  start: "09:00",
  end: "12:00",
  prices: [
    { duration: HOUR, amount: 1_500 },
    { duration: 2 * HOUR, amount: 2_800 },
  ],
}));

const court = (extra: Record<string, unknown> = {}) => ({
  name: "Court central",
  description: "Terre battue",
  booking_days_ahead: 14,
  opening_hours: EVERY_DAY,
  ...extra,
});

async function slotsOf(id: number) {
  return t.db
    .select({ startAt: resourceSlots.startAt, prices: resourceSlots.prices })
    .from(resourceSlots)
    .where(and(eq(resourceSlots.resourceId, id), sql`${resourceSlots.startAt} > now()`))
    .orderBy(resourceSlots.startAt);
}

describe("console resources", () => {
  it("creates a resource whose hours become slots the storefront offers, audited", async () => {
    const created = await staff.client.post("/api/admin/resources", court());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: "Court central", booking_days_ahead: 14, location: null });
    const slots = await slotsOf(body.id);
    // Three one-hour slots a day over 15 local days, less those of today already begun.
    expect(slots.length).toBeGreaterThanOrEqual(42);
    expect(slots.length).toBeLessThanOrEqual(45);
    expect(body.upcoming_slots).toBe(slots.length);
    expect(slots[0]!.prices).toEqual(EVERY_DAY[0]!.prices);
    // 09:00, 10:00, 11:00 Brussels time: never a slot ending after noon.
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Brussels",
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(new Set(slots.map((slot) => local.format(slot.startAt)))).toEqual(
      new Set(["09:00", "10:00", "11:00"]),
    );

    const after = new Date().toISOString();
    const before = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const anonymous = new Client(t.app, DEMO_HOST);
    const free = await anonymous.get(
      `/api/resources/availabilities?resources=${body.id}&after=${encodeURIComponent(after)}&before=${encodeURIComponent(before)}`,
    );
    expect(free.statusCode).toBe(200);
    expect(free.json().data.length).toBe(slots.length);

    const [audit] = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, body.cuid));
    expect(audit?.action).toBe("resource.created");

    const read = await staff.client.get(`/api/admin/resources/${body.cuid}`);
    expect(read.json()).toMatchObject({ cuid: body.cuid, opening_hours: EVERY_DAY });
  });

  it("remakes the slots when the hours change, and keeps slots made otherwise on a rename", async () => {
    const created = (await staff.client.post("/api/admin/resources", court())).json();
    const weekdays = EVERY_DAY.slice(0, 1).map((hours) => ({
      ...hours,
      start: "18:00",
      end: "20:00",
      prices: [{ duration: 2 * HOUR, amount: 3_000 }],
    }));
    const updated = await staff.client.put(
      `/api/admin/resources/${created.cuid}`,
      court({ opening_hours: weekdays, booking_days_ahead: 21 }),
    );
    expect(updated.statusCode).toBe(200);
    const slots = await slotsOf(created.id);
    // Mondays only, one two-hour slot: three or four Mondays in 22 days.
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.length).toBeLessThanOrEqual(4);
    expect(slots.every((slot) => slot.prices[0]!.amount === 3_000)).toBe(true);

    // A resource without hours (its slots written another way, as the demo's) keeps them.
    const organiserId = await organiserIdOf(t.db, "demo");
    const [seeded] = await t.db
      .insert(resources)
      .values({ organiserId, name: "Salle" })
      .returning();
    const start = new Date(Date.now() + 86_400_000);
    await t.db.insert(resourceSlots).values({
      organiserId,
      resourceId: seeded!.id,
      startAt: start,
      prices: [{ duration: HOUR, amount: 100 }],
    });
    const renamed = await staff.client.put(
      `/api/admin/resources/${seeded!.cuid}`,
      court({ name: "Salle polyvalente", opening_hours: [] }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await slotsOf(seeded!.id)).toHaveLength(1);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    const created = (await staff.client.post("/api/admin/resources", court())).json();
    const before = await databaseDigest(t.db);
    const bad: [unknown, string][] = [
      [null, ""],
      [[], ""],
      [court({ name: "" }), "name"],
      [court({ name: "x".repeat(101) }), "name"],
      [court({ booking_days_ahead: -1 }), "booking_days_ahead"],
      [court({ booking_days_ahead: 1e9 }), "booking_days_ahead"],
      [court({ opening_hours: [{ ...EVERY_DAY[0], weekday: 8 }] }), "opening_hours.0.weekday"],
      [court({ opening_hours: [{ ...EVERY_DAY[0], start: "25:00" }] }), "opening_hours.0.start"],
      [court({ opening_hours: [{ ...EVERY_DAY[0], prices: [] }] }), "opening_hours.0.prices"],
      [
        court({
          opening_hours: [{ ...EVERY_DAY[0], prices: [{ duration: 30, amount: 100 }] }],
        }),
        "opening_hours.0.prices.0.duration",
      ],
      [
        court({
          opening_hours: [{ ...EVERY_DAY[0], prices: [{ duration: HOUR, amount: -5 }] }],
        }),
        "opening_hours.0.prices.0.amount",
      ],
      [
        court({
          opening_hours: [
            { ...EVERY_DAY[0], prices: [EVERY_DAY[0]!.prices[0], EVERY_DAY[0]!.prices[0]] },
          ],
        }),
        "opening_hours.0.prices",
      ],
      [court({ opening_hours: [{ ...EVERY_DAY[0], end: "09:30" }] }), "opening_hours.0.end"],
      [
        court({ opening_hours: [EVERY_DAY[0], { ...EVERY_DAY[0], start: "11:00", end: "13:00" }] }),
        "opening_hours",
      ],
    ];
    for (const [body, field] of bad) {
      for (const response of [
        await staff.client.post("/api/admin/resources", body),
        await staff.client.put(`/api/admin/resources/${created.cuid}`, body),
      ]) {
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        if (field) expect(Object.keys(response.json().fields ?? {})).toContain(field);
      }
    }
    const unknownPlace = await staff.client.post(
      "/api/admin/resources",
      court({ location: "zzzzzzzzzzzzzzzzzzzzzzzz" }),
    );
    expect([unknownPlace.statusCode, unknownPlace.json().error]).toEqual([
      404,
      "LOCATION_NOT_FOUND",
    ]);
    const badClosure = await staff.client.post(`/api/admin/resources/${created.cuid}/closures`, {
      start_at: "2030-01-02T10:00:00Z",
      end_at: "2030-01-02T09:00:00Z",
    });
    expect(badClosure.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("adds a closure the storefront then refuses, and removes it", async () => {
    const created = (await staff.client.post("/api/admin/resources", court())).json();
    const slots = await slotsOf(created.id);
    const closed = slots[3]!.startAt;
    const added = await staff.client.post(`/api/admin/resources/${created.cuid}/closures`, {
      start_at: closed.toISOString(),
      end_at: new Date(closed.getTime() + HOUR * 1000).toISOString(),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().closures).toHaveLength(1);
    const closure = added.json().closures[0].cuid;

    const removed = await staff.client.delete(
      `/api/admin/resources/${created.cuid}/closures/${closure}`,
    );
    expect([removed.statusCode, removed.json().closures]).toEqual([200, []]);
    const again = await staff.client.delete(
      `/api/admin/resources/${created.cuid}/closures/${closure}`,
    );
    expect([again.statusCode, again.json().error]).toEqual([404, "RESOURCE_CLOSURE_NOT_FOUND"]);
  });

  it("refuses to delete a booked resource (409) and deletes a free one", async () => {
    const booked = (await staff.client.post("/api/admin/resources", court())).json();
    const organiserId = await organiserIdOf(t.db, "demo");
    await t.db.insert(bookings).values({ organiserId, resourceId: booked.id });
    const refused = await staff.client.delete(`/api/admin/resources/${booked.cuid}`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, "RESOURCE_IN_USE"]);
    expect(await staff.client.get(`/api/admin/resources/${booked.cuid}`)).toMatchObject({
      statusCode: 200,
    });

    const free = (await staff.client.post("/api/admin/resources", court())).json();
    const deleted = await staff.client.delete(`/api/admin/resources/${free.cuid}`);
    expect(deleted.statusCode).toBe(200);
    expect(await slotsOf(free.id)).toHaveLength(0);
    const gone = await staff.client.get(`/api/admin/resources/${free.cuid}`);
    expect(gone.statusCode).toBe(404);
  });

  it("does not find another organiser's resource or closure", async () => {
    const otherStaff = await collaboratorWith(
      t,
      ["resources.resources.create", "resources.resources.update"],
      "demo-en",
    );
    const theirs = (await otherStaff.client.post("/api/admin/resources", court())).json();
    const closure = (
      await otherStaff.client.post(`/api/admin/resources/${theirs.cuid}/closures`, {
        start_at: "2030-01-02T09:00:00Z",
        end_at: "2030-01-02T10:00:00Z",
      })
    ).json().closures[0].cuid;
    const mine = (await staff.client.post("/api/admin/resources", court())).json();
    const before = await databaseDigest(t.db);
    for (const response of [
      await staff.client.get(`/api/admin/resources/${theirs.cuid}`),
      await staff.client.put(`/api/admin/resources/${theirs.cuid}`, court()),
      await staff.client.delete(`/api/admin/resources/${theirs.cuid}`),
      await staff.client.post(`/api/admin/resources/${theirs.cuid}/closures`, {
        start_at: "2030-01-02T09:00:00Z",
        end_at: "2030-01-02T10:00:00Z",
      }),
    ]) {
      expect([response.statusCode, response.json().error]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    }
    const foreignClosure = await staff.client.delete(
      `/api/admin/resources/${mine.cuid}/closures/${closure}`,
    );
    expect(foreignClosure.statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
