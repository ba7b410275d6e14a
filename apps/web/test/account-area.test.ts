import { describe, expect, it } from "vitest";
import { readPaging } from "../app/components/account/paging";
import { ACCOUNT_PAGES, activeTabPath, shownTabs } from "../app/components/account/tabs";

describe("readPaging (platform-and-account.md §2.3, §9)", () => {
  const read = (query: string) => readPaging(new URL(`http://demo.localhost/fr/account/x${query}`));

  it("starts on page 1 with 20 items", () => {
    expect(read("")).toEqual({ pageNumber: 1, pageSize: 20 });
  });

  it("reads page_number and page_size", () => {
    expect(read("?page_number=3&page_size=50")).toEqual({ pageNumber: 3, pageSize: 50 });
  });

  it("falls back to the defaults on values that are not positive integers or too large", () => {
    for (const query of [
      "?page_number=0",
      "?page_number=-2",
      "?page_number=1.5",
      "?page_number=x",
    ]) {
      expect(read(query).pageNumber).toBe(1);
    }
    for (const query of [
      "?page_size=0",
      "?page_size=101",
      "?page_size=abc",
      "?page_size=9999999999",
    ]) {
      expect(read(query).pageSize).toBe(20);
    }
  });
});

describe("activeTabPath", () => {
  it.each([
    ["/fr/account", "home"],
    ["/account", "home"],
    ["/en/account/", "home"],
    ["/fr/account/home", "home"],
    ["/fr/account/profile", "profile"],
    ["/fr/account/profile/delete", "profile"],
    ["/en/account/participants/abc/edit", "participants"],
    ["/account/registrations-requests/x", "registrations-requests"],
  ])("%s → %s", (pathname, expected) => {
    expect(activeTabPath(pathname)).toBe(expected);
  });
});

describe("shownTabs", () => {
  const zero = {
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

  it("shows home, profile and participants without any counter", () => {
    expect(shownTabs(zero).map((tab) => [tab.key, tab.count])).toEqual([
      ["home", null],
      ["profile", null],
      ["participants", 0],
    ]);
  });

  it("shows a counted tab only once its page exists", () => {
    const all = Object.fromEntries(Object.keys(zero).map((key) => [key, 3])) as typeof zero;
    const keys = shownTabs(all).map((tab) => tab.key);
    expect(new Set(keys)).toEqual(ACCOUNT_PAGES);
    expect(keys.slice(0, 3)).toEqual(["home", "profile", "participants"]);
  });
});
