import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AvailabilityDateStatus,
  type DateEditState,
  dateEditState,
  defaultDateSelection,
  editSelectionIssues,
  excludePastDatesForPartial,
  initialEditSelection,
  isDateSelectable,
  isDateSelectableForEdit,
  type SelectableDate,
  sortByStart,
  unchosenDates,
} from "../src/index.ts";

const NOW = new Date("2026-06-15T10:00:00.000Z");
const at = (offsetMinutes: number) => new Date(NOW.getTime() + offsetMinutes * 60_000);

type TestDate = SelectableDate<number>;

function date(id: number, overrides: Partial<TestDate> = {}): TestDate {
  return { id, status: "OPEN", capacity: 10, registered: 0, start_at: at(60 * id), ...overrides };
}

describe("isDateSelectable", () => {
  const cases: [string, Partial<TestDate>, boolean][] = [
    ["OPEN, free places, future", {}, true],
    ["OPEN, unlimited", { capacity: null, registered: 1000 }, true],
    ["OPEN, one place left", { capacity: 10, registered: 9 }, true],
    ["OPEN, no place left", { capacity: 10, registered: 10 }, false],
    ["OPEN, overbooked", { capacity: 10, registered: 11 }, false],
    ["OPEN, capacity 0", { capacity: 0, registered: 0 }, false],
    ["CLOSED", { status: "CLOSED" }, false],
    ["OVERLAP", { status: "OVERLAP" }, false],
    ["FULL with free places", { status: "FULL", capacity: 10, registered: 2 }, false],
    ["FULL unlimited", { status: "FULL", capacity: null }, false],
    ["starts exactly now", { start_at: NOW }, false],
    ["started one millisecond ago", { start_at: new Date(NOW.getTime() - 1) }, false],
    ["starts in one millisecond", { start_at: new Date(NOW.getTime() + 1) }, true],
    ["past", { start_at: at(-60 * 24) }, false],
    ["ISO string in the future", { start_at: "2026-06-15T12:00:01+02:00" }, true],
    ["ISO string exactly now", { start_at: "2026-06-15T12:00:00+02:00" }, false],
  ];

  it.each(cases)("%s → %j", (_name, overrides, expected) => {
    expect(isDateSelectable(date(1, overrides), NOW)).toBe(expected);
  });
});

describe("sortByStart", () => {
  it("sorts by instant, mixing Date and strings, stable on ties", () => {
    const dates = [
      { id: "c", start_at: "2026-06-15T12:00:00+02:00" },
      { id: "a", start_at: new Date("2026-06-15T08:00:00Z") },
      { id: "d", start_at: new Date("2026-06-15T10:00:00Z") },
      { id: "b", start_at: "2026-06-15T09:00:00Z" },
    ];
    expect(sortByStart(dates).map((d) => d.id)).toEqual(["a", "b", "c", "d"]);
    expect(dates.map((d) => d.id)).toEqual(["c", "a", "d", "b"]);
  });
});

describe("defaultDateSelection", () => {
  it("selects every selectable date, sorted by start", () => {
    const dates = [
      date(5),
      date(2, { status: "CLOSED" }),
      date(3, { capacity: 2, registered: 2 }),
      date(1, { start_at: at(-10) }),
      date(4, { capacity: null }),
      date(6, { start_at: at(30) }),
      date(7, { status: "FULL", registered: 1 }),
      date(8, { start_at: NOW }),
    ];
    expect(defaultDateSelection(dates, NOW)).toEqual([6, 4, 5]);
  });

  it("is empty without dates or when none is selectable", () => {
    expect(defaultDateSelection([], NOW)).toEqual([]);
    expect(defaultDateSelection([date(1, { status: "OVERLAP" })], NOW)).toEqual([]);
  });

  it("keeps string ids", () => {
    const dates = [
      { id: "b", status: "OPEN" as const, capacity: null, registered: 0, start_at: at(20) },
      { id: "a", status: "OPEN" as const, capacity: null, registered: 0, start_at: at(10) },
    ];
    expect(defaultDateSelection(dates, NOW)).toEqual(["a", "b"]);
  });

  const arbitraryDate = fc.record({
    id: fc.nat(),
    status: fc.constantFrom<AvailabilityDateStatus>("OPEN", "CLOSED", "OVERLAP", "FULL"),
    capacity: fc.option(fc.nat({ max: 5 })),
    registered: fc.nat({ max: 6 }),
    start_at: fc.integer({ min: -600, max: 600 }).map(at),
  });
  const dateList = fc.uniqueArray(arbitraryDate, { selector: (d) => d.id, maxLength: 15 });

  it("is a sorted subset of the selectable dates, and contains all of them (property)", () => {
    fc.assert(
      fc.property(dateList, (dates) => {
        const selection = defaultDateSelection(dates, NOW);
        const byId = new Map(dates.map((d) => [d.id, d]));
        const picked = selection.map((id) => byId.get(id)!);
        expect(picked.every((d) => isDateSelectable(d, NOW))).toBe(true);
        expect(selection.length).toBe(dates.filter((d) => isDateSelectable(d, NOW)).length);
        for (let i = 1; i < picked.length; i++) {
          expect(picked[i - 1]!.start_at.getTime()).toBeLessThanOrEqual(
            picked[i]!.start_at.getTime(),
          );
        }
      }),
    );
  });

  it("partitions the dates with unchosenDates (property)", () => {
    fc.assert(
      fc.property(dateList, (dates) => {
        const selection = defaultDateSelection(dates, NOW);
        const unchosen = unchosenDates(dates, selection);
        expect(selection.length + unchosen.length).toBe(dates.length);
        expect(unchosen.some((d) => selection.includes(d.id))).toBe(false);
      }),
    );
  });
});

describe("unchosenDates", () => {
  const dates = [date(3), date(1), date(2, { status: "CLOSED" }), date(4)];

  it.each([
    ["nothing selected: all, by start", [], [1, 2, 3, 4]],
    ["all selected: none", [1, 2, 3, 4], []],
    ["some selected", [3, 1], [2, 4]],
    ["unknown ids are ignored", [99, 1], [2, 3, 4]],
    ["duplicated ids", [1, 1, 3], [2, 4]],
  ] as [string, number[], number[]][])("%s", (_name, selected, expected) => {
    expect(unchosenDates(dates, selected).map((d) => d.id)).toEqual(expected);
  });

  it("accepts a Set", () => {
    expect(unchosenDates(dates, new Set([2, 4])).map((d) => d.id)).toEqual([1, 3]);
  });
});

describe("excludePastDatesForPartial", () => {
  const dates = [date(2), date(-1), date(0, { start_at: NOW }), date(1, { start_at: at(1) })];

  it("drops dates started at or before now when eligible, keeping order", () => {
    expect(excludePastDatesForPartial(dates, NOW, true).map((d) => d.id)).toEqual([2, 1]);
  });

  it("keeps everything when not eligible, as a new array", () => {
    const result = excludePastDatesForPartial(dates, NOW, false);
    expect(result).toEqual(dates);
    expect(result).not.toBe(dates);
  });

  it("handles an empty list", () => {
    expect(excludePastDatesForPartial([], NOW, true)).toEqual([]);
  });
});

describe("dateEditState / isDateSelectableForEdit", () => {
  const registered = [1];
  const cases: [string, TestDate, DateEditState][] = [
    ["registered, future, OPEN", date(1), "selectable"],
    ["registered, future, FULL", date(1, { status: "FULL", registered: 10 }), "selectable"],
    ["registered, future, CLOSED", date(1, { status: "CLOSED" }), "selectable"],
    ["registered, future, capacity reached", date(1, { capacity: 1, registered: 1 }), "selectable"],
    ["registered, started", date(1, { start_at: at(-1) }), "locked_selected"],
    ["registered, starts exactly now", date(1, { start_at: NOW }), "locked_selected"],
    ["not registered, OPEN with room", date(2), "selectable"],
    ["not registered, OPEN unlimited", date(2, { capacity: null }), "selectable"],
    [
      "not registered, capacity reached",
      date(2, { capacity: 3, registered: 3 }),
      "locked_unselected",
    ],
    ["not registered, capacity 0", date(2, { capacity: 0 }), "locked_unselected"],
    ["not registered, FULL with free places", date(2, { status: "FULL" }), "locked_unselected"],
    ["not registered, CLOSED", date(2, { status: "CLOSED" }), "locked_unselected"],
    ["not registered, OVERLAP", date(2, { status: "OVERLAP" }), "locked_unselected"],
    ["not registered, started", date(2, { start_at: at(-1) }), "locked_unselected"],
    ["not registered, starts exactly now", date(2, { start_at: NOW }), "locked_unselected"],
  ];

  it.each(cases)("%s → %s", (_name, input, expected) => {
    expect(dateEditState(input, NOW, registered)).toBe(expected);
    expect(isDateSelectableForEdit(input, NOW, new Set(registered))).toBe(
      expected === "selectable",
    );
  });
});

describe("initialEditSelection", () => {
  it("is the registered dates by start, ignoring unknown ids", () => {
    const dates = [date(3), date(1), date(2)];
    expect(initialEditSelection(dates, [3, 1, 42])).toEqual([1, 3]);
  });
});

describe("editSelectionIssues", () => {
  // 1: registered, started. 2: registered, future. 3: open, future. 4: full, future.
  // 5: not registered, started.
  const dates = [
    date(1, { start_at: at(-60) }),
    date(2),
    date(3),
    date(4, { capacity: 2, registered: 2 }),
    date(5, { start_at: at(-30) }),
  ];
  const registered = [1, 2];

  it.each([
    ["unchanged", [1, 2], []],
    ["drop a future registered date", [1], []],
    ["add an open date", [1, 2, 3], []],
    ["duplicates count once", [1, 1, 2, 2], []],
    ["drop the started date", [2], [{ code: "locked", dateId: 1 }]],
    ["add a started date", [1, 2, 5], [{ code: "locked", dateId: 5 }]],
    ["add a full date", [1, 4], [{ code: "unavailable", dateId: 4 }]],
    ["unknown date", [1, 2, 99], [{ code: "unknown_date", dateId: 99 }]],
    ["empty selection", [], [{ code: "required" }, { code: "locked", dateId: 1 }]],
    [
      "several problems, by start",
      [4, 5, 77],
      [
        { code: "locked", dateId: 1 },
        { code: "locked", dateId: 5 },
        { code: "unavailable", dateId: 4 },
        { code: "unknown_date", dateId: 77 },
      ],
    ],
  ] as [string, number[], unknown[]][])("%s", (_name, selected, expected) => {
    expect(editSelectionIssues(dates, NOW, registered, selected)).toEqual(expected);
  });

  it("requires a date even when no date is locked", () => {
    expect(editSelectionIssues([date(2)], NOW, [2], [])).toEqual([{ code: "required" }]);
  });
});
