import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AddFormState,
  type AvailabilityStatus,
  type AvailabilityWindow,
  addFormState,
  type BadgeStatus,
  type BookingDate,
  type BookingInput,
  type BookingReason,
  bookingState,
  type CapacityCount,
  dateBadge,
  hasFreePlaces,
  remainingCapacity,
  remainingPlaces,
} from "../src/index.ts";

const NOW = new Date("2026-06-15T10:00:00.000Z");
const at = (offsetMinutes: number) => new Date(NOW.getTime() + offsetMinutes * 60_000);
const DAY = 24 * 60;

/** An OPEN availability next week, registrations open without window. */
function availability(overrides: Partial<AvailabilityWindow> = {}): AvailabilityWindow {
  return {
    status: "OPEN",
    start_at: at(7 * DAY),
    end_at: at(8 * DAY),
    registrations_start_at: null,
    registrations_end_at: null,
    allow_registrations_after_start: false,
    ...overrides,
  };
}

describe("addFormState", () => {
  const cases: [string, Partial<AvailabilityWindow>, AddFormState][] = [
    ["OPEN, no window", {}, { kind: "open" }],
    [
      "OPEN, window around now",
      { registrations_start_at: at(-DAY), registrations_end_at: at(DAY) },
      { kind: "open" },
    ],
    ["CLOSED", { status: "CLOSED" }, { kind: "closed", waitingList: true }],
    ["FULL", { status: "FULL" }, { kind: "full", waitingList: true }],
    [
      "CLOSED without waiting list",
      { status: "CLOSED", waiting_list: false },
      { kind: "closed", waitingList: false },
    ],
    [
      "FULL without waiting list",
      { status: "FULL", waiting_list: false },
      { kind: "full", waitingList: false },
    ],
    [
      "FULL with waiting list explicitly on",
      { status: "FULL", waiting_list: true },
      { kind: "full", waitingList: true },
    ],
    [
      "registrations open in the future",
      { registrations_start_at: at(60) },
      { kind: "opening_scheduled", opensAt: at(60) },
    ],
    [
      "registrations open one millisecond from now",
      { registrations_start_at: new Date(NOW.getTime() + 1) },
      { kind: "opening_scheduled", opensAt: new Date(NOW.getTime() + 1) },
    ],
    ["registrations open exactly now", { registrations_start_at: NOW }, { kind: "open" }],
    ["registrations opened in the past", { registrations_start_at: at(-1) }, { kind: "open" }],
    [
      "registrations open in the future, as an ISO string with an offset",
      { registrations_start_at: "2026-06-20T09:00:00+02:00" },
      { kind: "opening_scheduled", opensAt: new Date("2026-06-20T07:00:00Z") },
    ],
    [
      "registrations closed in the past",
      { registrations_end_at: at(-1) },
      { kind: "closing_passed" },
    ],
    ["registrations close exactly now", { registrations_end_at: NOW }, { kind: "closing_passed" }],
    [
      "registrations close one millisecond from now",
      { registrations_end_at: new Date(NOW.getTime() + 1) },
      { kind: "open" },
    ],
    [
      "start passed, late registrations forbidden",
      { start_at: at(-60), end_at: at(60) },
      { kind: "started" },
    ],
    ["start exactly now, late registrations forbidden", { start_at: NOW }, { kind: "started" }],
    [
      "start passed, late registrations allowed",
      { start_at: at(-60), end_at: at(60), allow_registrations_after_start: true },
      { kind: "open" },
    ],
    [
      "end passed (late registrations allowed)",
      { start_at: at(-120), end_at: at(-60), allow_registrations_after_start: true },
      { kind: "ended" },
    ],
    [
      "end exactly now",
      { start_at: at(-120), end_at: NOW, allow_registrations_after_start: true },
      { kind: "ended" },
    ],
    // Precedence
    ["ended beats started", { start_at: at(-120), end_at: at(-60) }, { kind: "ended" }],
    [
      "ended beats CLOSED",
      { status: "CLOSED", start_at: at(-120), end_at: at(-60) },
      { kind: "ended" },
    ],
    [
      "ended beats FULL and a past registrations end",
      { status: "FULL", start_at: at(-120), end_at: at(-60), registrations_end_at: at(-200) },
      { kind: "ended" },
    ],
    [
      "started beats FULL (no waiting list for what can no longer be joined)",
      { status: "FULL", start_at: at(-60), end_at: at(60) },
      { kind: "started" },
    ],
    [
      "started beats CLOSED",
      { status: "CLOSED", start_at: at(-60), end_at: at(60) },
      { kind: "started" },
    ],
    [
      "started beats a future registrations start",
      { start_at: at(-60), end_at: at(60), registrations_start_at: at(30) },
      { kind: "started" },
    ],
    [
      "CLOSED beats a future registrations start",
      { status: "CLOSED", registrations_start_at: at(30) },
      { kind: "closed", waitingList: true },
    ],
    [
      "FULL beats a past registrations end",
      { status: "FULL", registrations_end_at: at(-30) },
      { kind: "full", waitingList: true },
    ],
    [
      "CLOSED with late registrations allowed and start passed",
      {
        status: "CLOSED",
        start_at: at(-60),
        end_at: at(60),
        allow_registrations_after_start: true,
      },
      { kind: "closed", waitingList: true },
    ],
    [
      "a passed registrations end beats a future registrations start (inconsistent window)",
      { registrations_start_at: at(30), registrations_end_at: at(-30) },
      { kind: "closing_passed" },
    ],
    [
      "late registrations allowed, registrations end passed after start",
      {
        start_at: at(-60),
        end_at: at(60),
        registrations_end_at: at(-1),
        allow_registrations_after_start: true,
      },
      { kind: "closing_passed" },
    ],
    [
      "late registrations allowed, registrations end still ahead after start",
      {
        start_at: at(-60),
        end_at: at(60),
        registrations_end_at: at(30),
        allow_registrations_after_start: true,
      },
      { kind: "open" },
    ],
  ];

  it.each(cases)("%s", (_name, overrides, expected) => {
    expect(addFormState(availability(overrides), NOW)).toEqual(expected);
  });

  it("accepts ISO strings as the API sends them (microseconds, Z)", () => {
    const state = addFormState(
      availability({
        start_at: "2026-06-15T09:59:59.999999Z",
        end_at: "2026-06-15T12:00:00.000000Z",
      }),
      NOW,
    );
    expect(state).toEqual({ kind: "started" });
  });

  it("returns opensAt as a new Date", () => {
    const opensAt = at(60);
    const state = addFormState(availability({ registrations_start_at: opensAt }), NOW);
    expect(state.kind === "opening_scheduled" && state.opensAt).not.toBe(opensAt);
  });

  it("rejects invalid timestamps and now", () => {
    expect(() => addFormState(availability({ end_at: "2026-06-20T10:00:00" }), NOW)).toThrow(
      RangeError,
    );
    expect(() => addFormState(availability(), new Date(Number.NaN))).toThrow(RangeError);
  });

  it("is open exactly when no rule applies (property)", () => {
    const instant = fc.integer({ min: -10 * DAY, max: 10 * DAY }).map(at);
    fc.assert(
      fc.property(
        fc.constantFrom<AvailabilityStatus>("OPEN", "CLOSED", "FULL"),
        instant,
        instant,
        fc.option(instant),
        fc.option(instant),
        fc.boolean(),
        (status, a, b, opens, closes, late) => {
          const [start_at, end_at] = a <= b ? [a, b] : [b, a];
          const input: AvailabilityWindow = {
            status,
            start_at,
            end_at,
            registrations_start_at: opens,
            registrations_end_at: closes,
            allow_registrations_after_start: late,
          };
          const open =
            status === "OPEN" &&
            end_at > NOW &&
            (late || start_at > NOW) &&
            (opens === null || opens <= NOW) &&
            (closes === null || closes > NOW);
          expect(addFormState(input, NOW).kind === "open").toBe(open);
        },
      ),
    );
  });
});

describe("remainingPlaces / hasFreePlaces", () => {
  it.each([
    [{ capacity: null, registered: 0 }, null, true],
    [{ capacity: null, registered: 500 }, null, true],
    [{ capacity: 0, registered: 0 }, 0, false],
    [{ capacity: 10, registered: 0 }, 10, true],
    [{ capacity: 10, registered: 9 }, 1, true],
    [{ capacity: 10, registered: 10 }, 0, false],
    [{ capacity: 10, registered: 12 }, 0, false],
  ])("%j → %j places, free: %j", (count, places, free) => {
    expect(remainingPlaces(count)).toBe(places);
    expect(hasFreePlaces(count)).toBe(free);
  });
});

describe("remainingCapacity", () => {
  const cases: [string, CapacityCount[], number | null][] = [
    ["no dates", [], null],
    ["one limited date", [{ capacity: 10, registered: 3 }], 7],
    [
      "largest across dates",
      [
        { capacity: 10, registered: 9 },
        { capacity: 5, registered: 0 },
        { capacity: 8, registered: 4 },
      ],
      5,
    ],
    [
      "any unlimited date makes it unlimited",
      [
        { capacity: 10, registered: 9 },
        { capacity: null, registered: 3 },
      ],
      null,
    ],
    ["capacity 0", [{ capacity: 0, registered: 0 }], 0],
    [
      "all full",
      [
        { capacity: 4, registered: 4 },
        { capacity: 2, registered: 2 },
      ],
      0,
    ],
    [
      "overbooked dates floor at 0",
      [
        { capacity: 4, registered: 6 },
        { capacity: 2, registered: 5 },
      ],
      0,
    ],
    [
      "an overbooked date does not hide a free one",
      [
        { capacity: 4, registered: 9 },
        { capacity: 2, registered: 1 },
      ],
      1,
    ],
  ];

  it.each(cases)("%s", (_name, dates, expected) => {
    expect(remainingCapacity(dates)).toBe(expected);
  });

  it("is null or a non-negative integer at least every date's places (property)", () => {
    const count = fc.record({
      capacity: fc.option(fc.nat({ max: 1000 }), { freq: 5 }),
      registered: fc.nat({ max: 1200 }),
    });
    fc.assert(
      fc.property(fc.array(count, { maxLength: 20 }), (dates) => {
        const result = remainingCapacity(dates);
        if (dates.length === 0 || dates.some((date) => date.capacity === null)) {
          expect(result).toBeNull();
          return;
        }
        expect(result).not.toBeNull();
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        for (const date of dates) {
          expect(result).toBeGreaterThanOrEqual(remainingPlaces(date) ?? 0);
        }
        expect(dates.some((date) => remainingPlaces(date) === result)).toBe(true);
      }),
    );
  });
});

describe("bookingState", () => {
  /** An OPEN availability of two dates next week (10 places each), no registration window. */
  function input(overrides: Partial<BookingInput> = {}): BookingInput {
    return {
      ...availability(),
      capacity: 20,
      registered: 2,
      dates: [
        { status: "OPEN", start_at: at(7 * DAY), capacity: 10, registered: 4 },
        { status: "OPEN", start_at: at(7 * DAY + 60), capacity: 10, registered: 7 },
      ],
      ...overrides,
    };
  }
  const started = (late: boolean): Partial<BookingInput> => ({
    start_at: at(-60),
    end_at: at(DAY),
    allow_registrations_after_start: late,
    dates: [
      { status: "OPEN", start_at: at(-60), capacity: 10, registered: 1 },
      { status: "OPEN", start_at: at(60), capacity: 10, registered: 8 },
    ],
  });
  const cases: [
    string,
    Partial<BookingInput>,
    { reason: BookingReason | null; badge: BadgeStatus | null; remaining: number | null },
  ][] = [
    ["bookable: largest remaining across dates", {}, { reason: null, badge: null, remaining: 6 }],
    [
      "before the registration window: no badge, the opening date",
      { registrations_start_at: at(DAY), registrations_end_at: at(2 * DAY) },
      { reason: "opening_scheduled", badge: null, remaining: 6 },
    ],
    [
      "inside the registration window",
      { registrations_start_at: at(-DAY), registrations_end_at: at(DAY) },
      { reason: null, badge: null, remaining: 6 },
    ],
    [
      "after the registration window: CLOSED",
      { registrations_start_at: at(-2 * DAY), registrations_end_at: at(-DAY) },
      { reason: "closing_passed", badge: "CLOSED", remaining: 6 },
    ],
    [
      "started, late registrations forbidden: CLOSED",
      started(false),
      { reason: "started", badge: "CLOSED", remaining: 2 },
    ],
    [
      "started, late registrations allowed: the dates to come count",
      started(true),
      { reason: null, badge: null, remaining: 2 },
    ],
    [
      "ended: CLOSED",
      { start_at: at(-2 * DAY), end_at: at(-DAY), allow_registrations_after_start: true },
      { reason: "ended", badge: "CLOSED", remaining: 6 },
    ],
    ["status FULL", { status: "FULL" }, { reason: "full", badge: "FULL", remaining: 6 }],
    ["status CLOSED", { status: "CLOSED" }, { reason: "closed", badge: "CLOSED", remaining: 6 }],
    [
      "OPEN but every date taken: full",
      {
        dates: [
          { status: "OPEN", start_at: at(7 * DAY), capacity: 10, registered: 10 },
          { status: "FULL", start_at: at(8 * DAY), capacity: 10, registered: 9 },
        ],
      },
      { reason: "full", badge: "FULL", remaining: 1 },
    ],
    [
      "OPEN but every date to come CLOSED: closed",
      {
        dates: [{ status: "CLOSED", start_at: at(7 * DAY), capacity: 10, registered: 0 }],
      },
      { reason: "closed", badge: "CLOSED", remaining: 10 },
    ],
    [
      "late registrations allowed, every date started: started",
      {
        ...started(true),
        dates: [{ status: "OPEN", start_at: at(-60), capacity: 10, registered: 1 }],
      },
      { reason: "started", badge: "CLOSED", remaining: 9 },
    ],
    [
      "no dates: its own places",
      { dates: [], capacity: 5, registered: 5 },
      { reason: "full", badge: "FULL", remaining: 0 },
    ],
    [
      "no dates, unlimited",
      { dates: [], capacity: null },
      { reason: null, badge: null, remaining: null },
    ],
  ];

  it.each(cases)("%s", (_name, overrides, expected) => {
    const state = bookingState(input(overrides), NOW);
    expect({ reason: state.reason, badge: state.badge, remaining: state.remaining }).toEqual(
      expected,
    );
    expect(state.bookable).toBe(expected.reason === null);
  });

  it("gives the opening date only while registrations have not opened", () => {
    const opens = at(DAY);
    expect(bookingState(input({ registrations_start_at: opens }), NOW).registrationsOpenAt).toEqual(
      opens,
    );
    expect(bookingState(input({ registrations_start_at: at(-1) }), NOW).registrationsOpenAt).toBe(
      null,
    );
  });

  it("offers the waiting list on CLOSED and full availabilities unless the activity says no", () => {
    expect(bookingState(input({ status: "FULL" }), NOW).waitingList).toBe(true);
    expect(bookingState(input({ status: "CLOSED" }), NOW).waitingList).toBe(true);
    expect(bookingState(input({ status: "FULL", waiting_list: false }), NOW).waitingList).toBe(
      false,
    );
    expect(bookingState(input(), NOW).waitingList).toBe(false);
    expect(bookingState(input(started(false)), NOW).waitingList).toBe(false);
  });

  it("at checkout (places held) applies the status and window rules only", () => {
    const taken = input({
      dates: [{ status: "OPEN", start_at: at(7 * DAY), capacity: 1, registered: 1 }],
    });
    expect(bookingState(taken, NOW).reason).toBe("full");
    expect(bookingState(taken, NOW, { placesHeld: true }).bookable).toBe(true);
    expect(
      bookingState({ ...taken, registrations_end_at: at(-1) }, NOW, { placesHeld: true }).reason,
    ).toBe("closing_passed");
  });

  it("is bookable exactly when the add form shows and a date can be picked (property)", () => {
    const instant = fc.integer({ min: -10 * DAY, max: 10 * DAY }).map(at);
    const date: fc.Arbitrary<BookingDate> = fc.record({
      status: fc.constantFrom("OPEN", "CLOSED", "FULL", "OVERLAP"),
      start_at: instant,
      capacity: fc.option(fc.integer({ min: 0, max: 5 })),
      registered: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom<AvailabilityStatus>("OPEN", "CLOSED", "FULL"),
        instant,
        instant,
        fc.option(instant),
        fc.option(instant),
        fc.boolean(),
        fc.array(date, { maxLength: 4 }),
        fc.option(fc.integer({ min: 0, max: 5 })),
        fc.integer({ min: 0, max: 6 }),
        (status, a, b, opens, closes, late, dates, capacity, registered) => {
          const [start_at, end_at] = a <= b ? [a, b] : [b, a];
          const subject: BookingInput = {
            status,
            start_at,
            end_at,
            registrations_start_at: opens,
            registrations_end_at: closes,
            allow_registrations_after_start: late,
            capacity,
            registered,
            dates,
          };
          const state = bookingState(subject, NOW);
          const pickable =
            dates.length === 0
              ? hasFreePlaces({ capacity, registered })
              : dates.some((d) => d.status === "OPEN" && hasFreePlaces(d) && d.start_at > NOW);
          expect(state.bookable).toBe(addFormState(subject, NOW).kind === "open" && pickable);
          // Every view's rules follow from the state: a badge or an opening date, never both,
          // and none on what can be booked.
          if (state.bookable) expect(state.badge).toBe(null);
          else expect(state.badge !== null || state.registrationsOpenAt !== null).toBe(true);
          expect(state.badge !== null && state.registrationsOpenAt !== null).toBe(false);
        },
      ),
    );
  });
});

describe("dateBadge", () => {
  it.each<[BookingDate["status"], number | null, number, BadgeStatus | null]>([
    ["OPEN", 10, 3, null],
    ["OPEN", null, 30, null],
    ["OPEN", 10, 10, "FULL"],
    ["FULL", 10, 3, "FULL"],
    ["CLOSED", 10, 0, "CLOSED"],
    ["OVERLAP", 10, 0, "OVERLAP"],
  ])("%s %s/%s → %s", (status, capacity, registered, expected) => {
    expect(dateBadge({ status, start_at: at(DAY), capacity, registered })).toBe(expected);
  });
});
