import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";

/** A catalog in the console (/api/admin/catalogs): a named group of activities. */
export const adminCatalogView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** the activities it holds, in their order in the catalog */
  activities: z.array(z.object({ cuid: z.string(), title: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCatalogView = z.infer<typeof adminCatalogView>;
export const adminCatalogList = z.object({ data: z.array(adminCatalogView) });

/**
 * POST /api/admin/catalogs, PUT /api/admin/catalogs/:cuid: the activities by cuid, in the order
 * the catalog shows them.
 */
export const catalogBody = z.object({
  name: requiredText(LIMITS.name),
  description: optionalText(LIMITS.longText),
  activities: z
    .array(z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG"), "INVALID_TYPE")
    .max(500, "TOO_LONG")
    .default([])
    .transform((cuids) => [...new Set(cuids)]),
});
export type CatalogBody = z.input<typeof catalogBody>;
