import { describe, expect, it } from "vitest";
import {
  type BookingConfigurationRules,
  bookingCancellation,
  bookingConfigurationRefusal,
  bookingDaysAhead,
  bookingWeek,
} from "../src/booking-configurations.ts";

const rules = (over: Partial<BookingConfigurationRules> = {}): BookingConfigurationRules => ({
  audience: "EVERYONE",
  days_ahead: null,
  cancellation_hours: null,
  max_per_week: null,
  ...over,
});

describe("bookingDaysAhead", () => {
  it("takes the nearer of the resource's and the configuration's horizons", () => {
    expect(bookingDaysAhead(30, rules({ days_ahead: 7 }))).toBe(7);
    expect(bookingDaysAhead(5, rules({ days_ahead: 7 }))).toBe(5);
    expect(bookingDaysAhead(null, rules({ days_ahead: 7 }))).toBe(7);
    expect(bookingDaysAhead(30, null)).toBe(30);
    expect(bookingDaysAhead(null, rules())).toBeNull();
  });
});

describe("bookingConfigurationRefusal", () => {
  it("lets anyone book without a configuration", () => {
    expect(bookingConfigurationRefusal(null, { has_membership: false, week_bookings: 99 })).toBe(
      null,
    );
  });
  it("asks members-only configurations for an active membership", () => {
    const members = rules({ audience: "MEMBERS" });
    expect(bookingConfigurationRefusal(members, { has_membership: false, week_bookings: 0 })).toBe(
      "BOOKING_MEMBERS_ONLY",
    );
    expect(bookingConfigurationRefusal(members, { has_membership: true, week_bookings: 0 })).toBe(
      null,
    );
  });
  it("refuses a booking once the week holds the maximum", () => {
    const two = rules({ max_per_week: 2 });
    expect(bookingConfigurationRefusal(two, { has_membership: false, week_bookings: 1 })).toBe(
      null,
    );
    expect(bookingConfigurationRefusal(two, { has_membership: false, week_bookings: 2 })).toBe(
      "BOOKING_WEEKLY_LIMIT_REACHED",
    );
  });
});

describe("bookingWeek", () => {
  it("runs from local Monday midnight to the next Monday midnight", () => {
    // Sunday 2026-11-29 23:30 in Brussels is 22:30 UTC: still the week of Monday the 23rd.
    const week = bookingWeek(new Date("2026-11-29T22:30:00Z"), "Europe/Brussels");
    expect(week.start.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-11-29T23:00:00.000Z");
  });
  it("is one hour shorter across the spring clock change", () => {
    const week = bookingWeek(new Date("2026-03-25T10:00:00Z"), "Europe/Brussels");
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 86_400_000 - 3_600_000);
  });
});

describe("bookingCancellation", () => {
  const start = new Date("2026-12-01T18:00:00Z");
  it("is not offered without a customer cancellation deadline", () => {
    expect(bookingCancellation(null, start, new Date("2026-11-01T00:00:00Z"))).toEqual({
      allowed: false,
      reason: "BOOKING_CANCELLATION_NOT_OFFERED",
      deadline: null,
    });
  });
  it("is allowed until the deadline, closed from it", () => {
    const config = { cancellation_hours: 24 };
    const deadline = new Date("2026-11-30T18:00:00Z");
    expect(bookingCancellation(config, start, new Date("2026-11-30T17:59:59Z"))).toEqual({
      allowed: true,
      deadline,
    });
    expect(bookingCancellation(config, start, deadline)).toEqual({
      allowed: false,
      reason: "BOOKING_CANCELLATION_CLOSED",
      deadline,
    });
  });
});
