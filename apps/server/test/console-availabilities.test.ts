import {
  activities,
  auditLogs,
  availabilities,
  availabilityDates,
  categories,
  locations,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;
let club: { id: number; cuid: string };
let otherActivity: string;
let park: string;
let otherLocation: string;
let category: string;

async function firstOf<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error("fixture missing");
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t.db, "demo");
  const demoEnId = await organiserIdOf(t.db, "demo-en");
  club = await firstOf(
    t.db
      .select({ id: activities.id, cuid: activities.cuid })
      .from(activities)
      .where(
        and(eq(activities.organiserId, demoId), eq(activities.title, "Club nature du mercredi")),
      ),
  );
  otherActivity = (
    await firstOf(
      t.db
        .select({ cuid: activities.cuid })
        .from(activities)
        .where(eq(activities.organiserId, demoEnId)),
    )
  ).cuid;
  park = (
    await firstOf(
      t.db
        .select({ cuid: locations.cuid })
        .from(locations)
        .where(eq(locations.organiserId, demoId)),
    )
  ).cuid;
  otherLocation = (
    await firstOf(
      t.db
        .select({ cuid: locations.cuid })
        .from(locations)
        .where(eq(locations.organiserId, demoEnId)),
    )
  ).cuid;
  category = (
    await firstOf(
      t.db
        .select({ cuid: categories.cuid })
        .from(categories)
        .where(eq(categories.organiserId, demoId)),
    )
  ).cuid;
});
afterAll(() => t.close());

/** Wednesdays 14:00–16:00 of the 2027–2028 school year, All Saints' and Christmas skipped. */
const schoolYear = {
  from: "2027-09-01",
  to: "2028-06-30",
  weekdays: [3],
  slots: [{ start: "14:00", end: "16:00" }],
  skip: [
    { from: "2027-10-23", to: "2027-11-07" },
    { from: "2027-12-18", to: "2028-01-02" },
  ],
};

const settings = {
  location: null,
  capacity: 12,
  price: 18_000,
  deposit: 6_000,
  registrations_start_at: null,
  registrations_end_at: null,
  age_minimum: null,
  age_maximum: null,
  categories: [],
};

type DateView = { cuid: string; start_at: string; end_at: string; status: string };

async function scheduled(schedule: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const response = await owner.post("/api/admin/availabilities/schedules", {
    ...settings,
    activity: club.cuid,
    schedule,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function withDates(dates: { start_at: string; end_at: string }[], extra = {}) {
  const response = await owner.post("/api/admin/availabilities", {
    ...settings,
    activity: club.cuid,
    dates,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A date in winter time (pass "+02:00" in summer) in Brussels. */
const day = (date: string, from = "10:00", to = "12:00", offset = "+01:00") => ({
  start_at: `${date}T${from}:00${offset}`,
  end_at: `${date}T${to}:00${offset}`,
});

/** The availability `cuid` as the storefront's catalogue call shows it (status OPEN unless given). */
async function onStorefront(cuid: string, status = "OPEN") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/availabilities?activity=${club.cuid}&status=${status}&after=2026-12-01&page_size=100`,
    headers: { host: DEMO_HOST },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { cuid: string; status: string; dates: DateView[] }[]).find(
    (item) => item.cuid === cuid,
  );
}

const lastAudit = (entityId: string) => lastAuditOf(t.db, entityId);

async function dateIdsOf(cuid: string): Promise<number[]> {
  const rows = await t.db
    .select({ id: availabilityDates.id })
    .from(availabilityDates)
    .innerJoin(availabilities, eq(availabilities.id, availabilityDates.availabilityId))
    .where(eq(availabilities.cuid, cuid))
    .orderBy(asc(availabilityDates.startAt));
  return rows.map((row) => row.id);
}

async function availabilityIdOf(cuid: string): Promise<number> {
  const [row] = await t.db
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(eq(availabilities.cuid, cuid));
  return row!.id;
}

let customers = 0;

/** A customer registered (checkout done) on every date of the availability `cuid`. */
async function registerOn(cuid: string, dateIds?: number[]) {
  customers += 1;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Console${customers}`,
      email: `console-availability-${customers}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Console${customers}` },
  });
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(
      await availabilityIdOf(cuid),
      who.participantId,
      dateIds ?? (await dateIdsOf(cuid)),
    ),
  );
  expect(added.statusCode, added.body).toBe(201);
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: added.json().cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
}

describe("weekly schedules", () => {
  it("previews Wednesdays 14:00–16:00 at 14:00 local time on both sides of both DST changes, saving nothing", async () => {
    const before = await t.db.select({ id: availabilities.id }).from(availabilities);
    const response = await owner.post("/api/admin/availabilities/schedule/preview", schoolYear);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as { dates: DateView[]; count: number; skipped_days: string[] };

    // 44 Wednesdays from 1 Sep 2027 to 28 Jun 2028, minus 2 at All Saints' and 2 at Christmas.
    expect(preview.count).toBe(40);
    expect(preview.dates).toHaveLength(40);
    expect(preview.skipped_days).toEqual(["2027-10-27", "2027-11-03", "2027-12-22", "2027-12-29"]);
    for (const date of preview.dates) {
      expect(date.start_at).toMatch(/T14:00:00\+0[12]:00$/);
      expect(date.end_at).toMatch(/T16:00:00\+0[12]:00$/);
    }
    // Europe/Brussels leaves summer time on 31 Oct 2027 and goes back to it on 26 Mar 2028.
    const startOf = (local: string) =>
      preview.dates.find((date) => date.start_at.startsWith(local));
    expect(startOf("2027-10-20")?.start_at).toBe("2027-10-20T14:00:00+02:00");
    expect(startOf("2027-11-10")?.start_at).toBe("2027-11-10T14:00:00+01:00");
    expect(startOf("2028-03-22")?.start_at).toBe("2028-03-22T14:00:00+01:00");
    expect(startOf("2028-03-29")?.start_at).toBe("2028-03-29T14:00:00+02:00");
    expect(await t.db.select({ id: availabilities.id }).from(availabilities)).toHaveLength(
      before.length,
    );
  });

  it("creates the availability with those dates, which the storefront shows at the same instants", async () => {
    const created = await scheduled(schoolYear, { location: park, categories: [category] });
    expect(created).toMatchObject({
      status: "OPEN",
      activity: { cuid: club.cuid, title: "Club nature du mercredi" },
      location: { cuid: park },
      dates_count: 40,
      capacity: 12,
      start_at: "2027-09-01T14:00:00+02:00",
      end_at: "2028-06-28T16:00:00+02:00",
      categories: [{ cuid: category }],
      registrations_count: 0,
      minimum_capacity: 0,
    });
    expect(created.dates.every((date: { capacity: number }) => date.capacity === 12)).toBe(true);

    const starts = (await onStorefront(created.cuid))!.dates.map((date) => date.start_at);
    expect(starts).toContain("2027-10-20T12:00:00.000Z");
    expect(starts).toContain("2027-11-10T13:00:00.000Z");
    expect(starts).toContain("2028-03-29T12:00:00.000Z");

    const audit = await lastAudit(created.cuid);
    expect(audit).toMatchObject({ action: "availability.created", entity: "availability" });
    expect(audit!.after).toMatchObject({ activity: club.cuid, dates: 40, capacity: 12 });
  });

  it("answers the generator's codes on the schedule's fields", async () => {
    const preview = (body: Record<string, unknown>) =>
      owner.post("/api/admin/availabilities/schedule/preview", { ...schoolYear, ...body });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ slots: [{ start: "16:00", end: "14:00" }] }, { "slots.0.end": "END_NOT_AFTER_START" }],
      [
        { slots: [{ start: "25:00", end: "26:00" }] },
        { "slots.0.start": "INVALID_TIME", "slots.0.end": "INVALID_TIME" },
      ],
      [
        {
          slots: [
            { start: "14:00", end: "16:00" },
            { start: "15:00", end: "17:00" },
          ],
        },
        { "slots.0": "SLOTS_OVERLAP", "slots.1": "SLOTS_OVERLAP" },
      ],
      [{ weekdays: [8] }, { "weekdays.0": "INVALID_WEEKDAY" }],
      [{ weekdays: [] }, { weekdays: "REQUIRED" }],
      [{ from: "2028-07-01" }, { to: "TO_BEFORE_FROM" }],
      [{ to: "2030-01-01" }, { to: "SCHEDULE_TOO_LONG" }],
      [{ from: "2027-02-30" }, { from: "INVALID_DATE" }],
      [{ skip: [{ from: "2027-08-01", to: "2028-07-31" }] }, { dates: "NO_DATES" }],
      [
        {
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          slots: [
            { start: "08:00", end: "09:00" },
            { start: "10:00", end: "11:00" },
          ],
        },
        { dates: "TOO_MANY_DATES" },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await preview(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    }

    const create = await owner.post("/api/admin/availabilities/schedules", {
      ...settings,
      activity: club.cuid,
      schedule: { ...schoolYear, slots: [{ start: "16:00", end: "14:00" }] },
    });
    expect(create.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { "schedule.slots.0.end": "END_NOT_AFTER_START" },
    });
  });

  it("adds a schedule's dates to an existing availability, skipping the dates it already has", async () => {
    const created = await scheduled({ ...schoolYear, to: "2027-09-30" });
    expect(created.dates_count).toBe(5);
    const response = await owner.post(`/api/admin/availabilities/${created.cuid}/schedules`, {
      ...schoolYear,
      from: "2027-09-15",
      to: "2027-10-31",
    });
    expect(response.statusCode, response.body).toBe(201);
    // 15 Sep → 20 Oct: 6 Wednesdays, of which 15, 22 and 29 Sep existed.
    expect(response.json().dates_count).toBe(8);
    expect(response.json().end_at).toBe("2027-10-20T16:00:00+02:00");
    expect((await lastAudit(created.cuid))!.after).toMatchObject({
      added: 3,
      skipped_existing: 3,
    });
  });
});

describe("availabilities one by one", () => {
  it("creates one with its dates and refuses what does not add up, field by field", async () => {
    const created = await withDates([day("2027-02-10"), day("2027-02-03")], {
      registrations_start_at: "2027-01-04T09:00:00+01:00",
      registrations_end_at: "2027-02-01T18:00:00+01:00",
      age_minimum: 6,
      age_maximum: 10,
    });
    expect(created).toMatchObject({
      start_at: "2027-02-03T10:00:00+01:00",
      end_at: "2027-02-10T12:00:00+01:00",
      registrations_start_at: "2027-01-04T09:00:00+01:00",
      age_maximum: 10,
      dates_count: 2,
    });
    expect(created.dates.map((date: DateView) => date.start_at)).toEqual([
      "2027-02-03T10:00:00+01:00",
      "2027-02-10T10:00:00+01:00",
    ]);

    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const response = await owner.post("/api/admin/availabilities", {
        ...settings,
        activity: club.cuid,
        dates: [day("2027-02-03")],
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    };
    await refused({ activity: otherActivity }, { activity: "INVALID_CHOICE" });
    await refused({ location: otherLocation }, { location: "INVALID_CHOICE" });
    await refused({ categories: [category, "nope"] }, { "categories.1": "INVALID_CHOICE" });
    await refused({ deposit: 20_000 }, { deposit: "DEPOSIT_ABOVE_PRICE" });
    await refused({ dates: [] }, { dates: "REQUIRED" });
    await refused(
      { dates: [day("2027-02-03", "12:00", "10:00")] },
      { "dates.0.end_at": "END_NOT_AFTER_START" },
    );
    await refused(
      { dates: [{ start_at: "2027-02-03 10:00", end_at: "x" }] },
      {
        "dates.0.start_at": "INVALID_DATE",
        "dates.0.end_at": "INVALID_DATE",
      },
    );
    await refused(
      {
        registrations_start_at: "2027-01-10T09:00:00+01:00",
        registrations_end_at: "2027-01-09T09:00:00+01:00",
      },
      { registrations_end_at: "END_NOT_AFTER_START" },
    );
    await refused({ age_minimum: 10, age_maximum: 6 }, { age_maximum: "TOO_SMALL" });
    await refused({ capacity: -1 }, { capacity: "TOO_SMALL" });
  });

  it("lists them all or one activity's, filtered by activity, status, period and title", async () => {
    const march = await withDates([day("2029-03-07"), day("2029-03-14")]);
    await owner.post(`/api/admin/availabilities/${march.cuid}/close`);

    const list = async (query: string) => {
      const response = await owner.get(`/api/admin/availabilities?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { cuid: string }[]; count: number; limit: number };
    };
    const inMarch = await list("from=2029-03-01&to=2029-03-31");
    expect(inMarch.data.map((item) => item.cuid)).toEqual([march.cuid]);
    expect(inMarch.data[0]).toMatchObject({ status: "CLOSED", dates_count: 2, registered: 0 });
    expect((await list("from=2029-03-10&to=2029-03-12")).count).toBe(1);
    expect((await list("from=2029-03-15&to=2029-12-31")).count).toBe(0);
    expect((await list(`status=CLOSED&activity=${club.cuid}&from=2029-01-01`)).count).toBe(1);
    expect((await list("status=CLOSED&q=stage&from=2029-01-01")).count).toBe(0);
    expect((await list("q=NATURE du&from=2029-01-01")).count).toBe(1);
    expect((await list(`activity=${otherActivity}`)).count).toBe(0);
    const all = await list("page_size=5&sort=-start_at");
    expect(all.limit).toBe(5);
    expect(all.data[0]!.cuid).toBe(march.cuid);
    expect((await owner.get("/api/admin/availabilities?status=FOO")).json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { status: "INVALID_CHOICE" },
    });
    expect(
      (await owner.get("/api/admin/availabilities?from=2029-03-10&to=2029-03-01")).statusCode,
    ).toBe(400);

    const ofClub = await owner.get(
      `/api/admin/activities/${club.cuid}/availabilities?from=2029-01-01`,
    );
    expect(ofClub.json()).toMatchObject({
      activity: { cuid: club.cuid, title: "Club nature du mercredi" },
      count: 1,
      data: [{ cuid: march.cuid }],
    });
    const ofOther = await owner.get(`/api/admin/activities/${otherActivity}/availabilities`);
    expect(ofOther.statusCode).toBe(404);
    expect(ofOther.json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });
  });

  it("offers the organiser's activities, locations and categories to pick", async () => {
    const response = await owner.get("/api/admin/availabilities/choices");
    expect(response.statusCode).toBe(200);
    const choices = response.json();
    expect(choices.activities).toContainEqual(
      expect.objectContaining({ cuid: club.cuid, default_price: 18_000, default_capacity: 16 }),
    );
    expect(choices.activities.map((item: { cuid: string }) => item.cuid)).not.toContain(
      otherActivity,
    );
    // A new availability starts with its activity's categories (Cours, Nature and two ages).
    const clubChoice = choices.activities.find((item: { cuid: string }) => item.cuid === club.cuid);
    expect(clubChoice.categories).toHaveLength(4);
    expect(choices.locations.map((item: { cuid: string }) => item.cuid)).toContain(park);
    expect(choices.categories[0]).toHaveProperty("group.title");
  });
});

describe("capacity and places taken", () => {
  it("refuses a capacity below the places taken on a date, with their number, and follows FULL", async () => {
    const created = await withDates([day("2027-05-05"), day("2027-05-12")], { capacity: 3 });
    await registerOn(created.cuid);
    const [first] = await dateIdsOf(created.cuid);
    await registerOn(created.cuid, [first!]);

    const detail = await owner.get(`/api/admin/availabilities/${created.cuid}`);
    expect(detail.json()).toMatchObject({ minimum_capacity: 2, registrations_count: 2 });

    const update = (capacity: number | null) =>
      owner.put(`/api/admin/availabilities/${created.cuid}`, { ...settings, capacity });
    const below = await update(1);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      error: "CAPACITY_BELOW_TAKEN",
      taken: 2,
      fields: { capacity: "CAPACITY_BELOW_TAKEN" },
    });

    const exact = await update(2);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().dates.map((date: DateView) => date.status)).toEqual(["FULL", "OPEN"]);
    expect(exact.json().status).toBe("OPEN");

    const dateCuid = exact.json().dates[1].cuid;
    const full = await owner.put(`/api/admin/availabilities/${created.cuid}/dates/${dateCuid}`, {
      ...day("2027-05-12"),
      capacity: 1,
      status: "OPEN",
    });
    expect(full.json().dates[1].status).toBe("FULL");
    expect(full.json().status).toBe("FULL");
    const dateBelow = await owner.put(
      `/api/admin/availabilities/${created.cuid}/dates/${dateCuid}`,
      {
        ...day("2027-05-12"),
        capacity: 0,
        status: "OPEN",
      },
    );
    expect(dateBelow.statusCode).toBe(409);
    expect(dateBelow.json()).toMatchObject({ error: "CAPACITY_BELOW_TAKEN", taken: 1 });

    const unlimited = await update(null);
    expect(unlimited.json()).toMatchObject({ status: "OPEN", capacity: null });
    expect(unlimited.json().dates.every((date: DateView) => date.status === "OPEN")).toBe(true);
    expect((await lastAudit(created.cuid))!).toMatchObject({
      action: "availability.updated",
      before: expect.objectContaining({ capacity: 2 }),
      after: expect.objectContaining({ capacity: null }),
    });
  });
});

describe("dates one by one", () => {
  it("adds, edits, closes and removes dates, keeping the period on the dates", async () => {
    const created = await withDates([day("2027-06-02", "10:00", "12:00", "+02:00")]);
    const added = await owner.post(`/api/admin/availabilities/${created.cuid}/dates`, {
      ...day("2027-06-09", "13:00", "15:00", "+02:00"),
      capacity: 4,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ dates_count: 2, end_at: "2027-06-09T15:00:00+02:00" });
    const second = added.json().dates[1];
    expect(second).toMatchObject({
      capacity: 4,
      status: "OPEN",
      start_at: "2027-06-09T13:00:00+02:00",
    });
    expect((await lastAudit(second.cuid))!.action).toBe("availability_date.created");

    const url = `/api/admin/availabilities/${created.cuid}/dates/${second.cuid}`;
    const moved = await owner.put(url, {
      ...day("2027-05-26", "10:00", "12:00", "+02:00"),
      capacity: 4,
      status: "CLOSED",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      start_at: "2027-05-26T10:00:00+02:00",
      end_at: "2027-06-02T12:00:00+02:00",
      dates: [{ cuid: second.cuid, status: "CLOSED" }, {}],
    });
    expect(
      (
        await owner.put(url, {
          ...day("2027-05-26", "10:00", "12:00", "+02:00"),
          capacity: 4,
          status: "OPEN",
        })
      ).json().dates[0].status,
    ).toBe("OPEN");

    const removed = await owner.delete(url);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ dates_count: 1, start_at: "2027-06-02T10:00:00+02:00" });
    expect((await lastAudit(second.cuid))!.action).toBe("availability_date.deleted");

    const last = removed.json().dates[0].cuid;
    const lastOne = await owner.delete(`/api/admin/availabilities/${created.cuid}/dates/${last}`);
    expect(lastOne.statusCode).toBe(409);
    expect(lastOne.json()).toEqual({ error: "AVAILABILITY_NEEDS_A_DATE" });

    const unknown = await owner.delete(
      `/api/admin/availabilities/${created.cuid}/dates/${created.cuid}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "AVAILABILITY_DATE_NOT_FOUND" });
    const wrongTimes = await owner.post(`/api/admin/availabilities/${created.cuid}/dates`, {
      ...day("2027-06-09", "15:00", "15:00", "+02:00"),
    });
    expect(wrongTimes.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { end_at: "END_NOT_AFTER_START" },
    });
  });

  it("refuses to remove a date that holds registrations, with their number", async () => {
    const created = await withDates([day("2027-06-16"), day("2027-06-23")]);
    const [first] = await dateIdsOf(created.cuid);
    await registerOn(created.cuid, [first!]);
    const taken = created.dates[0].cuid;
    const response = await owner.delete(`/api/admin/availabilities/${created.cuid}/dates/${taken}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "DATE_HAS_REGISTRATIONS", registrations: 1, held: 0 });
    expect(await dateIdsOf(created.cuid)).toHaveLength(2);
  });
});

describe("status, duplicate and delete", () => {
  it("closes and reopens an availability with its dates, which the storefront follows", async () => {
    const created = await withDates([day("2027-09-08"), day("2027-09-15")]);
    const closed = await owner.post(`/api/admin/availabilities/${created.cuid}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe("CLOSED");
    expect(closed.json().dates.map((date: DateView) => date.status)).toEqual(["CLOSED", "CLOSED"]);
    expect((await onStorefront(created.cuid, "CLOSED"))?.status).toBe("CLOSED");
    expect(await onStorefront(created.cuid)).toBeUndefined();

    const dateUrl = `/api/admin/availabilities/${created.cuid}/dates/${created.dates[0].cuid}`;
    const openDate = await owner.put(dateUrl, {
      ...day("2027-09-08"),
      capacity: 12,
      status: "OPEN",
    });
    expect(openDate.statusCode).toBe(409);
    expect(openDate.json()).toMatchObject({ error: "AVAILABILITY_NOT_OPEN" });

    expect(
      (await owner.post(`/api/admin/availabilities/${created.cuid}/close`)).json().status,
    ).toBe("CLOSED");
    const reopened = await owner.post(`/api/admin/availabilities/${created.cuid}/open`);
    expect(reopened.json().status).toBe("OPEN");
    expect(reopened.json().dates.map((date: DateView) => date.status)).toEqual(["OPEN", "OPEN"]);
    const actions = (
      await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.cuid))
    ).map((row) => row.action);
    expect(actions).toEqual([
      "availability.created",
      "availability.closed",
      "availability.reopened",
    ]);
  });

  it("duplicates an availability to another period, local times and settings kept, no places taken", async () => {
    const source = await scheduled(
      { ...schoolYear, from: "2027-09-01", to: "2027-10-31", skip: [] },
      {
        location: park,
        categories: [category],
        capacity: 5,
        registrations_start_at: "2026-11-01T09:00:00+01:00",
        registrations_end_at: "2027-08-31T18:00:00+02:00",
      },
    );
    await registerOn(source.cuid);
    const response = await owner.post(`/api/admin/availabilities/${source.cuid}/duplicate`, {
      first_day: "2028-01-05",
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json();
    expect(copy.cuid).not.toBe(source.cuid);
    expect(copy).toMatchObject({
      status: "OPEN",
      location: { cuid: park },
      categories: [{ cuid: category }],
      capacity: 5,
      price: 18_000,
      registered: 0,
      dates_count: source.dates_count,
      minimum_capacity: 0,
      start_at: "2028-01-05T14:00:00+01:00",
      // 1 Sep 2027 → 5 Jan 2028 is 126 days: the window moves by as many, at its local times.
      registrations_start_at: "2027-03-07T09:00:00+01:00",
      registrations_end_at: "2028-01-04T18:00:00+01:00",
    });
    expect(copy.dates.every((date: DateView) => /T14:00:00\+01:00$/.test(date.start_at))).toBe(
      true,
    );
    expect(copy.dates.every((date: { registered: number }) => date.registered === 0)).toBe(true);
    expect((await lastAudit(copy.cuid))!).toMatchObject({
      action: "availability.duplicated",
      after: expect.objectContaining({ source: source.cuid, first_day: "2028-01-05" }),
    });

    const badDay = await owner.post(`/api/admin/availabilities/${source.cuid}/duplicate`, {
      first_day: "2028-02-30",
    });
    expect(badDay.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { first_day: "INVALID_DATE" },
    });
  });

  it("deletes an availability nobody registered for, and refuses one with registrations", async () => {
    const taken = await withDates([day("2027-11-03")]);
    await registerOn(taken.cuid);
    const refused = await owner.delete(`/api/admin/availabilities/${taken.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "AVAILABILITY_HAS_REGISTRATIONS",
      registrations: 1,
      requests: 0,
      pending_payments: 0,
    });

    const free = await withDates([day("2027-11-10")]);
    const deleted = await owner.delete(`/api/admin/availabilities/${free.cuid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await owner.get(`/api/admin/availabilities/${free.cuid}`)).statusCode).toBe(404);
    expect((await lastAudit(free.cuid))!).toMatchObject({
      action: "availability.deleted",
      before: expect.objectContaining({ price: 18_000 }),
    });
  });
});
