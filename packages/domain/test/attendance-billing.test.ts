import { describe, expect, it } from "vitest";
import {
  type AttendanceBillingRule,
  addMonths,
  attendanceTimesRefusal,
  billPresence,
  chargeItemAdjustmentAllowed,
  cycleCharges,
  cycleHasEnded,
  cycleMonthOf,
  isCycleMonth,
  lastEndedCycleMonth,
  monthlyCycleBounds,
  monthsToIssue,
} from "../src/index.ts";

const halfHours: AttendanceBillingRule = {
  pricing: "DURATION",
  unitDuration: 1800,
  unitAmount: 250,
  recordsTimes: true,
};
const session = { startAt: "2026-10-14T14:00:00Z", endAt: "2026-10-14T16:00:00Z" };

describe("monthly cycles in the organiser's time zone", () => {
  it("reads and moves months", () => {
    expect(isCycleMonth("2026-10")).toBe(true);
    expect(isCycleMonth("2026-13")).toBe(false);
    expect(isCycleMonth("2026-1")).toBe(false);
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-03", -15)).toBe("2024-12");
  });

  it("bounds a month at local midnight, DST included", () => {
    const october = monthlyCycleBounds("2026-10", "Europe/Brussels");
    expect(october.start.toISOString()).toBe("2026-09-30T22:00:00.000Z");
    // October ends in winter time: the month is 31 days and one hour long.
    expect(october.end.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    const utc = monthlyCycleBounds("2026-02", "UTC");
    expect(utc.start.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(utc.end.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(() => monthlyCycleBounds("2026-00", "UTC")).toThrow(RangeError);
  });

  it("takes the month of an instant in the zone, and the last ended one", () => {
    // 22:30 UTC on 31 October is 23:30 in Brussels (winter time): still October there.
    expect(cycleMonthOf("2026-10-31T22:30:00Z", "Europe/Brussels")).toBe("2026-10");
    expect(cycleMonthOf("2026-10-31T23:30:00Z", "Europe/Brussels")).toBe("2026-11");
    expect(lastEndedCycleMonth(new Date("2026-11-01T00:30:00Z"), "Europe/Brussels")).toBe(
      "2026-10",
    );
    expect(lastEndedCycleMonth(new Date("2026-10-31T22:30:00Z"), "Europe/Brussels")).toBe(
      "2026-09",
    );
    expect(cycleHasEnded("2026-10", "Europe/Brussels", new Date("2026-10-31T23:00:00Z"))).toBe(
      true,
    );
    expect(cycleHasEnded("2026-10", "Europe/Brussels", new Date("2026-10-31T22:59:59Z"))).toBe(
      false,
    );
  });
});

describe("the months still to issue", () => {
  const tz = "Europe/Brussels";
  it("lists every ended month since the configuration began, oldest first, without the issued", () => {
    const now = new Date("2027-02-03T10:00:00Z");
    expect(monthsToIssue("2026-10-20T08:00:00Z", now, tz, [])).toEqual([
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
    ]);
    expect(monthsToIssue("2026-10-20T08:00:00Z", now, tz, ["2026-11", "2027-01"])).toEqual([
      "2026-10",
      "2026-12",
    ]);
  });

  it("lists nothing for a configuration of the running month, and counts months in the zone", () => {
    expect(monthsToIssue("2026-11-02T08:00:00Z", new Date("2026-11-20T00:00:00Z"), tz, [])).toEqual(
      [],
    );
    // 23:30 on 31 October in Brussels: October began the configuration, and ended at midnight.
    expect(monthsToIssue("2026-10-31T22:30:00Z", new Date("2026-10-31T23:00:00Z"), tz, [])).toEqual(
      ["2026-10"],
    );
    expect(monthsToIssue("2026-10-31T22:30:00Z", new Date("2026-10-31T22:59:00Z"), tz, [])).toEqual(
      [],
    );
  });
});

describe("what a presence is billed", () => {
  it("bills each started unit between arrival and departure", () => {
    const billed = billPresence(halfHours, {
      session,
      arrivedAt: "2026-10-14T15:50:00Z",
      departedAt: "2026-10-14T17:01:00Z",
    });
    expect(billed.duration).toBe(71 * 60);
    expect(billed.amount).toBe(3 * 250);
  });

  it("uses the session's bounds for a time not recorded, and for no recording at all", () => {
    const arrivedOnly = billPresence(halfHours, {
      session,
      arrivedAt: "2026-10-14T15:00:00Z",
      departedAt: null,
    });
    expect(arrivedOnly.departedAt.toISOString()).toBe("2026-10-14T16:00:00.000Z");
    expect(arrivedOnly.amount).toBe(500);
    const noRecording = billPresence(
      { ...halfHours, recordsTimes: false },
      { session, arrivedAt: "2026-10-14T15:59:00Z", departedAt: "2026-10-14T16:00:00Z" },
    );
    expect(noRecording.duration).toBe(7200);
    expect(noRecording.amount).toBe(1000);
  });

  it("counts a departure before the arrival as no time", () => {
    const billed = billPresence(halfHours, {
      session,
      arrivedAt: "2026-10-14T17:00:00Z",
      departedAt: "2026-10-14T16:00:00Z",
    });
    expect(billed).toMatchObject({ duration: 0, amount: 0 });
  });

  it("bills a fixed amount per presence whatever the time", () => {
    const perPresence: AttendanceBillingRule = {
      ...halfHours,
      pricing: "PRESENCE",
      unitAmount: 800,
    };
    expect(billPresence(perPresence, { session, arrivedAt: null, departedAt: null }).amount).toBe(
      800,
    );
  });
});

describe("the charges of a cycle", () => {
  it("makes one charge per customer with its items and totals", () => {
    const charges = cycleCharges(halfHours, [
      { customerId: 7, session, arrivedAt: "2026-10-14T15:00:00Z", departedAt: null },
      { customerId: 9, session, arrivedAt: null, departedAt: null },
      { customerId: 7, session, arrivedAt: "2026-10-14T15:30:00Z", departedAt: null },
    ]);
    expect(charges.map((charge) => charge.customerId)).toEqual([7, 9]);
    expect(charges[0]!.items).toHaveLength(2);
    expect(charges[0]!.totals).toEqual({ duration: 3600 + 1800, amount: 750 });
    expect(charges[1]!.totals).toEqual({ duration: 7200, amount: 1000 });
    expect(cycleCharges(halfHours, [])).toEqual([]);
  });
});

describe("recorded times", () => {
  it("refuses a departure before the arrival and times far from the session", () => {
    expect(
      attendanceTimesRefusal(session, {
        arrivedAt: "2026-10-14T15:00:00Z",
        departedAt: "2026-10-14T14:59:00Z",
      }),
    ).toBe("DEPARTURE_BEFORE_ARRIVAL");
    expect(
      attendanceTimesRefusal(session, { arrivedAt: "2026-10-16T15:00:00Z", departedAt: null }),
    ).toBe("OUTSIDE_SESSION_DAY");
    expect(
      attendanceTimesRefusal(session, { arrivedAt: null, departedAt: "2026-10-14T18:30:00Z" }),
    ).toBeNull();
  });
});

describe("adjusting an issued item", () => {
  it("keeps the charge's total at or above what was paid", () => {
    const charge = { chargeTotal: 1000, chargePaid: 600, itemAmount: 500 };
    expect(chargeItemAdjustmentAllowed({ ...charge, amount: 100 })).toBe(true);
    expect(chargeItemAdjustmentAllowed({ ...charge, amount: 99 })).toBe(false);
    expect(chargeItemAdjustmentAllowed({ ...charge, amount: 5000 })).toBe(true);
    expect(chargeItemAdjustmentAllowed({ ...charge, amount: -1 })).toBe(false);
    expect(chargeItemAdjustmentAllowed({ ...charge, amount: 1.5 })).toBe(false);
  });
});
