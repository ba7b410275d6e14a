import { dateConfigurations } from "@booking/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

/** The console's date configurations: named weekly patterns the dates generator offers. */

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

const list = async () => (await owner.get("/api/admin/date-configurations")).json().data;
const path = "/api/admin/date-configurations";

describe("date configurations in the console", () => {
  it("creates, lists in staff's order, edits, reorders and deletes, audited", async () => {
    const created = await owner.post(path, {
      name: " Stage d'été : lun–ven 9 h–16 h ",
      weekdays: [5, 1, 3, 2, 4, 1],
      slots: [{ start: "09:00", end: "16:00" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const camp = created.json();
    // Weekdays deduplicated and sorted, the name trimmed.
    expect(camp).toMatchObject({
      name: "Stage d'été : lun–ven 9 h–16 h",
      weekdays: [1, 2, 3, 4, 5],
      slots: [{ start: "09:00", end: "16:00" }],
    });
    expect((await lastAuditOf(t.db, camp.cuid))?.action).toBe("date_configuration.created");

    const second = await owner.post(path, {
      name: "Mercredi après-midi",
      weekdays: [3],
      slots: [
        { start: "16:00", end: "17:30" },
        { start: "13:30", end: "15:30" },
      ],
    });
    expect(second.statusCode, second.body).toBe(201);
    const wednesday = second.json();
    // Slots in the day's order.
    expect(wednesday.slots).toEqual([
      { start: "13:30", end: "15:30" },
      { start: "16:00", end: "17:30" },
    ]);
    // The availability forms' choices offer them to the schedule generator.
    const choices = (await owner.get("/api/admin/availabilities/choices")).json();
    expect(choices.date_configurations).toContainEqual({
      cuid: wednesday.cuid,
      name: "Mercredi après-midi",
      weekdays: [3],
      slots: wednesday.slots,
    });
    const cuids = (await list()).map((row: { cuid: string }) => row.cuid);
    expect(cuids.slice(-2)).toEqual([camp.cuid, wednesday.cuid]);

    const updated = await owner.put(`${path}/${camp.cuid}`, {
      name: "Stage d'été (matin)",
      weekdays: [1, 2, 3, 4, 5],
      slots: [{ start: "09:00", end: "12:00" }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ slots: [{ start: "09:00", end: "12:00" }] });
    expect(await lastAuditOf(t.db, camp.cuid)).toMatchObject({
      action: "date_configuration.updated",
      before: { slots: [{ start: "09:00", end: "16:00" }] },
    });

    const reversed = [...cuids].reverse();
    const reordered = await owner.put(`${path}/order`, { cuids: reversed });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await list()).map((row: { cuid: string }) => row.cuid)).toEqual(reversed);

    for (const cuid of [camp.cuid, wednesday.cuid]) {
      expect((await owner.delete(`${path}/${cuid}`)).statusCode).toBe(200);
      expect((await lastAuditOf(t.db, cuid))?.action).toBe("date_configuration.deleted");
    }
    expect((await list()).map((row: { cuid: string }) => row.cuid)).toEqual(
      reversed.filter((cuid) => cuid !== camp.cuid && cuid !== wednesday.cuid),
    );
  });

  it("refuses a pattern the generator would refuse, with its codes by field, changing nothing", async () => {
    const before = await t.db.select().from(dateConfigurations);
    const bad = await owner.post(path, {
      name: "Mauvais",
      weekdays: [0],
      slots: [
        { start: "14:00", end: "16:00" },
        { start: "15:00", end: "17:00" },
        { start: "10:00", end: "09:00" },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        "weekdays.0": "INVALID_WEEKDAY",
        "slots.0": "SLOTS_OVERLAP",
        "slots.1": "SLOTS_OVERLAP",
        "slots.2.end": "END_NOT_AFTER_START",
      },
    });
    const empty = await owner.post(path, { name: " ", weekdays: [], slots: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: "REQUIRED" });
    const noDays = await owner.post(path, { name: "X", weekdays: [], slots: [] });
    expect(noDays.json().fields).toEqual({ weekdays: "REQUIRED", slots: "REQUIRED" });
    const wrongType = await owner.post(path, { name: "X", weekdays: "lundi", slots: [] });
    expect(wrongType.statusCode).toBe(400);
    const missing = await owner.put(`${path}/nosuchconfiguration`, {
      name: "X",
      weekdays: [1],
      slots: [{ start: "09:00", end: "10:00" }],
    });
    expect(missing.statusCode).toBe(404);
    expect((await owner.delete(`${path}/nosuchconfiguration`)).statusCode).toBe(404);
    const stale = await owner.put(`${path}/order`, { cuids: ["nosuchconfiguration"] });
    expect(stale.statusCode).toBe(400);
    expect(await t.db.select().from(dateConfigurations)).toEqual(before);
  });
});
