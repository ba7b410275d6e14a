import type { PageElementNode } from "@booking/contracts";

/**
 * A page element ready to render: settings validated (defaults applied) and only valid children.
 * Same shape as the stored node, plus its registry key, so it serialises as is to the browser.
 */
export interface RenderNode extends PageElementNode {
  key: string;
  children: RenderNode[];
}

/** What a page loader returns for the page builder: the valid tree and each section's data. */
export interface PageSections {
  page: { path: string; title: string; description: string | null };
  elements: RenderNode[];
  /** the `load` result of each element that has one, by element id */
  data: Record<string, unknown>;
}

/** Removes the elements whose id is in `failed` (with their children). */
export function prune(nodes: RenderNode[], failed: ReadonlySet<number>): RenderNode[] {
  return nodes
    .filter((node) => !failed.has(node.id))
    .map((node) => ({ ...node, children: prune(node.children, failed) }));
}

/** The keys of the elements of a tree, each once, in document order. */
export function elementKeys(nodes: readonly RenderNode[], keys = new Set<string>()): Set<string> {
  for (const node of nodes) {
    keys.add(node.key);
    elementKeys(node.children, keys);
  }
  return keys;
}
