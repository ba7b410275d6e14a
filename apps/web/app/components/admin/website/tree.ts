import {
  ADMITTED_CHILDREN,
  type DraftElement,
  ELEMENT_FAMILIES,
  type ElementKey,
  type ElementKind,
} from "@booking/contracts";
import { defaultSettings } from "@booking/contracts/page-elements/definitions";

// The page builder's edits of a draft tree, each returning a new tree (the editor's state stays
// immutable, so React re-renders and the preview gets the new content).

export type Tree = DraftElement[];

/** A new element's cuid: lower-case letters and digits, as the platform's cuids. */
function createId(): string {
  return `e${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Where a new element goes: the page's top level (null) or inside an element. */
export type Parent = string | null;

export function findElement(tree: Tree, cuid: string): DraftElement | null {
  for (const node of tree) {
    if (node.cuid === cuid) return node;
    const inner = findElement(node.children ?? [], cuid);
    if (inner) return inner;
  }
  return null;
}

/** The element's parent (null at the top level) and index among its siblings. */
export function locate(
  tree: Tree,
  cuid: string,
  parent: Parent = null,
): { parent: Parent; index: number; siblings: Tree } | null {
  const index = tree.findIndex((node) => node.cuid === cuid);
  if (index >= 0) return { parent, index, siblings: tree };
  for (const node of tree) {
    const found = locate(node.children ?? [], cuid, node.cuid);
    if (found) return found;
  }
  return null;
}

/** The children of `parent` replaced by `update(children)`. */
function withChildren(tree: Tree, parent: Parent, update: (children: Tree) => Tree): Tree {
  if (parent === null) return update(tree);
  return tree.map((node) =>
    node.cuid === parent
      ? { ...node, children: update(node.children ?? []) }
      : { ...node, children: withChildren(node.children ?? [], parent, update) },
  );
}

export function updateSettings(tree: Tree, cuid: string, settings: Record<string, unknown>): Tree {
  return tree.map((node) =>
    node.cuid === cuid
      ? { ...node, settings }
      : { ...node, children: updateSettings(node.children ?? [], cuid, settings) },
  );
}

/** A new element of `key` with its default settings and a fresh cuid. */
export function newElement(key: ElementKey): DraftElement {
  const [element, name] = key.split(":") as [ElementKind, string];
  const cuid = createId();
  return {
    id: cuid,
    cuid,
    element,
    family: ELEMENT_FAMILIES[key],
    type: null,
    name,
    settings: defaultSettings(key),
    children: [],
  };
}

/** The kinds `parent` admits (the page's top level admits sections). */
export function admittedAt(tree: Tree, parent: Parent): readonly ElementKind[] {
  if (parent === null) return ADMITTED_CHILDREN.page;
  const node = findElement(tree, parent);
  return node ? ADMITTED_CHILDREN[node.element] : [];
}

export function insertElement(tree: Tree, parent: Parent, element: DraftElement): Tree {
  return withChildren(tree, parent, (children) => [...children, element]);
}

export function removeElement(tree: Tree, cuid: string): Tree {
  return tree
    .filter((node) => node.cuid !== cuid)
    .map((node) => ({ ...node, children: removeElement(node.children ?? [], cuid) }));
}

/** Moves an element one place up (-1) or down (+1) among its siblings; unchanged at an end. */
export function moveElement(tree: Tree, cuid: string, by: -1 | 1): Tree {
  const place = locate(tree, cuid);
  if (!place) return tree;
  const target = place.index + by;
  if (target < 0 || target >= place.siblings.length) return tree;
  return withChildren(tree, place.parent, (children) => {
    const next = [...children];
    const [moved] = next.splice(place.index, 1);
    next.splice(target, 0, moved!);
    return next;
  });
}

function withNewCuids(node: DraftElement): DraftElement {
  const cuid = createId();
  return {
    ...structuredClone(node),
    id: cuid,
    cuid,
    children: (node.children ?? []).map(withNewCuids),
  };
}

/** A copy of the element (new cuids all through) right after it; returns the tree and the copy's cuid. */
export function duplicateElement(tree: Tree, cuid: string): { tree: Tree; copy: string | null } {
  const place = locate(tree, cuid);
  if (!place) return { tree, copy: null };
  const copy = withNewCuids(place.siblings[place.index]!);
  return {
    tree: withChildren(tree, place.parent, (children) => [
      ...children.slice(0, place.index + 1),
      copy,
      ...children.slice(place.index + 1),
    ]),
    copy: copy.cuid,
  };
}

/** Elements in display order with their depth (the tree view's rows). */
export function flatten(tree: Tree, depth = 0): Array<{ node: DraftElement; depth: number }> {
  return tree.flatMap((node) => [{ node, depth }, ...flatten(node.children ?? [], depth + 1)]);
}
