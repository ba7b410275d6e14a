import { describe, expect, it } from "vitest";
import {
  PARTICIPANTS_PATH,
  pathAfterCreate,
  pathOnCancel,
} from "../app/components/participants/after-create";

const redirect = (path: string) => `redirect=${encodeURIComponent(path)}`;

describe("pathAfterCreate (platform-and-account.md §2.3)", () => {
  it("goes back to the list without a redirect", () => {
    expect(pathAfterCreate("", "abc")).toBe(PARTICIPANTS_PATH);
    expect(pathAfterCreate("?foo=1", "abc")).toBe(PARTICIPANTS_PATH);
  });

  it("goes to the redirect path with participant set to the new cuid", () => {
    expect(pathAfterCreate(`?${redirect("/fr/availabilities/av1")}`, "c1")).toBe(
      "/fr/availabilities/av1?participant=c1",
    );
  });

  it("keeps the redirect's own query, adds the page's other parameters, replaces participant", () => {
    const search = `?${redirect("/availabilities/av1?view=day&participant=old#form")}&source=cart&view=list`;
    expect(pathAfterCreate(search, "new")).toBe(
      "/availabilities/av1?view=day&participant=new&source=cart#form",
    );
  });

  it("never leaves the site", () => {
    for (const target of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(pathAfterCreate(`?${redirect(target)}`, "c1"), target).toBe(PARTICIPANTS_PATH);
    }
  });
});

describe("pathOnCancel", () => {
  it("goes back where the customer came from, or to the list", () => {
    expect(pathOnCancel(`?${redirect("/fr/availabilities/av1?x=1")}`)).toBe(
      "/fr/availabilities/av1?x=1",
    );
    expect(pathOnCancel("")).toBe(PARTICIPANTS_PATH);
    expect(pathOnCancel(`?${redirect("https://evil.example")}`)).toBe(PARTICIPANTS_PATH);
  });
});
