import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

/** The console's calendar periods (holidays and such), the storefront's `period` filter. */

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

const list = async () => (await owner.get("/api/admin/calendar-periods")).json().data;

describe("calendar periods in the console", () => {
  it("creates, lists in calendar order, edits and deletes a period, audited", async () => {
    const created = await owner.post("/api/admin/calendar-periods", {
      name: " Congé de détente ",
      start_date: "2027-02-15",
      end_date: "2027-02-26",
    });
    expect(created.statusCode, created.body).toBe(201);
    const period = created.json();
    expect(period).toMatchObject({
      name: "Congé de détente",
      start_date: "2027-02-15",
      end_date: "2027-02-26",
    });
    expect((await lastAuditOf(t.db, period.cuid))?.action).toBe("calendar_period.created");
    const listed = await list();
    expect(listed).toContainEqual(period);
    const starts = listed.map((p: { start_date: string }) => p.start_date);
    expect(starts).toEqual([...starts].sort());

    const updated = await owner.put(`/api/admin/calendar-periods/${period.cuid}`, {
      name: "Carnaval",
      start_date: "2027-02-15",
      end_date: "2027-02-19",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Carnaval", end_date: "2027-02-19" });
    expect((await lastAuditOf(t.db, period.cuid))?.action).toBe("calendar_period.updated");

    expect((await owner.delete(`/api/admin/calendar-periods/${period.cuid}`)).statusCode).toBe(200);
    expect((await lastAuditOf(t.db, period.cuid))?.action).toBe("calendar_period.deleted");
    expect((await list()).map((p: { cuid: string }) => p.cuid)).not.toContain(period.cuid);
  });

  it("refuses a period ending before it starts, a bad date or an unknown period, changing nothing", async () => {
    const before = await list();
    const reversed = await owner.post("/api/admin/calendar-periods", {
      name: "À l'envers",
      start_date: "2027-03-10",
      end_date: "2027-03-01",
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { end_date: "TO_BEFORE_FROM" },
    });
    const badDate = await owner.post("/api/admin/calendar-periods", {
      name: "Mauvaise date",
      start_date: "2027-02-30",
      end_date: "2027-03-01",
    });
    expect(badDate.statusCode).toBe(400);
    const missing = await owner.put("/api/admin/calendar-periods/nosuchperiod", {
      name: "X",
      start_date: "2027-01-01",
      end_date: "2027-01-02",
    });
    expect(missing.statusCode).toBe(404);
    expect(await list()).toEqual(before);
  });
});
