import { availabilities, availabilityCollaborators, collaborators, withTenant } from "@booking/db";
import { asc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignedCollaborators } from "../src/modules/staff-notifications/assignments.ts";
import {
  collaboratorWith,
  consoleBrowser,
  demoConsole,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;
let availability: { id: number; cuid: string };
let otherAvailability: string;

async function cuidOf(collaboratorId: number): Promise<string> {
  const [row] = await t.db
    .select({ cuid: collaborators.cuid })
    .from(collaborators)
    .where(eq(collaborators.id, collaboratorId));
  return row!.cuid;
}

async function firstAvailability(organiserId: number) {
  const [row] = await t.db
    .select({ id: availabilities.id, cuid: availabilities.cuid })
    .from(availabilities)
    .where(eq(availabilities.organiserId, organiserId))
    .orderBy(asc(availabilities.id))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  ({ t, owner, organiserId: demoId } = await demoConsole());
  availability = await firstAvailability(demoId);
  otherAvailability = (await firstAvailability(await organiserIdOf(t.db, "demo-en"))).cuid;
});
afterAll(() => t.close());

const staffUrl = (cuid: string) => `/api/admin/availabilities/${cuid}/staff`;

describe("staff assigned to an availability", () => {
  it("replaces the list with each role, lists it with the team and writes the audit log", async () => {
    const monitor = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    const monitorCuid = await cuidOf(monitor.collaboratorId);
    const response = await owner.put(staffUrl(availability.cuid), {
      staff: [{ collaborator: monitorCuid, role: "  Moniteur principal " }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toEqual([
      {
        collaborator: expect.objectContaining({ cuid: monitorCuid, active: true }),
        role: "Moniteur principal",
        minutes_per_session: null,
      },
    ]);
    expect(response.json().team.map((member: { cuid: string }) => member.cuid)).toContain(
      monitorCuid,
    );
    const read = await monitor.client.get(staffUrl(availability.cuid));
    expect(read.statusCode).toBe(200);
    expect(read.json().staff).toEqual(response.json().staff);
    const audit = await lastAuditOf(t.db, availability.cuid);
    expect(audit?.action).toBe("availability.staff_updated");
    expect(audit?.after).toEqual({
      staff: [{ collaborator: monitorCuid, role: "Moniteur principal", minutes_per_session: null }],
    });

    // The rules' recipients: the assigned, active collaborators, in their language.
    await t.db
      .update(collaborators)
      .set({ language: "en" })
      .where(eq(collaborators.id, monitor.collaboratorId));
    const recipients = await withTenant(t.db, demoId, (tx) =>
      assignedCollaborators(tx, demoId, [availability.id]),
    );
    expect(recipients).toEqual([
      {
        collaboratorId: monitor.collaboratorId,
        email: monitor.email,
        firstname: "Staff",
        language: "en",
        role: "Moniteur principal",
      },
    ]);

    // Leaving the team ends the assignment.
    expect((await owner.delete(`/api/admin/collaborators/${monitorCuid}`)).statusCode).toBe(200);
    expect((await owner.get(staffUrl(availability.cuid))).json().staff).toEqual([]);
  });

  it("needs the availability's update permission to change it, and a session to read it", async () => {
    const reader = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    const before = (await owner.get(staffUrl(availability.cuid))).json().staff;
    const refused = await reader.client.put(staffUrl(availability.cuid), {
      staff: [{ collaborator: await cuidOf(reader.collaboratorId), role: "Animateur" }],
    });
    expect(refused.statusCode).toBe(403);
    const stranger = await collaboratorWith(t, ["customers.customers.read"]);
    expect((await stranger.client.get(staffUrl(availability.cuid))).statusCode).toBe(403);
    const anonymous = await consoleBrowser(t.app);
    expect((await anonymous.get(staffUrl(availability.cuid))).statusCode).toBe(401);
    expect((await owner.get(staffUrl(availability.cuid))).json().staff).toEqual(before);
  });

  it("refuses bad input, other organisers' collaborators and availabilities, changing nothing", async () => {
    const member = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    const memberCuid = await cuidOf(member.collaboratorId);
    await owner.put(staffUrl(availability.cuid), {
      staff: [{ collaborator: memberCuid, role: "Animateur" }],
    });
    const outsider = await collaboratorWith(t, ["availabilities.availabilities.read"], "demo-en");
    const outsiderCuid = await cuidOf(outsider.collaboratorId);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ staff: [{ collaborator: memberCuid, role: "  " }] }, { "staff.0.role": "REQUIRED" }],
      [
        { staff: [{ collaborator: memberCuid, role: "x".repeat(81) }] },
        { "staff.0.role": "TOO_LONG" },
      ],
      [
        { staff: [{ collaborator: memberCuid, role: "Animateur", minutes_per_session: 1441 }] },
        { "staff.0.minutes_per_session": "TOO_BIG" },
      ],
      [
        { staff: [{ collaborator: memberCuid, role: "Animateur", minutes_per_session: 1.5 }] },
        { "staff.0.minutes_per_session": "INVALID_TYPE" },
      ],
      [
        { staff: [{ collaborator: outsiderCuid, role: "Animateur" }] },
        { "staff.0.collaborator": "INVALID_CHOICE" },
      ],
      [
        { staff: [{ collaborator: "no-such-collaborator", role: "Animateur" }] },
        { "staff.0.collaborator": "INVALID_CHOICE" },
      ],
      [
        {
          staff: [
            { collaborator: memberCuid, role: "Animateur" },
            { collaborator: memberCuid, role: "Moniteur" },
          ],
        },
        { "staff.1.collaborator": "DUPLICATE" },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await owner.put(staffUrl(availability.cuid), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    expect((await owner.put(staffUrl(availability.cuid), { staff: "all" })).statusCode).toBe(400);
    const foreign = await owner.put(staffUrl(otherAvailability), { staff: [] });
    expect(foreign.statusCode).toBe(404);
    expect((await owner.get(staffUrl(otherAvailability))).statusCode).toBe(404);
    const rows = await t.db
      .select({ role: availabilityCollaborators.role })
      .from(availabilityCollaborators)
      .where(eq(availabilityCollaborators.availabilityId, availability.id));
    expect(rows).toEqual([{ role: "Animateur" }]);
  });

  it("does not count an invitation not accepted yet among the recipients", async () => {
    const invited = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    await owner.put(staffUrl(availability.cuid), {
      staff: [{ collaborator: await cuidOf(invited.collaboratorId), role: "Stagiaire" }],
    });
    await t.db
      .update(collaborators)
      .set({ passwordHash: null })
      .where(eq(collaborators.id, invited.collaboratorId));
    const view = (await owner.get(staffUrl(availability.cuid))).json();
    expect(view.staff[0].collaborator.active).toBe(false);
    const recipients = await withTenant(t.db, demoId, (tx) =>
      assignedCollaborators(tx, demoId, [availability.id]),
    );
    expect(recipients).toEqual([]);
  });
});

describe("my sessions", () => {
  it("lists only the availabilities the logged-in collaborator is assigned to", async () => {
    const member = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    await owner.put(staffUrl(availability.cuid), {
      staff: [{ collaborator: await cuidOf(member.collaboratorId), role: "Animateur" }],
    });
    const mine = await member.client.get("/api/admin/availabilities?staff=mine");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((item: { cuid: string }) => item.cuid)).toEqual([
      availability.cuid,
    ]);
    const all = await member.client.get("/api/admin/availabilities?staff=");
    expect(all.json().count).toBeGreaterThan(1);
    const bad = await member.client.get("/api/admin/availabilities?staff=theirs");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ staff: "INVALID_CHOICE" });
  });
});

describe("a collaborator's own notification preferences", () => {
  const url = "/api/admin/profile/notifications";

  it("start with reservation.created on and the organiser's language", async () => {
    const member = await collaboratorWith(t, ["availabilities.availabilities.read"]);
    const view = (await member.client.get(url)).json();
    expect(view).toEqual({
      language: null,
      options: ["reservation.created"],
      available: [
        "reservation.created",
        "registration.cancellation.created",
        "registration.transfer.created",
        "waiting-list.vacancy",
      ],
    });
    const ownerView = (await owner.get(url)).json();
    expect(ownerView.available).toContain("bank_statement.transfer.reconciled");
  });

  it("saves the options and the language, which the console then speaks", async () => {
    const member = await collaboratorWith(t, []);
    const saved = await member.client.put(url, {
      language: "en",
      options: ["waiting-list.vacancy", "registration.cancellation.created"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      language: "en",
      options: ["registration.cancellation.created", "waiting-list.vacancy"],
    });
    expect((await member.client.get("/api/admin/session")).json().language).toBe("en");
    const audit = await lastAuditOf(t.db, await cuidOf(member.collaboratorId));
    expect(audit?.action).toBe("collaborator.notifications_updated");
    expect(audit?.before).toEqual({ language: null, options: ["reservation.created"] });
    const none = await member.client.put(url, { language: null, options: [] });
    expect(none.json()).toMatchObject({ language: null, options: [] });
  });

  it("refuses options the role may not choose, unknown ones and languages, changing nothing", async () => {
    const member = await collaboratorWith(t, []);
    for (const [body, fields] of [
      [
        { language: null, options: ["bank_statement.transfer.reconciled"] },
        { options: "INVALID_CHOICE" },
      ],
      [{ language: null, options: ["registration.created"] }, { options: "INVALID_CHOICE" }],
      [{ language: "de", options: [] }, { language: "INVALID_CHOICE" }],
    ] as const) {
      const response = await member.client.put(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    expect((await member.client.get(url)).json()).toMatchObject({
      language: null,
      options: ["reservation.created"],
    });
    const banker = await collaboratorWith(t, ["bank.transfers.read"]);
    const allowed = await banker.client.put(url, {
      language: "fr",
      options: ["bank_statement.transfer.reconciled"],
    });
    expect(allowed.json().options).toEqual(["bank_statement.transfer.reconciled"]);
    expect((await (await consoleBrowser(t.app)).get(url)).statusCode).toBe(401);
  });
});
