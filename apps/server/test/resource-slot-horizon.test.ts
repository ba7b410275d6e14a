import { organisers, resourceSlots } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendResourceSlots } from "../src/modules/bookings/slot-horizon.ts";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";

// Resources' slots kept to their horizon as days pass (docs/decisions/0072): the hourly job makes
// the days that came within reach, once, whatever the reruns and concurrent runs.

let t: TestApp;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
let demo: { id: number; timezone: string };
const DAY = 86_400_000;
const HOUR = 3600;

beforeAll(async () => {
  t = await createTestApp();
  staff = await collaboratorWith(t, ["resources.resources.create", "resources.resources.read"]);
  const id = await organiserIdOf(t.db, "demo");
  const [row] = await t.db
    .select({ id: organisers.id, timezone: organisers.timezone })
    .from(organisers)
    .where(eq(organisers.id, id));
  demo = row!;
});
afterAll(() => t.close());

const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  start: "09:00",
  end: "12:00",
  prices: [{ duration: HOUR, amount: 1_500 }],
}));

async function court(bookingDaysAhead: number | null) {
  const created = await staff.client.post("/api/admin/resources", {
    name: `Court ${Math.random().toString(36).slice(2, 8)}`,
    description: "",
    booking_days_ahead: bookingDaysAhead,
    opening_hours: hours,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; cuid: string };
}

async function slotStarts(resourceId: number) {
  const rows = await t.db
    .select({ startAt: resourceSlots.startAt })
    .from(resourceSlots)
    .where(and(eq(resourceSlots.organiserId, demo.id), eq(resourceSlots.resourceId, resourceId)))
    .orderBy(resourceSlots.startAt);
  return rows.map((row) => row.startAt.getTime());
}

const run = (now: Date) => extendResourceSlots(t.db, [demo], now);

describe("resources' slots kept to their horizon", () => {
  it("makes the days that came within reach, once under reruns and racing runs", async () => {
    const resource = await court(7);
    const saved = await slotStarts(resource.id);
    expect(saved.length).toBeGreaterThan(0);
    // Run now: the horizon is already reached, nothing is made.
    await run(new Date());
    expect(await slotStarts(resource.id)).toEqual(saved);

    // A day later, without anyone saving the resource: one more day of slots.
    expect(await run(new Date(Date.now() + DAY))).toBeGreaterThanOrEqual(3);
    const nextDay = await slotStarts(resource.id);
    expect(nextDay.length - saved.length).toBe(3);
    expect(nextDay.at(-1)! - saved.at(-1)!).toBe(DAY);

    // Ten days later, three runs at once: the days within reach are made once.
    const later = new Date(Date.now() + 10 * DAY);
    const made = await Promise.all([run(later), run(later), run(later)]);
    const after = await slotStarts(resource.id);
    expect(new Set(after).size).toBe(after.length);
    expect(after.at(-1)! - saved.at(-1)!).toBe(10 * DAY);
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(after.length - nextDay.length);
    // The days between the last run and `later` are past by then: from `later` on, the same
    // slots as saving the resource that day would make (seven days and the rest of that one).
    const ahead = after.filter((start) => start > later.getTime());
    expect(ahead.length).toBeGreaterThanOrEqual(7 * 3);
    expect(ahead.length).toBeLessThanOrEqual(8 * 3);
    // Every slot on the same grid: 09:00, 10:00, 11:00 local.
    const localHours = await t.db.execute<{ hour: string }>(
      sql`select distinct to_char(start_at at time zone ${demo.timezone}, 'HH24:MI') as hour
          from resource_slots where resource_id = ${resource.id} order by 1`,
    );
    expect(localHours.rows.map((row) => row.hour)).toEqual(["09:00", "10:00", "11:00"]);

    // A rerun at the same time makes nothing.
    await run(later);
    expect(await slotStarts(resource.id)).toEqual(after);
  });

  it("keeps a resource without a horizon open 90 days ahead and leaves hourless resources alone", async () => {
    const resource = await court(null);
    const saved = await slotStarts(resource.id);
    const lastDay = (starts: number[]) => Math.round((starts.at(-1)! - Date.now()) / DAY);
    expect(lastDay(saved)).toBeLessThanOrEqual(91);
    await run(new Date(Date.now() + 30 * DAY));
    const after = await slotStarts(resource.id);
    expect(after.length - saved.length).toBe(30 * 3);

    const bare = await staff.client.post("/api/admin/resources", {
      name: "Salle sans horaires",
      description: "",
      booking_days_ahead: null,
      opening_hours: [],
    });
    expect(bare.statusCode, bare.body).toBe(201);
    await run(new Date(Date.now() + 30 * DAY));
    expect(await slotStarts(bare.json().id)).toEqual([]);
  });
});
