import { z } from "zod";
import { LIMITS, listEnvelope, pagingQuery, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";

/** A place where availabilities take place (console: /api/admin/locations). */
export const adminLocationView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  name: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** availabilities held there: a location in use cannot be deleted */
  availabilities_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLocationView = z.infer<typeof adminLocationView>;
export const adminLocationList = listEnvelope(adminLocationView);

/** GET /api/admin/locations: `q` searches title, name, street and city. */
export const adminLocationsQuery = pagingQuery.extend({
  q: z.string().trim().max(LIMITS.shortText, "TOO_LONG").optional(),
});
export type AdminLocationsQuery = z.input<typeof adminLocationsQuery>;

/** POST /api/admin/locations, PUT /api/admin/locations/:cuid */
export const locationBody = z.object({
  title: requiredText(LIMITS.name),
  name: optionalText(LIMITS.name),
  street: optionalText(LIMITS.shortText),
  number: optionalText(20),
  postcode: optionalText(20),
  city: optionalText(LIMITS.name),
  /** ISO 3166-1 alpha-2, upper-cased */
  country: optionalText(2)
    .transform((value) => value?.toUpperCase() ?? null)
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), "INVALID_FORMAT"),
});
export type LocationBody = z.input<typeof locationBody>;
