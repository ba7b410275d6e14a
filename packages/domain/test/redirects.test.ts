import { describe, expect, it } from "vitest";
import { isInternalHref, safeRedirect } from "../src/redirects.ts";

describe("safeRedirect", () => {
  it("keeps paths of the site with their query and fragment", () => {
    for (const path of ["/", "/fr/blog", "/en/account/profile?tab=1#newsletter"]) {
      expect(safeRedirect(path)).toBe(path);
    }
  });

  it("falls back for anything that could leave the site", () => {
    const hostile = [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ];
    for (const value of hostile) expect(safeRedirect(value, "/home")).toBe("/home");
  });

  it("names external, protocol-relative and anchor links as not internal", () => {
    expect(isInternalHref("/terms")).toBe(true);
    for (const href of ["//x.example", "/\\x", "#top", "mailto:a@b.c", "https://x.example"]) {
      expect(isInternalHref(href)).toBe(false);
    }
  });
});
