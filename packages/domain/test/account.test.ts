import { describe, expect, it } from "vitest";
import {
  ACCOUNT_PAGE_SIZE,
  type AccountCounters,
  accountTabs,
  paging,
  storedChoiceLabels,
} from "../src/index.ts";

const none: AccountCounters = {
  participants: 0,
  carts: 0,
  registrations: 0,
  bookings: 0,
  registrations_requests: 0,
  bundles: 0,
  vouchers: 0,
  available_vouchers: 0,
  memberships: 0,
  attendance_charges: 0,
};

const keys = (counters: Partial<AccountCounters>) =>
  accountTabs({ ...none, ...counters }).map((tab) => tab.key);

describe("accountTabs", () => {
  it("always shows home, profile and participants, even with no counter", () => {
    expect(accountTabs(none)).toEqual([
      { key: "home", path: "home", count: null },
      { key: "profile", path: "profile", count: null },
      { key: "participants", path: "participants", count: 0 },
    ]);
  });

  it.each([
    ["carts", "carts"],
    ["registrations", "registrations"],
    ["bookings", "bookings"],
    ["registrations_requests", "registrations-requests"],
    ["bundles", "bundles"],
    ["memberships", "memberships"],
    ["attendance_charges", "attendance-charges"],
  ] as const)("shows %s only from a counter of 1, at /account/%s", (key, path) => {
    expect(keys({ [key]: 0 })).not.toContain(key);
    const tabs = accountTabs({ ...none, [key]: 1 });
    expect(tabs.find((tab) => tab.key === key)).toEqual({ key, path, count: 1 });
    expect(accountTabs({ ...none, [key]: 12 }).find((tab) => tab.key === key)?.count).toBe(12);
  });

  it("shows vouchers when either voucher counter is at least 1", () => {
    expect(keys({})).not.toContain("vouchers");
    expect(keys({ vouchers: 1 })).toContain("vouchers");
    expect(keys({ available_vouchers: 1 })).toContain("vouchers");
    const tab = (counters: Partial<AccountCounters>) =>
      accountTabs({ ...none, ...counters }).find((candidate) => candidate.key === "vouchers");
    expect(tab({ vouchers: 3, available_vouchers: 2 })?.count).toBe(3);
    expect(tab({ vouchers: 0, available_vouchers: 2 })?.count).toBe(2);
  });

  it("keeps the order of the spec", () => {
    const all = Object.fromEntries(Object.keys(none).map((key) => [key, 2])) as AccountCounters;
    expect(accountTabs(all).map((tab) => tab.key)).toEqual([
      "home",
      "profile",
      "participants",
      "carts",
      "registrations",
      "bookings",
      "registrations_requests",
      "bundles",
      "memberships",
      "attendance_charges",
      "vouchers",
    ]);
  });

  it("reads negative or non-numeric counters as 0", () => {
    expect(keys({ carts: -1, registrations: Number.NaN, bundles: 0.5 })).toEqual([
      "home",
      "profile",
      "participants",
    ]);
    expect(accountTabs({ ...none, participants: -3 })[2]?.count).toBe(0);
  });
});

describe("paging", () => {
  it("defaults to pages of 20 and hides the controls up to one page", () => {
    expect(ACCOUNT_PAGE_SIZE).toBe(20);
    expect(paging(0, 1)).toMatchObject({
      pageCount: 1,
      visible: false,
      hasPrevious: false,
      hasNext: false,
      firstItem: 0,
      lastItem: 0,
    });
    expect(paging(20, 1)).toMatchObject({ pageCount: 1, visible: false, lastItem: 20 });
    expect(paging(21, 1)).toMatchObject({ pageCount: 2, visible: true, hasNext: true });
  });

  it("disables previous on page 1 and next on the last page", () => {
    expect(paging(45, 1, 20)).toMatchObject({ hasPrevious: false, hasNext: true, firstItem: 1 });
    expect(paging(45, 2, 20)).toMatchObject({
      hasPrevious: true,
      hasNext: true,
      firstItem: 21,
      lastItem: 40,
    });
    expect(paging(45, 3, 20)).toMatchObject({
      hasPrevious: true,
      hasNext: false,
      firstItem: 41,
      lastItem: 45,
    });
  });

  it("clamps page numbers and refuses bad page sizes", () => {
    expect(paging(45, 9, 20).pageNumber).toBe(3);
    expect(paging(45, 0, 20).pageNumber).toBe(1);
    expect(paging(45, Number.NaN, 20).pageNumber).toBe(1);
    expect(paging(45, 1, 0).pageSize).toBe(20);
    expect(paging(45, 1, 2.5).pageSize).toBe(20);
    expect(paging(5, 3, 2)).toMatchObject({ pageCount: 3, hasNext: false, visible: true });
  });
});

describe("storedChoiceLabels", () => {
  const choices = [
    { id: 1, label: "Nature" },
    { id: 2, label: "Sport" },
    { id: 3, label: "Arts, crafts" },
  ];

  it("reads a stored multiple choice back into its labels, in the field's order", () => {
    expect(storedChoiceLabels(choices, "Sport, Nature")).toEqual(["Nature", "Sport"]);
    expect(storedChoiceLabels(choices, "Arts, crafts, Sport")).toEqual(["Sport", "Arts, crafts"]);
  });

  it("drops labels the field no longer offers and reads empty values as none", () => {
    expect(storedChoiceLabels(choices, "Sport, Cuisine")).toEqual(["Sport"]);
    expect(storedChoiceLabels(choices, null)).toEqual([]);
    expect(storedChoiceLabels(choices, "")).toEqual([]);
  });
});
