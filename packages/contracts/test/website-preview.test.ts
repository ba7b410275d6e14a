import { describe, expect, it } from "vitest";
import { isPreviewUrl, previewMessage, previewSectionsRequest } from "../src/index.ts";

const heading = {
  id: "ckheading",
  cuid: "ckheading",
  element: "block",
  family: "content",
  type: null,
  name: "heading",
  settings: { text: "Bonjour" },
};

describe("previewMessage", () => {
  it("takes the page's elements and the hovered element, or none", () => {
    const section = { ...heading, element: "section", name: "basic", children: [heading] };
    expect(previewMessage.safeParse({ content: [section], hovered: null }).success).toBe(true);
    expect(previewMessage.safeParse({ content: [], hovered: { id: "ckheading" } }).success).toBe(
      true,
    );
  });

  it("refuses anything else", () => {
    for (const message of [
      null,
      "content",
      { type: "preview-ready" },
      { content: [heading] },
      { content: heading, hovered: null },
      { content: [heading], hovered: "ckheading" },
      { content: [heading], hovered: { id: 7 } },
      { content: [heading], hovered: { id: "" } },
      { content: [{ ...heading, element: "widget" }], hovered: null },
      { content: [{ ...heading, name: "" }], hovered: null },
      { content: [{ ...heading, children: "none" }], hovered: null },
      { content: Array.from({ length: 101 }, () => heading), hovered: null },
    ]) {
      expect(previewMessage.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});

describe("previewSectionsRequest", () => {
  it("takes a path of the site only", () => {
    const body = (location: string) => previewSectionsRequest.safeParse({ content: [], location });
    expect(body("/fr/catalogue?preview=true&date=2030-01-01").success).toBe(true);
    expect(body("//evil.example/fr").success).toBe(false);
    expect(body("https://evil.example/fr").success).toBe(false);
    expect(body("fr").success).toBe(false);
  });
});

describe("isPreviewUrl", () => {
  it("is true for preview=true only", () => {
    expect(isPreviewUrl(new URL("http://demo.localhost/fr?preview=true"))).toBe(true);
    expect(isPreviewUrl(new URL("http://demo.localhost/fr?x=1&preview=true"))).toBe(true);
    expect(isPreviewUrl(new URL("http://demo.localhost/fr?preview=1"))).toBe(false);
    expect(isPreviewUrl(new URL("http://demo.localhost/fr?preview"))).toBe(false);
    expect(isPreviewUrl(new URL("http://demo.localhost/fr"))).toBe(false);
  });
});
