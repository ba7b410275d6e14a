import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AddFormState,
  type AvailabilityStatus,
  type AvailabilityWindow,
  addFormState,
  type BadgeStatus,
  type CapacityCount,
  type CardBadgeInput,
  type CardCapacityInput,
  canAddToCart,
  cardBadge,
  hasFreePlaces,
  remainingCapacity,
  remainingPlaces,
  shownCapacity,
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
    expect(canAddToCart(availability(overrides), NOW)).toBe(expected.kind === "open");
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

describe("cardBadge", () => {
  const base: CardBadgeInput = {
    status: "OPEN",
    start_at: at(DAY),
    registrations_end_at: null,
    allow_registrations_after_start: false,
  };
  const cases: [string, Partial<CardBadgeInput>, boolean, BadgeStatus | null][] = [
    ["OPEN, grid", {}, true, null],
    ["OPEN, elsewhere", {}, false, null],
    ["CLOSED, grid", { status: "CLOSED" }, true, "CLOSED"],
    ["CLOSED, elsewhere", { status: "CLOSED" }, false, "CLOSED"],
    ["OVERLAP, grid", { status: "OVERLAP" }, true, "OVERLAP"],
    ["OVERLAP, elsewhere", { status: "OVERLAP" }, false, "OVERLAP"],
    ["FULL, grid", { status: "FULL" }, true, "FULL"],
    ["FULL, elsewhere", { status: "FULL" }, false, "FULL"],
    ["OPEN, registrations ended, grid", { registrations_end_at: at(-1) }, true, "CLOSED"],
    ["OPEN, registrations end exactly now, grid", { registrations_end_at: NOW }, true, "CLOSED"],
    ["OPEN, registrations end ahead, grid", { registrations_end_at: at(1) }, true, null],
    ["OPEN, registrations ended, elsewhere", { registrations_end_at: at(-1) }, false, null],
    ["OPEN, started, late forbidden, grid", { start_at: at(-1) }, true, "CLOSED"],
    ["OPEN, starts exactly now, late forbidden, grid", { start_at: NOW }, true, "CLOSED"],
    ["OPEN, started, late forbidden, elsewhere", { start_at: at(-1) }, false, null],
    [
      "OPEN, started, late allowed, grid",
      { start_at: at(-1), allow_registrations_after_start: true },
      true,
      null,
    ],
    ["FULL, started, grid (status wins)", { status: "FULL", start_at: at(-1) }, true, "FULL"],
    [
      "OVERLAP, registrations ended, grid (status wins)",
      { status: "OVERLAP", registrations_end_at: at(-1) },
      true,
      "OVERLAP",
    ],
  ];

  it.each(cases)("%s", (_name, overrides, cardsGrid, expected) => {
    expect(cardBadge({ ...base, ...overrides }, NOW, { cardsGrid })).toBe(expected);
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

describe("shownCapacity", () => {
  function card(overrides: Partial<CardCapacityInput> = {}): CardCapacityInput {
    return {
      status: "OPEN",
      start_at: at(DAY),
      registrations_end_at: null,
      allow_registrations_after_start: false,
      capacity: 20,
      registered: 2,
      dates: [
        { capacity: 10, registered: 4 },
        { capacity: 10, registered: 7 },
      ],
      ...overrides,
    };
  }
  const cases: [string, Partial<CardCapacityInput>, boolean, number | null][] = [
    ["OPEN: largest remaining across dates", {}, true, 6],
    ["OPEN elsewhere: same", {}, false, 6],
    ["no dates: the availability's own places", { dates: [] }, true, 18],
    ["no dates, unlimited availability", { dates: [], capacity: null }, true, null],
    ["an unlimited date", { dates: [{ capacity: null, registered: 1 }] }, true, null],
    ["FULL with free places: badge, no capacity", { status: "FULL" }, true, null],
    ["CLOSED: badge", { status: "CLOSED" }, false, null],
    ["OVERLAP: badge", { status: "OVERLAP" }, false, null],
    ["registrations ended on the grid: badge", { registrations_end_at: at(-1) }, true, null],
    [
      "registrations ended elsewhere: no badge, capacity",
      { registrations_end_at: at(-1) },
      false,
      6,
    ],
    ["started on the grid: badge", { start_at: at(-1) }, true, null],
    [
      "started, late allowed: capacity",
      { start_at: at(-1), allow_registrations_after_start: true },
      true,
      6,
    ],
    [
      "all dates full but OPEN: 0",
      {
        dates: [
          { capacity: 3, registered: 3 },
          { capacity: 0, registered: 0 },
        ],
      },
      true,
      0,
    ],
  ];

  it.each(cases)("%s", (_name, overrides, cardsGrid, expected) => {
    expect(shownCapacity(card(overrides), NOW, { cardsGrid })).toBe(expected);
  });
});
