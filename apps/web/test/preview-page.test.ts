import type { PageElement } from "@booking/contracts";
import { describe, expect, it } from "vitest";
import en from "../app/i18n/en/preview.json";
import fr from "../app/i18n/fr/preview.json";
import { validatePageTree } from "../app/sections/load.server";
import { loadingElements, previewPageView } from "../app/sections/preview/preview-page";

function element(cuid: string | undefined, name: string, children?: PageElement[]): PageElement {
  const kind = name === "basic" ? "section" : name.endsWith("grid") ? "section" : "block";
  return {
    ...(cuid ? { id: cuid, cuid } : {}),
    element: kind,
    family: kind === "block" ? "content" : "catalogue",
    type: null,
    name,
    settings: name === "heading" ? { text: "Titre" } : {},
    ...(children ? { children } : {}),
  };
}

describe("previewPageView", () => {
  it("numbers elements in document order and keeps each cuid", () => {
    const page = previewPageView(
      [
        element("hero", "basic", [element("title", "heading"), element(undefined, "heading")]),
        element("grid", "memberships-cards-grid"),
      ],
      "/nouvelle",
    );
    expect(page.path).toBe("/nouvelle");
    const [hero, grid] = page.elements;
    expect([hero!.id, hero!.children[0]!.id, hero!.children[1]!.id, grid!.id]).toEqual([
      1, 2, 3, 4,
    ]);
    expect([hero!.cuid, hero!.children[0]!.cuid, grid!.cuid]).toEqual(["hero", "title", "grid"]);
    // An element the editor sent without cuid still gets a name of its own.
    expect(hero!.children[1]!.cuid).toBe("element-3");
  });
});

describe("loadingElements", () => {
  it("names the data of the sections that load some by cuid, kind and settings", () => {
    const tree = (columns: number) =>
      validatePageTree(
        previewPageView(
          [
            element("hero", "basic", [element("title", "heading")]),
            { ...element("grid", "memberships-cards-grid"), settings: { columns } },
          ],
          "/",
        ).elements,
        "/",
      );
    const two = loadingElements(tree(2));
    expect(two.map(({ node }) => node.cuid)).toEqual(["grid"]);
    // Other settings are other data; the same settings, the same.
    expect(loadingElements(tree(3))[0]!.key).not.toBe(two[0]!.key);
    expect(loadingElements(tree(2))[0]!.key).toBe(two[0]!.key);
  });
});

describe("preview translations", () => {
  it("say the same things in both languages", () => {
    expect(Object.keys(en.preview).sort()).toEqual(Object.keys(fr.preview).sort());
    expect(en.preview.navigation_disabled).toBe("Navigation disabled in preview mode");
  });
});
