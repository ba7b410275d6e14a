import type { DraftElement } from "@booking/contracts";
import { describe, expect, it } from "vitest";
import {
  admittedAt,
  duplicateElement,
  findElement,
  flatten,
  insertElement,
  moveElement,
  newElement,
  removeElement,
  updateSettings,
} from "../app/components/admin/website/tree";

const node = (
  cuid: string,
  element: DraftElement["element"],
  children: DraftElement[] = [],
): DraftElement => ({
  id: cuid,
  cuid,
  element,
  family: "content",
  type: null,
  name: element === "container" ? "basic" : element === "section" ? "basic" : "heading",
  settings: {},
  children,
});

const tree = () => [
  node("a", "section", [node("a1", "container", [node("x", "block"), node("y", "block")])]),
  node("b", "section"),
];

describe("the page builder's tree edits", () => {
  it("moves an element among its siblings, at any depth, and not past either end", () => {
    expect(moveElement(tree(), "b", -1).map((n) => n.cuid)).toEqual(["b", "a"]);
    expect(moveElement(tree(), "b", 1).map((n) => n.cuid)).toEqual(["a", "b"]);
    const inner = moveElement(tree(), "y", -1);
    expect(findElement(inner, "a1")?.children?.map((n) => n.cuid)).toEqual(["y", "x"]);
  });

  it("duplicates an element right after it with new cuids all through", () => {
    const { tree: copied, copy } = duplicateElement(tree(), "a");
    expect(copied.map((n) => n.cuid)).toEqual(["a", copy, "b"]);
    const cuids = flatten(copied).map((row) => row.node.cuid);
    expect(new Set(cuids).size).toBe(cuids.length);
    expect(findElement(copied, copy!)?.children?.[0]?.children).toHaveLength(2);
  });

  it("removes an element with its children, inserts and updates settings without touching the original", () => {
    const original = tree();
    const without = removeElement(original, "a1");
    expect(findElement(without, "x")).toBeNull();
    expect(findElement(original, "x")).not.toBeNull();
    const added = insertElement(original, "b", newElement("block:heading"));
    expect(findElement(added, "b")?.children).toHaveLength(1);
    const updated = updateSettings(original, "x", { text: "Bonjour" });
    expect(findElement(updated, "x")?.settings).toEqual({ text: "Bonjour" });
    expect(findElement(original, "x")?.settings).toEqual({});
  });

  it("offers sections at the top, containers and blocks inside, nothing inside a block", () => {
    expect(admittedAt(tree(), null)).toEqual(["section"]);
    expect(admittedAt(tree(), "a")).toEqual(["container", "block"]);
    expect(admittedAt(tree(), "a1")).toEqual(["container", "block"]);
    expect(admittedAt(tree(), "x")).toEqual([]);
  });

  it("gives a new element its defaults, its family and a cuid the server accepts", () => {
    const element = newElement("block:heading");
    expect(element).toMatchObject({ element: "block", name: "heading", family: "content" });
    expect(element.cuid).toMatch(/^[a-z0-9]{1,64}$/);
    expect(element.id).toBe(element.cuid);
    expect(element.settings).toMatchObject({ level: 2, color: "#000000" });
  });
});
