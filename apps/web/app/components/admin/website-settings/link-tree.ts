import type { NavigationLink } from "@booking/contracts";

/** A link's place in a tree: its index among the top links, then among each level's children. */
export type TreePath = readonly number[];

/** A fresh id for a new link (the contract's: letters, digits, - and _). */
export function newLinkId(): string {
  return `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function newLink(name = ""): NavigationLink {
  return { id: newLinkId(), name, href: "#", children: [] };
}

/** The siblings list at `parent` replaced by `change(siblings)`. */
function withSiblings(
  links: NavigationLink[],
  parent: TreePath,
  change: (siblings: NavigationLink[]) => NavigationLink[],
): NavigationLink[] {
  if (parent.length === 0) return change(links);
  const [index, ...rest] = parent;
  return links.map((link, i) =>
    i === index ? { ...link, children: withSiblings(link.children, rest, change) } : link,
  );
}

export function updateLink(
  links: NavigationLink[],
  path: TreePath,
  change: Partial<Omit<NavigationLink, "children">>,
): NavigationLink[] {
  const index = path.at(-1)!;
  return withSiblings(links, path.slice(0, -1), (siblings) =>
    siblings.map((link, i) => (i === index ? { ...link, ...change } : link)),
  );
}

export function removeLink(links: NavigationLink[], path: TreePath): NavigationLink[] {
  const index = path.at(-1)!;
  return withSiblings(links, path.slice(0, -1), (siblings) =>
    siblings.filter((_, i) => i !== index),
  );
}

/** Moves the link one place up (-1) or down (+1) among its siblings; at an end, nothing. */
export function moveLink(links: NavigationLink[], path: TreePath, delta: -1 | 1): NavigationLink[] {
  const index = path.at(-1)!;
  return withSiblings(links, path.slice(0, -1), (siblings) => {
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return siblings;
    const next = [...siblings];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

/** Adds `link` at the end of the children of the link at `parent` (the top level for []). */
export function appendLink(
  links: NavigationLink[],
  parent: TreePath,
  link: NavigationLink,
): NavigationLink[] {
  return withSiblings(links, parent, (siblings) => [...siblings, link]);
}
