import {
  activities,
  availabilities,
  availabilityDates,
  locations,
  registrations,
  withTenant,
} from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { localDay, weekInZone } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleContext } from "../src/http/console-context.ts";
import { consoleDashboard } from "../src/modules/dashboard/console-service.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
});
afterAll(() => t.close());

/** The dashboard as the console computes it at `now` (the route uses the present instant). */
async function dashboardAt(now: Date) {
  const organiser = (await findOrganiserByHost(t.db, DEMO_HOST, "localhost"))!;
  return withTenant(t.db, organiser.id, (db) =>
    consoleDashboard({ db, organiser } as unknown as ConsoleContext, now),
  );
}

/** An availability of `title` with a date at each instant (capacity per date). */
async function availabilityOn(
  title: string,
  location: number | null,
  dates: Array<{ start: string; capacity: number | null }>,
) {
  const [activity] = await t.db
    .insert(activities)
    .values({ organiserId: demoId, title, published: true })
    .returning();
  const starts = dates.map((date) => new Date(date.start).getTime());
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId: demoId,
      activityId: activity!.id,
      locationId: location,
      startAt: new Date(Math.min(...starts)),
      endAt: new Date(Math.max(...starts) + 3_600_000),
      capacity: 10,
      price: 10_000,
    })
    .returning();
  const rows = await t.db
    .insert(availabilityDates)
    .values(
      dates.map((date) => ({
        organiserId: demoId,
        availabilityId: availability!.id,
        startAt: new Date(date.start),
        endAt: new Date(new Date(date.start).getTime() + 3_600_000),
        capacity: date.capacity,
      })),
    )
    .returning();
  return { activity: activity!, availability: availability!, dates: rows };
}

let customers = 0;

/** A customer of the demo storefront who registers on every date of `availability` (DELAYED). */
async function registerOn(
  availability: { id: number },
  dateIds: number[],
  checkout = true,
): Promise<{ cuid: string; lastname: string } | null> {
  customers += 1;
  const lastname = `Dashboard${customers}`;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Client", lastname, email: `dashboard-${customers}@example.org` },
    participant: { firstname: "Enfant", lastname },
  });
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(availability.id, who.participantId, dateIds),
  );
  expect(added.statusCode, added.body).toBe(201);
  if (!checkout) return null;
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: added.json().cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const [row] = await t.db
    .select({ cuid: registrations.cuid })
    .from(registrations)
    .where(eq(registrations.customerId, who.customerId));
  return { cuid: row!.cuid, lastname };
}

describe("the console's dashboard", () => {
  it("shows the week's sessions in the organiser's zone with their fill, the registrations of the last 7 days and what is owed", async () => {
    // Wednesday 26 March 2031, 10:00 in Brussels; the clocks go forward on Sunday the 30th.
    const now = new Date("2031-03-26T09:00:00Z");
    const before = await dashboardAt(now);

    const [hall] = await t.db
      .insert(locations)
      .values({ organiserId: demoId, title: "Salle du tableau de bord" })
      .returning();
    const camp = await availabilityOn("Stage du tableau de bord", hall!.id, [
      { start: "2031-03-24T08:00:00Z", capacity: 10 }, // Monday 09:00
      { start: "2031-03-26T13:00:00Z", capacity: 3 }, // Wednesday 14:00
    ]);
    const open = await availabilityOn("Atelier libre", null, [
      { start: "2031-03-23T22:30:00Z", capacity: 5 }, // Sunday 23 at 23:30: the week before
      { start: "2031-03-30T21:30:00Z", capacity: null }, // Sunday 30 at 23:30 (UTC+2): this week
      { start: "2031-03-30T22:30:00Z", capacity: 5 }, // Monday 31 at 00:30: the next week
    ]);
    const campDates = camp.dates.map((date) => date.id);
    const kept = (await registerOn(camp.availability, campDates))!;
    const cancelled = (await registerOn(camp.availability, campDates))!;
    // A place held in a cart is not a registration.
    await registerOn(camp.availability, campDates, false);
    await t.db
      .update(registrations)
      .set({ cancelled: true, createdAt: new Date("2031-03-15T12:00:00Z") })
      .where(eq(registrations.cuid, cancelled.cuid));
    await t.db
      .update(registrations)
      .set({ createdAt: new Date("2031-03-25T12:00:00Z") })
      .where(eq(registrations.cuid, kept.cuid));

    const dashboard = await dashboardAt(now);
    expect(dashboard.today).toBe("2031-03-26");
    expect(dashboard.week).toEqual({
      monday: "2031-03-24",
      sunday: "2031-03-30",
      sessions: 3,
      registered: 2,
      capacity: 13,
      fill_rate: 2 / 13,
    });
    expect(
      dashboard.sessions.map((session) => ({
        day: session.day,
        activity: session.activity.title,
        location: session.location?.title ?? null,
        registered: session.registered,
        capacity: session.capacity,
        fill_rate: session.fill_rate,
      })),
    ).toEqual([
      {
        day: "2031-03-24",
        activity: "Stage du tableau de bord",
        location: "Salle du tableau de bord",
        registered: 1,
        capacity: 10,
        fill_rate: 0.1,
      },
      {
        day: "2031-03-26",
        activity: "Stage du tableau de bord",
        location: "Salle du tableau de bord",
        registered: 1,
        capacity: 3,
        fill_rate: 1 / 3,
      },
      {
        day: "2031-03-30",
        activity: "Atelier libre",
        location: null,
        registered: 0,
        capacity: null,
        fill_rate: null,
      },
    ]);
    expect(dashboard.sessions[0]).toMatchObject({
      cuid: camp.dates[0]!.cuid,
      availability_cuid: camp.availability.cuid,
      start_at: "2031-03-24T08:00:00.000Z",
      status: "OPEN",
    });
    expect(dashboard.sessions[2]!.cuid).toBe(open.dates[1]!.cuid);

    // Last 7 days: [19 March 10:00, 26 March 10:00); the 7 before: [12 March, 19 March).
    expect(dashboard.registrations.last_7_days).toBe(1);
    expect(dashboard.registrations.previous_7_days).toBe(1);
    const [latest, second] = dashboard.registrations.latest;
    expect(latest).toMatchObject({
      cuid: kept.cuid,
      cancelled: false,
      total_amount: 10_000,
      customer: { firstname: "Client", lastname: kept.lastname },
      participant: { firstname: "Enfant", lastname: kept.lastname },
      activity: { cuid: camp.activity.cuid, title: "Stage du tableau de bord" },
      availability: { cuid: camp.availability.cuid },
    });
    expect(second).toMatchObject({ cuid: cancelled.cuid, cancelled: true });
    const all = await t.db.$count(registrations, eq(registrations.organiserId, demoId));
    expect(dashboard.registrations.latest).toHaveLength(Math.min(10, all));

    // The kept registration owes its price; the cancelled one owes nothing.
    expect(dashboard.outstanding).toEqual({
      amount_due: before.outstanding.amount_due + 10_000,
      carts: before.outstanding.carts + 1,
    });
  });

  it("answers the present week on the API, to collaborators with reports.dashboard.read", async () => {
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const response = await owner.get("/api/admin/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json();
    const week = weekInZone(new Date(), "Europe/Brussels");
    expect(dashboard.today).toBe(localDay(new Date(), "Europe/Brussels"));
    expect(dashboard.week).toMatchObject({ monday: week.monday, sunday: week.sunday });
    // The demo's sessions of this week, counted here straight from the tables.
    const counted = await t.db.execute<{ sessions: number; registered: number }>(sql`
      select count(*)::int as sessions, coalesce(sum((
        select count(*) from registration_dates rd
          join registrations r on r.id = rd.registration_id and not r.cancelled
         where rd.availability_date_id = d.id)), 0)::int as registered
        from availability_dates d
       where d.organiser_id = ${demoId}
         and d.start_at >= ${week.start.toISOString()} and d.start_at < ${week.end.toISOString()}`);
    expect(dashboard.week).toMatchObject(counted.rows[0]!);
    for (const session of dashboard.sessions) {
      expect(session.day >= week.monday && session.day <= week.sunday).toBe(true);
    }

    const viewer = await collaboratorWith(t, ["reports.dashboard.read"]);
    expect((await viewer.client.get("/api/admin/dashboard")).statusCode).toBe(200);
    const other = await collaboratorWith(t, ["registrations.registrations.read"]);
    expect((await other.client.get("/api/admin/dashboard")).json()).toEqual({
      error: "FORBIDDEN",
    });
  });
});
