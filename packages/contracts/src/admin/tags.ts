import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * Tags (decision 0088): an organiser's coloured labels of customers, participants or
 * collaborators (/api/admin/tags/{customers,participants,collaborators}), assigned with PUT
 * /api/admin/{customers,participants,collaborators}/:cuid/tags, filtered on with `?tag=` in
 * their lists and used as segment conditions.
 */

export const TAG_KINDS = ["customers", "participants", "collaborators"] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** A colour as #rrggbb (stored lower-case). */
export const colourValue = z
  .string("INVALID_TYPE")
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "INVALID_FORMAT")
  .transform((value) => value.toLowerCase());

export const tagRef = z.object({ cuid: z.string(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRef>;

export const tagView = tagRef.extend({
  /** how many records carry it */
  count: z.int(),
});
export type TagView = z.infer<typeof tagView>;

export const tagList = z.object({ data: z.array(tagView) });
export type TagList = z.infer<typeof tagList>;

export const tagBody = z.object({ name: requiredText(LIMITS.name), color: colourValue });
export type TagBody = z.input<typeof tagBody>;

/** The whole set of a record's tags (an empty list removes them all). */
export const tagAssignmentBody = z.object({
  tags: z.array(cuidValue, "INVALID_TYPE").max(50, "TOO_BIG"),
});
export type TagAssignmentBody = z.input<typeof tagAssignmentBody>;

export const tagAssignmentView = z.object({ tags: z.array(tagRef) });
export type TagAssignmentView = z.infer<typeof tagAssignmentView>;

/** `?tag=` of the customers, participants and collaborators lists: a tag's cuid. */
export const tagFilter = z
  .string("INVALID_TYPE")
  .trim()
  .max(40, "TOO_LONG")
  .optional()
  .transform((value) => value || undefined);
