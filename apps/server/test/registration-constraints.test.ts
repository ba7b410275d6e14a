import {
  activities,
  activityQuestions,
  availabilities,
  availabilityDates,
  calendarPeriods,
  locations,
  participants,
  registrations,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { demoConsole, lastAuditByAction, organiserIdOf } from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// Registration constraints of an activity (platform-and-account.md §3.2, §5; decision 0062):
// edited in the console, checked on add (maximum kinds) and at checkout (every kind, finally).

let t: TestApp;
let demoId: number;
let owner: Client;

beforeAll(async () => {
  ({ t, organiserId: demoId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
/** Local midnight in Brussels is 22:00 or 23:00 UTC: sessions at 09:00 UTC keep to their day. */
function dayAt(days: number, hourUtc = 9): Date {
  const base = new Date(Date.now() + days * DAY);
  base.setUTCHours(hourUtc, 0, 0, 0);
  return base;
}
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let serial = 0;
async function activity(title = "Stage") {
  serial += 1;
  const [row] = await t.db
    .insert(activities)
    .values({ organiserId: demoId, title: `${title} ${serial}`, published: true })
    .returning();
  return row!;
}

async function location(title: string) {
  const [row] = await t.db
    .insert(locations)
    .values({ organiserId: demoId, title })
    .returning({ id: locations.id });
  return row!.id;
}

/** An availability of `activityId` with one date starting at `start`. */
async function session(activityId: number, start: Date, locationId: number | null = null) {
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId: demoId,
      activityId,
      locationId,
      startAt: start,
      endAt: new Date(start.getTime() + 3 * HOUR),
      capacity: 50,
      price: 10_000,
      deposit: 0,
    })
    .returning();
  const [date] = await t.db
    .insert(availabilityDates)
    .values({
      organiserId: demoId,
      availabilityId: availability!.id,
      startAt: start,
      endAt: new Date(start.getTime() + 3 * HOUR),
      capacity: 50,
    })
    .returning();
  return { availabilityId: availability!.id, dateId: date!.id };
}
type Session = Awaited<ReturnType<typeof session>>;

let customers = 0;
function parent() {
  customers += 1;
  return sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Contrainte${customers}`,
      email: `constraints-${customers}@example.org`,
    },
    participant: { firstname: "Léa", lastname: `Contrainte${customers}` },
  });
}
type Parent = Awaited<ReturnType<typeof parent>>;

const add = (who: Parent, target: Session) =>
  who.client.post(
    "/api/carts/items",
    registrationBody(target.availabilityId, who.participantId, [target.dateId]),
  );

async function addOk(who: Parent, target: Session) {
  const response = await add(who, target);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().cart as { id: number; constraints: unknown[]; items: unknown[] };
}

const checkout = (who: Parent, cartId: number) =>
  who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });

/** Adds then checks out each session, one cart each: confirmed registrations. */
async function registered(who: Parent, targets: Session[]) {
  for (const target of targets) {
    const cart = await addOk(who, target);
    const response = await checkout(who, cart.id);
    expect(response.statusCode, response.body).toBe(200);
  }
}

const path = (cuid: string) => `/api/admin/activities/${cuid}/registration-constraints`;

async function constrain(
  activityCuid: string,
  body: {
    type: string;
    value: number;
    scope?: string | null;
    period_start?: string | null;
    period_end?: string | null;
    optional?: boolean;
    message?: string;
  },
) {
  const { type, optional, value, message, ...rest } = body;
  const response = await owner.post(path(activityCuid), {
    label: `${type} ${value}`,
    type,
    optional,
    payload: { value, message: message ?? `Message ${type} ${value}`, ...rest },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string };
}

const confirmedCount = async (participantId: number, activityId: number) => {
  const rows = await t.db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(availabilities, eq(availabilities.id, registrations.availabilityId))
    .where(
      and(
        eq(registrations.participantId, participantId),
        eq(availabilities.activityId, activityId),
      ),
    );
  return rows.length;
};

describe("console editor (/api/admin/activities/:cuid/registration-constraints)", () => {
  it("creates, lists, updates, reorders and deletes, each audited", async () => {
    const camp = await activity();
    const first = await constrain(camp.cuid, {
      type: "registrations.count.maximum",
      value: 2,
      period_start: "2027-07-01",
      period_end: "2027-07-31",
      message: "Deux stages au plus par enfant en juillet.",
    });
    const second = await constrain(camp.cuid, {
      type: "locations.count.maximum",
      value: 1,
      scope: "same.weekday",
    });
    expect((await lastAuditByAction(t.db, demoId, "activity_constraint.created"))?.entityId).toBe(
      second.cuid,
    );

    const listed = await owner.get(path(camp.cuid));
    expect(listed.json().data).toMatchObject([
      {
        cuid: first.cuid,
        type: "registrations.count.maximum",
        label: "registrations.count.maximum 2",
        order: 0,
        optional: false,
        payload: {
          value: 2,
          scope: null,
          period_start: "2027-07-01",
          period_end: "2027-07-31",
          message: "Deux stages au plus par enfant en juillet.",
        },
      },
      { cuid: second.cuid, order: 1, payload: { scope: "same.weekday", period_start: null } },
    ]);

    const updated = await owner.put(`${path(camp.cuid)}/${first.cuid}`, {
      label: "Juillet",
      type: "registrations.count.maximum",
      payload: { value: 3, message: "Trois au plus.", period_start: "2027-07-01" },
      optional: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      label: "Juillet",
      optional: true,
      payload: { value: 3, period_end: null },
    });
    const audit = await lastAuditByAction(t.db, demoId, "activity_constraint.updated");
    expect(audit?.before).toMatchObject({
      label: "registrations.count.maximum 2",
      optional: false,
    });
    expect(audit?.after).toMatchObject({ label: "Juillet", optional: true });

    const reordered = await owner.put(`${path(camp.cuid)}/order`, {
      cuids: [second.cuid, first.cuid],
    });
    expect(reordered.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      second.cuid,
      first.cuid,
    ]);
    expect(
      (await owner.put(`${path(camp.cuid)}/order`, { cuids: [first.cuid] })).json(),
    ).toMatchObject({ error: "VALIDATION_ERROR", fields: { cuids: "MISMATCH" } });

    expect((await owner.delete(`${path(camp.cuid)}/${second.cuid}`)).statusCode).toBe(200);
    expect(
      (await lastAuditByAction(t.db, demoId, "activity_constraint.deleted"))?.before,
    ).toMatchObject({ activity: camp.cuid, label: "locations.count.maximum 1" });
    expect((await owner.get(path(camp.cuid))).json().data).toHaveLength(1);
    expect((await owner.delete(`${path(camp.cuid)}/${second.cuid}`)).json()).toEqual({
      error: "REGISTRATION_CONSTRAINT_NOT_FOUND",
    });
  });

  it("refuses bad input with field codes and changes nothing", async () => {
    const camp = await activity();
    const post = (body: unknown) => owner.post(path(camp.cuid), body);
    const base = {
      label: "Minimum",
      type: "registrations.count.minimum",
      payload: { value: 1, message: "Au moins une séance." },
    };
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ ...base, payload: { ...base.payload, value: 0 } }, { "payload.value": "TOO_SMALL" }],
      [{ ...base, payload: { ...base.payload, value: 1001 } }, { "payload.value": "TOO_BIG" }],
      [{ ...base, payload: { ...base.payload, value: 1.5 } }, { "payload.value": "INVALID_TYPE" }],
      [{ ...base, type: "registrations.count.exactly" }, { type: "INVALID_CHOICE" }],
      [
        { ...base, payload: { ...base.payload, scope: "same.month" } },
        { "payload.scope": "INVALID_CHOICE" },
      ],
      [{ ...base, payload: { ...base.payload, message: "  " } }, { "payload.message": "REQUIRED" }],
      [{ ...base, label: "" }, { label: "REQUIRED" }],
      [
        {
          ...base,
          payload: { ...base.payload, period_start: "2027-07-31", period_end: "2027-07-01" },
        },
        { "payload.period_end": "TO_BEFORE_FROM" },
      ],
      [
        { ...base, payload: { ...base.payload, period_start: "2027-02-30" } },
        { "payload.period_start": "INVALID_DATE" },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR", fields });
    }
    // Hostile shapes: never a 500.
    for (const body of [
      null,
      [],
      "x",
      { ...base, payload: null },
      { ...base, label: "\u0000" },
      { ...base, payload: { ...base.payload, value: 1e20 } },
      { ...base, payload: { ...base.payload, message: "m".repeat(501) } },
      { ...base, optional: "yes" },
    ]) {
      const response = await owner.request("POST", path(camp.cuid), {
        rawBody: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.put(`${path(camp.cuid)}/order`, { cuids: "x" })).statusCode).toBe(400);
    expect((await owner.get(path(camp.cuid))).json().data).toEqual([]);
  });

  it("keeps to the organiser: another organiser's activity is not found", async () => {
    const otherId = await organiserIdOf(t.db, "demo-en");
    const [foreign] = await t.db
      .insert(activities)
      .values({ organiserId: otherId, title: "Foreign camp", published: true })
      .returning();
    expect((await owner.get(path(foreign!.cuid))).json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });
    const response = await owner.post(path(foreign!.cuid), {
      label: "x",
      type: "registrations.count.maximum",
      payload: { value: 1, message: "x" },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("on add and at checkout", () => {
  it("maximum within a period: at most 2 camps in the period, the third refused with the message", async () => {
    const camp = await activity("Stage d'été");
    const [a, b, c] = [
      await session(camp.id, dayAt(40)),
      await session(camp.id, dayAt(47)),
      await session(camp.id, dayAt(54)),
    ];
    const outside = await session(camp.id, dayAt(80));
    await constrain(camp.cuid, {
      type: "registrations.count.maximum",
      value: 2,
      period_start: dayOf(dayAt(35)),
      period_end: dayOf(dayAt(60)),
      message: "Deux stages au plus par enfant en juillet.",
    });
    const who = await parent();
    await registered(who, [a!]);
    await addOk(who, b!);
    const refused = await add(who, c!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: "REGISTRATION_CONSTRAINT_NOT_MET",
      type: "registrations.count.maximum",
      value: 2,
      measure: 3,
      participant_id: who.participantId,
      participant: `Léa Contrainte${customers}`,
      message: "Deux stages au plus par enfant en juillet.",
    });
    // Outside the period: not counted.
    const cart = await addOk(who, outside);
    expect(cart.constraints).toEqual([]);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    expect(await confirmedCount(who.participantId, camp.id)).toBe(3);
    // Another child of another family is not concerned.
    const other = await parent();
    await addOk(other, c!);
  });

  it("minimum: shown in the cart, refused at checkout until met", async () => {
    const course = await activity("Cours");
    const weeks = [
      await session(course.id, dayAt(10)),
      await session(course.id, dayAt(17)),
      await session(course.id, dayAt(24)),
    ];
    await constrain(course.cuid, {
      type: "registrations.count.minimum",
      value: 3,
      message: "Inscrivez-vous à au moins 3 séances.",
    });
    const who = await parent();
    const cart = await addOk(who, weeks[0]!);
    expect(cart.constraints).toMatchObject([
      {
        activity_id: course.id,
        participant_id: who.participantId,
        type: "registrations.count.minimum",
        value: 3,
        measure: 1,
        blocking: true,
        message: "Inscrivez-vous à au moins 3 séances.",
      },
    ]);
    const refused = await checkout(who, cart.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: "REGISTRATION_CONSTRAINT_NOT_MET",
      measure: 1,
      message: "Inscrivez-vous à au moins 3 séances.",
    });
    expect(await confirmedCount(who.participantId, course.id)).toBe(0);
    await addOk(who, weeks[1]!);
    const full = await addOk(who, weeks[2]!);
    expect(full.constraints).toEqual([]);
    expect((await checkout(who, full.id)).statusCode).toBe(200);
    expect(await confirmedCount(who.participantId, course.id)).toBe(3);
  });

  it("scopes: same.date, same.time, same.weekday, same.period and future", async () => {
    const refusedOn = async (scope: string, first: Date, second: Date) => {
      const camp = await activity(scope);
      const one = await session(camp.id, first);
      const two = await session(camp.id, second);
      await constrain(camp.cuid, { type: "registrations.count.maximum", value: 1, scope });
      const who = await parent();
      await addOk(who, one);
      return (await add(who, two)).statusCode === 409;
    };
    expect(await refusedOn("same.date", dayAt(20, 8), dayAt(20, 13))).toBe(true);
    expect(await refusedOn("same.date", dayAt(20, 8), dayAt(21, 8))).toBe(false);
    expect(await refusedOn("same.time", dayAt(20, 8), dayAt(20, 8))).toBe(true);
    expect(await refusedOn("same.time", dayAt(20, 8), dayAt(20, 13))).toBe(false);
    expect(await refusedOn("same.weekday", dayAt(20), dayAt(27))).toBe(true);
    expect(await refusedOn("same.weekday", dayAt(20), dayAt(22))).toBe(false);

    // same.period: the organiser's calendar periods.
    const [holidays] = await t.db
      .insert(calendarPeriods)
      .values({
        organiserId: demoId,
        name: "Vacances",
        startDate: dayOf(dayAt(30)),
        endDate: dayOf(dayAt(40)),
      })
      .returning();
    expect(await refusedOn("same.period", dayAt(31), dayAt(39))).toBe(true);
    expect(await refusedOn("same.period", dayAt(31), dayAt(45))).toBe(false);
    await t.db.delete(calendarPeriods).where(eq(calendarPeriods.id, holidays!.id));

    // future: a past registration does not count; without the scope it does.
    const pastAndFuture = async (scope: string | null) => {
      const camp = await activity("Passé");
      const early = await session(camp.id, dayAt(5));
      const later = await session(camp.id, dayAt(50));
      await constrain(camp.cuid, { type: "registrations.count.maximum", value: 1, scope });
      const who = await parent();
      await registered(who, [early]);
      await t.db
        .update(availabilityDates)
        .set({ startAt: dayAt(-5), endAt: dayAt(-5, 12) })
        .where(eq(availabilityDates.id, early.dateId));
      return (await add(who, later)).statusCode;
    };
    expect(await pastAndFuture("future")).toBe(201);
    expect(await pastAndFuture(null)).toBe(409);
  });

  it("locations.count: at most one site, registrations without a site not counted", async () => {
    const club = await activity("Club");
    const north = await location("Site nord");
    const south = await location("Site sud");
    const one = await session(club.id, dayAt(12), north);
    const two = await session(club.id, dayAt(13), north);
    const three = await session(club.id, dayAt(14), null);
    const four = await session(club.id, dayAt(15), south);
    await constrain(club.cuid, {
      type: "locations.count.maximum",
      value: 1,
      message: "Un seul site par enfant.",
    });
    const who = await parent();
    await addOk(who, one);
    await addOk(who, two);
    await addOk(who, three);
    expect((await add(who, four)).json()).toMatchObject({
      error: "REGISTRATION_CONSTRAINT_NOT_MET",
      type: "locations.count.maximum",
      measure: 2,
      message: "Un seul site par enfant.",
    });

    const multi = await activity("Multisport");
    const a = await session(multi.id, dayAt(12), north);
    const b = await session(multi.id, dayAt(13), south);
    await constrain(multi.cuid, { type: "locations.count.minimum", value: 2 });
    const other = await parent();
    const cart = await addOk(other, a);
    expect((await checkout(other, cart.id)).statusCode).toBe(409);
    const both = await addOk(other, b);
    expect((await checkout(other, both.id)).statusCode).toBe(200);
  });

  it("optional: shown as advice, never refused", async () => {
    const course = await activity("Conseil");
    const week = await session(course.id, dayAt(9));
    await constrain(course.cuid, {
      type: "registrations.count.minimum",
      value: 2,
      optional: true,
      message: "Nous conseillons au moins deux séances.",
    });
    const who = await parent();
    const cart = await addOk(who, week);
    expect(cart.constraints).toMatchObject([{ blocking: false, measure: 1 }]);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
  });

  it("counts the registrations of the constrained activity only", async () => {
    const camp = await activity("Seul");
    const a = await session(camp.id, dayAt(20));
    const b = await session(camp.id, dayAt(21));
    await constrain(camp.cuid, { type: "registrations.count.maximum", value: 1 });
    const free = await activity("Libre");
    const c = await session(free.id, dayAt(20));
    const who = await parent();
    await addOk(who, a);
    await addOk(who, c);
    expect((await add(who, b)).statusCode).toBe(409);
  });
});

describe("concurrency", () => {
  it("many concurrent adds and checkouts of one family never pass a maximum", async () => {
    const camp = await activity("Course");
    const sessions = await Promise.all(
      Array.from({ length: 12 }, (_, index) => session(camp.id, dayAt(30 + index))),
    );
    await constrain(camp.cuid, {
      type: "registrations.count.maximum",
      value: 2,
      message: "Deux au plus.",
    });
    const who = await parent();
    // Each round adds one session then checks its cart out, all rounds at once (several tabs).
    const rounds = await Promise.all(
      sessions.map(async (target) => {
        const added = await add(who, target);
        if (added.statusCode !== 201) return [added.statusCode];
        const done = await checkout(who, added.json().cart.id);
        return [added.statusCode, done.statusCode];
      }),
    );
    for (const statuses of rounds) {
      for (const status of statuses) expect([200, 201, 404, 409]).toContain(status);
    }
    // Concurrent adds are not locked (the checkout's check is the final one): the rounds may
    // leave a cart above the maximum, which no checkout then passes.
    expect(await confirmedCount(who.participantId, camp.id)).toBeLessThanOrEqual(2);
    // The family empties that cart and goes on one session at a time: exactly 2 in the end.
    const open = (await who.client.get("/api/carts/current")).json().cart;
    for (const item of open?.items ?? []) {
      await who.client.delete(`/api/carts/items?item_id=${item.id}`);
    }
    for (const target of sessions) {
      if ((await confirmedCount(who.participantId, camp.id)) >= 2) {
        expect((await add(who, target)).statusCode).toBe(409);
        break;
      }
      const added = await add(who, target);
      if (added.statusCode === 201) await checkout(who, added.json().cart.id);
    }
    expect(await confirmedCount(who.participantId, camp.id)).toBe(2);
  }, 60_000);
});

describe("demo", () => {
  it("the Multisports camp allows two July weeks per child, the third refused with its message", async () => {
    const [multisports] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organiserId, demoId), eq(activities.title, "Stage Multisports")));
    const listed = (await owner.get(path(multisports!.cuid))).json().data;
    expect(listed).toMatchObject([
      { label: "2 stages en juillet", type: "registrations.count.maximum", payload: { value: 2 } },
    ]);
    const { period_start: start, period_end: end } = listed[0].payload;
    const sessions = new Map<number, Session & { dateIds: number[] }>();
    const rows = await t.db
      .select({
        availabilityId: availabilities.id,
        dateId: availabilityDates.id,
        startAt: availabilityDates.startAt,
      })
      .from(availabilities)
      .innerJoin(availabilityDates, eq(availabilityDates.availabilityId, availabilities.id))
      .where(eq(availabilities.activityId, multisports!.id));
    for (const row of rows) {
      const day = row.startAt.toISOString().slice(0, 10);
      if (day < start || day > end) continue;
      const entry = sessions.get(row.availabilityId) ?? {
        availabilityId: row.availabilityId,
        dateId: row.dateId,
        dateIds: [],
      };
      entry.dateIds.push(row.dateId);
      sessions.set(row.availabilityId, entry);
    }
    const weeks = [...sessions.values()];
    expect(weeks).toHaveLength(3);
    const who = await parent();
    await t.db
      .update(participants)
      .set({ birthdate: "2017-03-01" })
      .where(eq(participants.id, who.participantId));
    // The camp's required questions: can the child swim (a choice), who picks them up (text).
    const questions = (
      await t.db
        .select()
        .from(activityQuestions)
        .where(eq(activityQuestions.activityId, multisports!.id))
    ).map((question) => ({
      question_id: question.id,
      content:
        question.type === "CHOICES_SINGLE" ? question.choices[0]!.id : "Marie, 0470 12 34 56",
    }));
    const addWeek = (week: (typeof weeks)[number]) =>
      who.client.post(
        "/api/carts/items",
        registrationBody(week.availabilityId, who.participantId, week.dateIds, { questions }),
      );
    expect((await addWeek(weeks[0]!)).statusCode).toBe(201);
    expect((await addWeek(weeks[1]!)).statusCode).toBe(201);
    expect((await addWeek(weeks[2]!)).json()).toMatchObject({
      error: "REGISTRATION_CONSTRAINT_NOT_MET",
      message:
        "Deux stages Multisports au plus par enfant en juillet : ainsi chaque enfant trouve sa place.",
    });
  });
});
