import { z } from "zod";

// The records a page element's settings may point at, listed for the page builder's pickers
// (GET /api/admin/website/references/:kind). Catalogs and availability segments are stored by
// cuid, the others by integer id (as the storefront's calls take them).

export const PAGE_REFERENCE_KINDS = [
  "catalogs",
  "segments",
  "resources",
  "activities",
  "bundles",
  "memberships",
  "vouchers",
] as const;
export type PageReferenceKind = (typeof PAGE_REFERENCE_KINDS)[number];

/** The kinds whose settings store cuids; the others store integer ids. */
export const CUID_REFERENCE_KINDS: ReadonlySet<PageReferenceKind> = new Set([
  "catalogs",
  "segments",
]);

/** Most records one list answers (by name); a picker searches within them. */
export const MAX_PAGE_REFERENCES = 500;

export const adminPageReferenceParams = z.object({
  kind: z.enum(PAGE_REFERENCE_KINDS, { error: "INVALID_CHOICE" }),
});

export const adminPageReference = z.object({
  /** what the setting stores: the cuid (catalogs, segments) or the integer id */
  value: z.union([z.string(), z.int()]),
  name: z.string(),
});
export type AdminPageReference = z.infer<typeof adminPageReference>;

export const adminPageReferenceList = z.object({
  data: z.array(adminPageReference),
  /** more records exist than the list holds (MAX_PAGE_REFERENCES) */
  truncated: z.boolean(),
});
export type AdminPageReferenceList = z.infer<typeof adminPageReferenceList>;
