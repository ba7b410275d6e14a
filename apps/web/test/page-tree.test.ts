import type { PageElementNode } from "@booking/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validatePageTree } from "../app/sections/load.server";

let nextId = 1;
function node(
  element: PageElementNode["element"],
  name: string,
  settings: Record<string, unknown> = {},
  children: PageElementNode[] = [],
): PageElementNode {
  const id = nextId++;
  return { id, cuid: `c${id}`, element, family: "content", type: null, name, settings, children };
}

const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
afterEach(() => warn.mockClear());

describe("stored page trees are validated on read", () => {
  it("keeps valid elements with their defaults applied", () => {
    const tree = validatePageTree(
      [node("section", "basic", {}, [node("block", "heading", { text: "Bienvenue" })])],
      "/",
    );
    expect(tree).toHaveLength(1);
    const heading = tree[0]!.children[0]!;
    expect(heading.key).toBe("block:heading");
    expect(heading.settings).toMatchObject({
      text: "Bienvenue",
      font_size: "32px",
      font_weight: 700,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("drops a section whose settings fail, with its children, and logs why", () => {
    const broken = node("section", "split-hero", { title: "Sans image" }, [
      node("block", "paragraph", { text: "hidden too" }),
    ]);
    const tree = validatePageTree([broken, node("block", "paragraph", { text: "kept" })], "/");
    expect(tree.map((item) => item.key)).toEqual(["block:paragraph"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(`element ${broken.id} (section:split-hero`);
    expect(String(warn.mock.calls[0]![1])).toContain("REQUIRED");
  });

  it("drops unknown elements and unsafe links", () => {
    const tree = validatePageTree(
      [
        node("section", "does-not-exist"),
        node("block", "button", { label: "Go", href: "javascript:alert(1)" }),
        node("block", "iframe", { src: "http://example.org", title: "Plain HTTP" }),
      ],
      "/",
    );
    expect(tree).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
