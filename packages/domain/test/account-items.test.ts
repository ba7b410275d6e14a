import { describe, expect, it } from "vitest";
import {
  attendanceAmount,
  attendanceTotals,
  bookingAmounts,
  bundleRemaining,
  canCancelRegistrationRequest,
  customerBundleState,
  customerParticipations,
  hoursAndMinutes,
  membershipState,
  productStateTone,
  REGISTRATION_REQUEST_STATUSES,
  registrationRequestAmountDue,
  registrationRequestTone,
} from "../src/index.ts";

const now = new Date("2026-10-14T10:00:00Z");

describe("registration requests", () => {
  it("colours the statuses as §4 says: PENDING blue, APPROVED green, REJECTED and CANCELLED red", () => {
    expect(
      Object.fromEntries(
        REGISTRATION_REQUEST_STATUSES.map((status) => [status, registrationRequestTone(status)]),
      ),
    ).toEqual({ PENDING: "blue", APPROVED: "green", REJECTED: "red", CANCELLED: "red" });
  });

  it("lets the customer cancel a PENDING request only", () => {
    expect(REGISTRATION_REQUEST_STATUSES.filter(canCancelRegistrationRequest)).toEqual(["PENDING"]);
  });

  it("asks for payment once approved, for what is not paid yet", () => {
    const request = { total_amount: 12_000, paid_amount: 2_000 };
    expect(registrationRequestAmountDue({ ...request, status: "APPROVED" })).toBe(10_000);
    expect(registrationRequestAmountDue({ ...request, status: "PENDING" })).toBe(0);
    expect(registrationRequestAmountDue({ ...request, status: "REJECTED" })).toBe(0);
    expect(registrationRequestAmountDue({ ...request, status: "CANCELLED" })).toBe(0);
    expect(
      registrationRequestAmountDue({ status: "APPROVED", total_amount: 5_000, paid_amount: 6_000 }),
    ).toBe(0);
    expect(
      registrationRequestAmountDue({ status: "APPROVED", total_amount: 5_000, paid_amount: -1 }),
    ).toBe(5_000);
  });
});

describe("bookings", () => {
  const participations = [
    { id: 1, customer_id: 7, total_amount: 1_500, paid_amount: 1_500 },
    { id: 2, customer_id: 9, total_amount: 1_500, paid_amount: 0 },
    { id: 3, customer_id: 7, total_amount: 1_000, paid_amount: 0 },
  ];

  it("keeps only the current customer's participations", () => {
    expect(customerParticipations(participations, 7).map((p) => p.id)).toEqual([1, 3]);
    expect(customerParticipations(participations, 8)).toEqual([]);
  });

  it("counts only the current customer's amounts", () => {
    expect(bookingAmounts(participations, 7)).toEqual({ total: 2_500, paid: 1_500 });
    expect(bookingAmounts(participations, 9)).toEqual({ total: 1_500, paid: 0 });
    expect(bookingAmounts(participations, 8)).toEqual({ total: 0, paid: 0 });
  });
});

describe("bundles", () => {
  it("counts the registrations left, unlimited as null", () => {
    expect(bundleRemaining({ capacity: 10, used: 3 })).toBe(7);
    expect(bundleRemaining({ capacity: 3, used: 5 })).toBe(0);
    expect(bundleRemaining({ capacity: null, used: 40 })).toBeNull();
  });

  it("is expired from its expiry, used up without registrations left, active otherwise", () => {
    const bundle = { capacity: 10, used: 2, expires_at: "2026-12-31T23:00:00Z" };
    expect(customerBundleState(bundle, now)).toBe("active");
    expect(customerBundleState({ ...bundle, used: 10 }, now)).toBe("used_up");
    expect(customerBundleState({ ...bundle, expires_at: now }, now)).toBe("expired");
    expect(customerBundleState({ ...bundle, used: 10, expires_at: now }, now)).toBe("expired");
    expect(customerBundleState({ capacity: null, used: 99, expires_at: null }, now)).toBe("active");
  });
});

describe("memberships", () => {
  const period = { start_at: "2026-09-01T00:00:00+02:00", end_at: "2027-08-31T00:00:00+02:00" };

  it("is cancelled whatever its period when cancelled", () => {
    expect(membershipState({ ...period, cancelled: true }, now)).toBe("cancelled");
    expect(
      membershipState({ start_at: "2020-01-01T00:00:00Z", end_at: now, cancelled: true }, now),
    ).toBe("cancelled");
  });

  it("is upcoming before its start, active from it, expired from its end", () => {
    expect(membershipState({ ...period, cancelled: false }, new Date("2026-08-31T21:59:59Z"))).toBe(
      "upcoming",
    );
    expect(membershipState({ ...period, cancelled: false }, new Date("2026-08-31T22:00:00Z"))).toBe(
      "active",
    );
    expect(membershipState({ ...period, cancelled: false }, now)).toBe("active");
    expect(membershipState({ ...period, cancelled: false }, new Date("2027-08-30T22:00:00Z"))).toBe(
      "expired",
    );
  });

  it("colours a cancelled membership red", () => {
    expect(productStateTone("cancelled")).toBe("red");
    expect(productStateTone("active")).toBe("green");
    expect(productStateTone("upcoming")).toBe("blue");
    expect(productStateTone("expired")).toBe("grey");
    expect(productStateTone("used_up")).toBe("grey");
  });
});

describe("attendance charges", () => {
  const quarterHour = { duration: 900, amount: 125 };

  it("bills every started unit", () => {
    expect(attendanceAmount(0, quarterHour)).toBe(0);
    expect(attendanceAmount(1, quarterHour)).toBe(125);
    expect(attendanceAmount(900, quarterHour)).toBe(125);
    expect(attendanceAmount(901, quarterHour)).toBe(250);
    expect(attendanceAmount(75 * 60, quarterHour)).toBe(625);
    expect(attendanceAmount(-60, quarterHour)).toBe(0);
    expect(() => attendanceAmount(60, { duration: 0, amount: 100 })).toThrow(RangeError);
  });

  it("totals the items' durations and amounts", () => {
    expect(attendanceTotals([])).toEqual({ duration: 0, amount: 0 });
    expect(
      attendanceTotals([
        { duration: 4_500, amount: 625 },
        { duration: 1_800, amount: 250 },
        { duration: 0, amount: 0 },
      ]),
    ).toEqual({ duration: 6_300, amount: 875 });
  });

  it("splits a duration into hours and minutes", () => {
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(5_400)).toEqual({ hours: 1, minutes: 30 });
    expect(hoursAndMinutes(6_300 + 59)).toEqual({ hours: 1, minutes: 45 });
    expect(hoursAndMinutes(26 * 3_600)).toEqual({ hours: 26, minutes: 0 });
  });
});
