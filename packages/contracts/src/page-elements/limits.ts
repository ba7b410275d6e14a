// The kinds and bounds of a page tree, apart from the schemas: storefront pages read them for every
// visitor without the tree's own schema (page-content.ts), which only editors and the preview use.

export const ELEMENT_KINDS = ["section", "container", "block"] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/** Deepest nesting of a page tree (section › container › container › block is 4). */
export const MAX_ELEMENT_DEPTH = 8;
/** Most children of one element, and most top-level elements of a page. */
export const MAX_ELEMENT_CHILDREN = 100;
