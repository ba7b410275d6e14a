import {
  activities,
  availabilities,
  customerMemberships,
  customers,
  customFields,
  memberships,
  organisers,
  participants,
  registrations,
  segments,
} from "@booking/db";
import { and, eq, gt, isNull, lte } from "@booking/db/orm";
import { ageInYears } from "@booking/domain/ages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith, demoConsole, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import type { Client, TestApp } from "./harness.ts";

/**
 * Segments (decision 0056): the three default segments of every organiser, conditions on
 * customers and participants compiled to SQL (activity attended in a period, age, membership,
 * custom fields, consent) checked against counts made here from the rows themselves, tenant
 * isolation, and bad input refused with nothing changed.
 */

let t: TestApp;
let owner: Client;
let organiserId: number;

beforeAll(async () => {
  ({ t, owner, organiserId } = await demoConsole());
});
afterAll(() => t.close());

async function counted(entity: string, conditions: object) {
  const response = await owner.post("/api/admin/segments/count", { entity, conditions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; recipients: number };
}

async function liveCustomers() {
  return t.db
    .select()
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), isNull(customers.anonymisedAt)));
}

async function liveParticipants() {
  const ids = new Set((await liveCustomers()).map((customer) => customer.id));
  const rows = await t.db
    .select()
    .from(participants)
    .where(and(eq(participants.organiserId, organiserId), isNull(participants.deletedAt)));
  return rows.filter((row) => ids.has(row.customerId));
}

async function fieldCuid(title: string) {
  const [row] = await t.db
    .select({ cuid: customFields.cuid })
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.title, title)));
  return row!.cuid;
}

const subscribedIds = async () =>
  new Set((await liveCustomers()).filter((row) => row.newsletterSubscribed).map((row) => row.id));

describe("default segments", () => {
  it("every organiser has all customers, all participants and all availabilities, which cannot change", async () => {
    const list = await owner.get("/api/admin/segments");
    expect(list.statusCode, list.body).toBe(200);
    const defaults = list.json().data.filter((segment: { default: boolean }) => segment.default);
    expect(defaults.map((segment: { entity: string }) => segment.entity).sort()).toEqual([
      "AVAILABILITIES",
      "CUSTOMERS",
      "PARTICIPANTS",
    ]);
    const byEntity = Object.fromEntries(
      defaults.map((segment: { entity: string }) => [segment.entity, segment]),
    );
    const everyone = await liveCustomers();
    const subscribed = await subscribedIds();
    expect(byEntity.CUSTOMERS).toMatchObject({
      count: everyone.length,
      recipients: subscribed.size,
    });
    const people = await liveParticipants();
    expect(byEntity.PARTICIPANTS.count).toBe(people.length);
    const families = new Set(people.map((row) => row.customerId));
    expect(byEntity.PARTICIPANTS.recipients).toBe(
      [...families].filter((id) => subscribed.has(id)).length,
    );
    const allAvailabilities = await t.db
      .select({ id: availabilities.id })
      .from(availabilities)
      .where(eq(availabilities.organiserId, organiserId));
    expect(byEntity.AVAILABILITIES.count).toBe(allAvailabilities.length);

    const before = await databaseDigest(t.db);
    const cuid = byEntity.CUSTOMERS.cuid;
    const edit = await owner.put(`/api/admin/segments/${cuid}`, {
      entity: "CUSTOMERS",
      name: "Renamed",
      conditions: {},
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe("SEGMENT_IS_DEFAULT");
    expect((await owner.delete(`/api/admin/segments/${cuid}`)).json().error).toBe(
      "SEGMENT_IS_DEFAULT",
    );
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});

describe("conditions on customers and participants", () => {
  it("an age range selects participants by whole years, and the customers having one", async () => {
    const [organiser] = await t.db.select().from(organisers).where(eq(organisers.id, organiserId));
    const now = new Date();
    const people = await liveParticipants();
    const aged = people.filter((row) => {
      if (!row.birthdate) return false;
      const age = ageInYears(row.birthdate, now, organiser!.timezone);
      return age >= 7 && age <= 10;
    });
    expect(aged.length).toBeGreaterThan(0);
    expect(aged.length).toBeLessThan(people.length);
    const conditions = { age: { min: 7, max: 10 } };
    expect((await counted("PARTICIPANTS", conditions)).count).toBe(aged.length);
    const families = new Set(aged.map((row) => row.customerId));
    const subscribed = await subscribedIds();
    expect(await counted("CUSTOMERS", conditions)).toEqual({
      count: families.size,
      recipients: [...families].filter((id) => subscribed.has(id)).length,
    });
  });

  it("an activity attended selects by live registrations, within the period given", async () => {
    const rows = await t.db
      .select({
        activity: activities.cuid,
        customerId: registrations.customerId,
        participantId: registrations.participantId,
      })
      .from(registrations)
      .innerJoin(availabilities, eq(availabilities.id, registrations.availabilityId))
      .innerJoin(activities, eq(activities.id, availabilities.activityId))
      .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cancelled, false)));
    expect(rows.length).toBeGreaterThan(0);
    const activity = rows[0]!.activity;
    const attended = rows.filter((row) => row.activity === activity);
    const customersOf = new Set(attended.map((row) => row.customerId));
    const participantsOf = new Set(attended.map((row) => row.participantId));
    const open = { activities: { cuids: [activity] } };
    expect((await counted("CUSTOMERS", open)).count).toBe(customersOf.size);
    expect((await counted("PARTICIPANTS", open)).count).toBe(participantsOf.size);
    const wide = { activities: { cuids: [activity], from: "2000-01-01", to: "2100-12-31" } };
    expect((await counted("CUSTOMERS", wide)).count).toBe(customersOf.size);
    const later = { activities: { cuids: [activity], from: "2099-01-01" } };
    expect((await counted("CUSTOMERS", later)).count).toBe(0);
  });

  it("a membership held today, a custom field's value and the consent select customers", async () => {
    const now = new Date();
    const held = await t.db
      .select({ membership: memberships.cuid, customerId: customerMemberships.customerId })
      .from(customerMemberships)
      .innerJoin(memberships, eq(memberships.id, customerMemberships.membershipId))
      .where(
        and(
          eq(customerMemberships.organiserId, organiserId),
          eq(customerMemberships.cancelled, false),
          lte(customerMemberships.startAt, now),
          gt(customerMemberships.endAt, now),
        ),
      );
    const allMemberships = await t.db
      .select({ cuid: memberships.cuid })
      .from(memberships)
      .where(eq(memberships.organiserId, organiserId));
    for (const { cuid } of allMemberships) {
      const holders = new Set(
        held.filter((row) => row.membership === cuid).map((row) => row.customerId),
      );
      expect((await counted("CUSTOMERS", { memberships: [cuid] })).count).toBe(holders.size);
    }

    // "Comment nous avez-vous connus ?" (customers): Camille answered "Bouche-à-oreille".
    const source = await fieldCuid("Comment nous avez-vous connus ?");
    const byWord = { custom_fields: [{ field: source, values: ["bouche-à-oreille"] }] };
    expect((await counted("CUSTOMERS", byWord)).count).toBe(1);
    // "Centres d'intérêt" (participants, several choices): Hugo's "Sport, Sciences".
    const interests = await fieldCuid("Centres d'intérêt");
    const science = { custom_fields: [{ field: interests, values: ["Sciences"] }] };
    expect((await counted("PARTICIPANTS", science)).count).toBe(1);
    expect((await counted("CUSTOMERS", science)).count).toBe(1);
    // Both conditions at once hold for the same family: Camille, Hugo's parent.
    expect(
      (
        await counted("CUSTOMERS", {
          custom_fields: [...byWord.custom_fields, ...science.custom_fields],
        })
      ).count,
    ).toBe(1);

    const subscribed = await subscribedIds();
    expect(await counted("CUSTOMERS", { newsletter: true })).toEqual({
      count: subscribed.size,
      recipients: subscribed.size,
    });
    expect((await counted("CUSTOMERS", { newsletter: false })).recipients).toBe(0);
  });
});

describe("saving segments", () => {
  it("creates, renames and deletes an organiser's segment, normalised and audited", async () => {
    const interests = await fieldCuid("Centres d'intérêt");
    const created = await owner.post("/api/admin/segments", {
      entity: "PARTICIPANTS",
      name: "Young scientists",
      conditions: {
        age: { min: 6, max: null },
        custom_fields: [{ field: interests, values: ["Sciences", "Sciences", ""] }],
        memberships: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const segment = created.json();
    expect(segment).toMatchObject({
      entity: "PARTICIPANTS",
      name: "Young scientists",
      default: false,
      conditions: {
        age: { min: 6, max: null },
        custom_fields: [{ field: interests, values: ["Sciences"] }],
      },
      count: 1,
    });
    expect((await lastAuditOf(t.db, segment.cuid))?.action).toBe("segment.created");

    const renamed = await owner.put(`/api/admin/segments/${segment.cuid}`, {
      entity: "PARTICIPANTS",
      name: "Scientists",
      conditions: { custom_fields: [{ field: interests, values: ["Sciences"] }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Scientists", count: 1 });

    expect((await owner.delete(`/api/admin/segments/${segment.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/segments/${segment.cuid}`)).statusCode).toBe(404);
  });

  it("refuses bad conditions with a 400 on the field and changes nothing", async () => {
    const [activity] = await t.db
      .select({ cuid: activities.cuid })
      .from(activities)
      .where(eq(activities.organiserId, await organiserIdOf(t.db, "demo-en")))
      .limit(1);
    const before = await databaseDigest(t.db);
    const cases: [object, Record<string, string>][] = [
      [{ age: { min: 12, max: 6 } }, { "conditions.age.max": "TOO_SMALL" }],
      [
        { activities: { cuids: ["x".repeat(24)], from: "2026-06-02", to: "2026-06-01" } },
        { "conditions.activities.to": "TO_BEFORE_FROM" },
      ],
      // Another organiser's activity is one this organiser does not have.
      [
        { activities: { cuids: [activity!.cuid] } },
        { "conditions.activities.cuids": "INVALID_CHOICE" },
      ],
      [
        { memberships: ["nomembership000000000000"] },
        { "conditions.memberships": "INVALID_CHOICE" },
      ],
      [
        { custom_fields: [{ field: "nofield00000000000000000", values: ["a"] }] },
        { "conditions.custom_fields.0.field": "INVALID_CHOICE" },
      ],
      [{ age: { min: -1 } }, { "conditions.age.min": "TOO_SMALL" }],
      [{ shoe_size: 38 }, { conditions: "INVALID_TYPE" }],
    ];
    for (const [conditions, fields] of cases) {
      const response = await owner.post("/api/admin/segments", {
        entity: "CUSTOMERS",
        name: "Bad",
        conditions,
      });
      expect(response.statusCode, JSON.stringify(conditions)).toBe(400);
      expect(response.json().fields, JSON.stringify(conditions)).toEqual(fields);
    }
    const wrongEntity = await owner.post("/api/admin/segments", { entity: "ROOMS", name: "Bad" });
    expect(wrongEntity.statusCode).toBe(400);
    const notPeople = await owner.post("/api/admin/segments", {
      entity: "AVAILABILITIES",
      name: "Bad",
      conditions: { age: { min: 3 } },
    });
    expect(notPeople.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("keeps each organiser's segments to itself", async () => {
    const [mine] = await t.db
      .select({ cuid: segments.cuid })
      .from(segments)
      .where(and(eq(segments.organiserId, organiserId), eq(segments.entity, "CUSTOMERS")));
    const other = await collaboratorWith(t, "owner", "demo-en");
    expect((await other.client.get(`/api/admin/segments/${mine!.cuid}`)).statusCode).toBe(404);
    const theirs = (await other.client.get("/api/admin/segments")).json().data;
    expect(theirs.some((segment: { cuid: string }) => segment.cuid === mine!.cuid)).toBe(false);
    const otherId = await organiserIdOf(t.db, "demo-en");
    const theirCustomers = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organiserId, otherId), isNull(customers.anonymisedAt)));
    const all = theirs.find(
      (segment: { entity: string; default: boolean }) =>
        segment.entity === "CUSTOMERS" && segment.default,
    );
    expect(all.count).toBe(theirCustomers.length);
  });

  it("needs the segments permission", async () => {
    const reader = await collaboratorWith(t, ["segments.segments.read"]);
    expect((await reader.client.get("/api/admin/segments")).statusCode).toBe(200);
    const denied = await reader.client.post("/api/admin/segments", {
      entity: "CUSTOMERS",
      name: "No",
    });
    expect(denied.statusCode).toBe(403);
  });
});
