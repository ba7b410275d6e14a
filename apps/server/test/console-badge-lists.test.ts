import { customers, participantBadges, participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Badge lists (issue 17 §4, decision 0088): named sets of badges attached to participants and
// shown on attendance sheets.

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

let sequence = 0;
async function family() {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Badge${sequence}`,
      email: `badge-${sequence}-${Date.now()}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Badge${sequence}` },
  });
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, made.participantId));
  return { ...made, cuid: customer!.cuid, participantCuid: participant!.cuid };
}

type BadgeList = { cuid: string; name: string; badges: Array<{ cuid: string; label: string }> };

async function allergies(): Promise<BadgeList> {
  const response = await owner.post("/api/admin/badge-lists", {
    name: `Allergies ${Date.now()}`,
    badges: [
      { label: "Gluten", color: "#C0392B" },
      { label: "Arachides", color: "#E67E22" },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("badge lists", () => {
  it("are created with their badges, edited (kept badges keep their cuid), refused with duplicate labels or names, and deleted; audited", async () => {
    const list = await allergies();
    expect(list.badges.map((badge) => badge.label)).toEqual(["Gluten", "Arachides"]);
    expect(
      (
        await owner.post("/api/admin/badge-lists", {
          name: list.name.toUpperCase(),
          badges: [{ label: "A", color: "#000000" }],
        })
      ).json(),
    ).toMatchObject({ fields: { name: "DUPLICATE" } });
    const twice = await owner.post("/api/admin/badge-lists", {
      name: `Deux ${Date.now()}`,
      badges: [
        { label: "Lait", color: "#000000" },
        { label: "lait", color: "#111111" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await owner.post("/api/admin/badge-lists", { name: "Vide", badges: [] })).statusCode,
    ).toBe(400);

    const [gluten] = list.badges;
    const edited = await owner.put(`/api/admin/badge-lists/${list.cuid}`, {
      name: list.name,
      badges: [
        { label: "Lait", color: "#2980B9" },
        { cuid: gluten!.cuid, label: "Gluten (céliaque)", color: "#C0392B" },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().badges.map((badge: { label: string }) => badge.label)).toEqual([
      "Lait",
      "Gluten (céliaque)",
    ]);
    expect(edited.json().badges[1].cuid).toBe(gluten!.cuid);
    expect((await lastAuditOf(t.db, list.cuid))?.action).toBe("badge_list.updated");

    expect((await owner.delete(`/api/admin/badge-lists/${list.cuid}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/admin/badge-lists/${list.cuid}`)).statusCode).toBe(404);
  });

  it("are attached to a participant (audited), shown on the attendance sheet, and leave with a removed badge", async () => {
    const list = await allergies();
    const who = await family();
    const [gluten, nuts] = list.badges;
    const url = `/api/admin/participants/${who.participantCuid}/badges`;
    expect((await owner.put(url, { badges: ["zzzzzzzzzzzzzzzzzzzzzzzz"] })).statusCode).toBe(400);
    const attached = await owner.put(url, { badges: [gluten!.cuid, nuts!.cuid] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().badges.map((badge: { label: string }) => badge.label)).toEqual([
      "Gluten",
      "Arachides",
    ]);
    expect((await lastAuditOf(t.db, who.participantCuid))?.action).toBe(
      "participant.badges_updated",
    );

    const camp = await availabilityWithDates(t, {
      organiserId: demoId,
      title: `Stage badges ${sequence}`,
      capacity: 5,
      price: 5_000,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 5 }],
    });
    const registered = await owner.post("/api/admin/registrations", {
      customer: who.cuid,
      participant: who.participantCuid,
      availability: camp.availability.cuid,
      availability_dates: [{ date_id: camp.dates[0]!.id }],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const sheet = await owner.get(
      `/api/admin/availabilities/${camp.availability.cuid}/dates/${camp.dates[0]!.cuid}/attendance`,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().entries[0].badges).toEqual([
      { cuid: gluten!.cuid, label: "Gluten", color: "#c0392b", list: list.name },
      { cuid: nuts!.cuid, label: "Arachides", color: "#e67e22", list: list.name },
    ]);

    // A badge removed from its list leaves the participants who carried it.
    await owner.put(`/api/admin/badge-lists/${list.cuid}`, {
      name: list.name,
      badges: [{ cuid: gluten!.cuid, label: "Gluten", color: "#C0392B" }],
    });
    const left = await t.db
      .select()
      .from(participantBadges)
      .where(eq(participantBadges.participantId, who.participantId));
    expect(left).toHaveLength(1);
    const lists = await owner.get("/api/admin/badge-lists");
    expect(
      lists.json().data.find((row: { cuid: string }) => row.cuid === list.cuid).participants_count,
    ).toBe(1);
  });

  it("leave with a deleted account", async () => {
    const list = await allergies();
    const who = await family();
    await owner.put(`/api/admin/participants/${who.participantCuid}/badges`, {
      badges: [list.badges[0]!.cuid],
    });
    expect((await who.client.delete("/api/session")).statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(participantBadges)
      .where(eq(participantBadges.participantId, who.participantId));
    expect(left).toEqual([]);
  });
});
