import { describe, expect, it } from "vitest";
import {
  hrefResolves,
  sitePathOf,
  treeHrefs,
  unresolvedHrefs,
} from "../../src/website/site-links.ts";

const targets = { pages: ["/catalogue", "/stages/ete", "/à-propos"], activities: ["abc123"] };

describe("site links", () => {
  it("reads the site path without language prefix, query or fragment", () => {
    expect(sitePathOf("/fr/stages/ete?x=1#top")).toBe("/stages/ete");
    expect(sitePathOf("/en")).toBe("/");
    expect(sitePathOf("/french")).toBe("/french");
    expect(sitePathOf("/catalogue/")).toBe("/catalogue");
    expect(sitePathOf("https://example.org/")).toBeNull();
    expect(sitePathOf("//example.org/x")).toBeNull();
    expect(sitePathOf("mailto:a@b.be")).toBeNull();
    expect(sitePathOf("#")).toBeNull();
  });

  it("resolves stored pages, the storefront's own routes and existing activities", () => {
    for (const href of [
      "/",
      "/fr",
      "/catalogue?category-g1=c1",
      "/en/stages/ete",
      "/%C3%A0-propos",
      "/terms",
      "/blog",
      "/blog/my-article",
      "/auth/register",
      "/account/registrations",
      "/activities/abc123",
      "https://example.org/",
      "tel:+3221234567",
      "#",
    ]) {
      expect(hrefResolves(href, targets), href).toBe(true);
    }
    for (const href of ["/stages", "/fr/contact", "/activities/zzz", "/account/unknown"]) {
      expect(hrefResolves(href, targets), href).toBe(false);
    }
  });

  it("lists each missing href once, from nested link trees", () => {
    const tree = [
      {
        href: "/stages",
        children: [
          { href: "/stages/ete", children: [] },
          { href: "/faq", children: [{ href: "/stages", children: [] }] },
        ],
      },
    ];
    expect(unresolvedHrefs(treeHrefs(tree), targets)).toEqual(["/stages", "/faq"]);
  });
});
