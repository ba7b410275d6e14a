import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { cuidValue, orderBody } from "./catalogue-fields.ts";

/**
 * Category groups and their categories (console: /api/admin/category-groups, /categories).
 * PRIMARY groups show on cards and registration details; SECONDARY ones only filter.
 */
export const CATEGORY_GROUP_SCOPES = ["PRIMARY", "SECONDARY"] as const;

export const adminCategoryView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  order: z.int(),
  /** activities filed under it (deleting the category takes it off them) */
  activities_count: z.int(),
});
export type AdminCategoryView = z.infer<typeof adminCategoryView>;

export const adminCategoryGroupView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  scope: z.enum(CATEGORY_GROUP_SCOPES),
  order: z.int(),
  categories: z.array(adminCategoryView),
});
export type AdminCategoryGroupView = z.infer<typeof adminCategoryGroupView>;
export const adminCategoryGroupList = z.object({ data: z.array(adminCategoryGroupView) });

/** POST /api/admin/category-groups, PUT /api/admin/category-groups/:cuid (new ones go last). */
export const categoryGroupBody = z.object({
  title: requiredText(LIMITS.name),
  scope: z.enum(CATEGORY_GROUP_SCOPES).default("PRIMARY"),
});
export type CategoryGroupBody = z.input<typeof categoryGroupBody>;

/** POST /api/admin/categories, PUT /api/admin/categories/:cuid (moving to another group puts it last there). */
export const categoryBody = z.object({
  group: cuidValue,
  title: requiredText(LIMITS.name),
});
export type CategoryBody = z.input<typeof categoryBody>;

/** PUT /api/admin/categories/order: the categories of one group in their new order. */
export const categoryOrderBody = orderBody.extend({ group: cuidValue });
export type CategoryOrderBody = z.input<typeof categoryOrderBody>;
