import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import { adminImageView } from "./activities.ts";

/**
 * Resource groups (issue 15 §3, decision 0071): resources shown together — the courts of a club —
 * with a name, a place, a description and images. A resource belongs to at most one group.
 */

/** POST /api/admin/resource-groups, PUT /api/admin/resource-groups/:cuid */
export const resourceGroupBody = z.object({
  name: requiredText(LIMITS.name),
  description: optionalText(LIMITS.longText),
  /** a location's cuid, or null */
  location: z.string().max(40, "TOO_LONG").nullable().default(null),
});
export type ResourceGroupBody = z.input<typeof resourceGroupBody>;

export const adminResourceGroupView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.object({ cuid: z.string(), title: z.string() }).nullable(),
  images: z.array(adminImageView),
  /** the group's resources: a group with resources cannot be deleted */
  resources: z.array(z.object({ cuid: z.string(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminResourceGroupView = z.infer<typeof adminResourceGroupView>;
export const adminResourceGroupList = z.object({ data: z.array(adminResourceGroupView) });
export type AdminResourceGroupList = z.infer<typeof adminResourceGroupList>;
