import type { NavigationLink } from "@booking/contracts";
import { describe, expect, it } from "vitest";
import {
  appendLink,
  moveLink,
  newLink,
  newLinkId,
  removeLink,
  updateLink,
} from "../app/components/admin/website-settings/link-tree";

const link = (id: string, children: NavigationLink[] = []): NavigationLink => ({
  id,
  name: id,
  href: "#",
  children,
});

/** The tree's ids, nested as the tree. */
const ids = (links: NavigationLink[]): unknown[] =>
  links.map((item) => (item.children.length ? { [item.id]: ids(item.children) } : item.id));

const tree = [link("a", [link("a1"), link("a2", [link("a2x")]), link("a3")]), link("b")];

describe("navigation editor: link tree changes", () => {
  it("moves a link among its siblings, with its sub-links, and not past either end", () => {
    expect(ids(moveLink(tree, [0, 1], -1))).toEqual([{ a: [{ a2: ["a2x"] }, "a1", "a3"] }, "b"]);
    expect(ids(moveLink(tree, [1], -1))).toEqual(["b", { a: ["a1", { a2: ["a2x"] }, "a3"] }]);
    expect(moveLink(tree, [0, 2], 1)).toEqual(tree);
    expect(moveLink(tree, [0], -1)).toEqual(tree);
  });

  it("adds, renames and removes at any level, leaving the given tree as it was", () => {
    const copy = structuredClone(tree);
    const added = appendLink(tree, [0, 1], link("a2y"));
    expect(ids(added)).toEqual([{ a: ["a1", { a2: ["a2x", "a2y"] }, "a3"] }, "b"]);
    const renamed = updateLink(added, [0, 1, 1], { name: "Deep", href: "/deep" });
    expect(renamed[0]!.children[1]!.children[1]).toMatchObject({ name: "Deep", href: "/deep" });
    expect(ids(removeLink(renamed, [0, 1]))).toEqual([{ a: ["a1", "a3"] }, "b"]);
    expect(ids(appendLink(tree, [], link("c")))).toEqual([
      { a: ["a1", { a2: ["a2x"] }, "a3"] },
      "b",
      "c",
    ]);
    expect(tree).toEqual(copy);
  });

  it("gives new links ids the contract accepts, each different", () => {
    const made = new Set(Array.from({ length: 200 }, () => newLinkId()));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newLink()).toMatchObject({ name: "", href: "#", children: [] });
  });
});
