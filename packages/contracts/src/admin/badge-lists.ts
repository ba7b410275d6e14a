import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { cuidValue } from "./catalogue-fields.ts";
import { colourValue } from "./tags.ts";

/**
 * Badge lists (decision 0088): named sets of badges ("Allergies": gluten, nuts) at
 * /api/admin/badge-lists, attached to participants with PUT
 * /api/admin/participants/:cuid/badges and shown on attendance sheets.
 */

export const badgeRef = z.object({
  cuid: z.string(),
  label: z.string(),
  color: z.string(),
  /** the list it belongs to */
  list: z.string(),
});
export type BadgeRef = z.infer<typeof badgeRef>;

export const badgeListView = z.object({
  cuid: z.string(),
  name: z.string(),
  badges: z.array(z.object({ cuid: z.string(), label: z.string(), color: z.string() })),
  /** participants carrying one of its badges */
  participants_count: z.int(),
});
export type BadgeListView = z.infer<typeof badgeListView>;

export const badgeListList = z.object({ data: z.array(badgeListView) });
export type BadgeListList = z.infer<typeof badgeListList>;

/**
 * POST /api/admin/badge-lists, PUT /api/admin/badge-lists/:cuid: the name and the whole set of
 * badges in order; a badge keeps its cuid (and the participants carrying it), one left out is
 * removed from everyone. Labels are unique within the list (DUPLICATE).
 */
export const badgeListBody = z.object({
  name: requiredText(LIMITS.name),
  badges: z
    .array(
      z.object({
        cuid: cuidValue.optional(),
        label: requiredText(60),
        color: colourValue,
      }),
      "INVALID_TYPE",
    )
    .min(1, "REQUIRED")
    .max(50, "TOO_BIG"),
});
export type BadgeListBody = z.input<typeof badgeListBody>;

/** The whole set of a participant's badges (an empty list removes them all). */
export const participantBadgesBody = z.object({
  badges: z.array(cuidValue, "INVALID_TYPE").max(100, "TOO_BIG"),
});
export type ParticipantBadgesBody = z.input<typeof participantBadgesBody>;

export const participantBadgesView = z.object({ badges: z.array(badgeRef) });
export type ParticipantBadgesView = z.infer<typeof participantBadgesView>;
