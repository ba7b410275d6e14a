import { z } from "zod";
import { LIMITS, listEnvelope, pagingQuery, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import { ageYears, cuidValue, moneyAmount, orderBody, richText } from "./catalogue-fields.ts";

/**
 * Activities in the console (/api/admin/activities): what the storefront shows of them
 * (storefront.md §3 "Activity", "Availability.activity"), their defaults copied onto new
 * availabilities, and their registration settings. Descriptions are HTML, stored sanitised.
 */

export const REGISTRATION_FLOWS = ["DIRECT", "REQUEST"] as const;

export const activitySettingsView = z.object({
  /** an availability still takes registrations once it has started */
  allow_registrations_after_start: z.boolean(),
  /** a customer may register for only some of an availability's dates */
  partial_registrations: z.boolean(),
  /** CLOSED and FULL availabilities offer to join a waiting list */
  waiting_list: z.boolean(),
});

export const adminImageView = z.object({
  id: z.int(),
  cuid: z.string(),
  public_url: z.string(),
  /** a small copy for lists (the image itself when it was not uploaded here) */
  thumbnail_url: z.string(),
  alt: z.string().nullable(),
  width: z.int().nullable(),
  height: z.int().nullable(),
});
export type AdminImageView = z.infer<typeof adminImageView>;
export const adminImageList = z.object({ data: z.array(adminImageView) });

const categoryRef = z.object({
  cuid: z.string(),
  title: z.string(),
  group: z.object({ cuid: z.string(), title: z.string() }),
});

export const adminActivityListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  published: z.boolean(),
  registration_flow: z.enum(REGISTRATION_FLOWS),
  default_price: z.int(),
  default_capacity: z.int().nullable(),
  categories: z.array(categoryRef),
  thumbnail_url: z.string().nullable(),
  availabilities_count: z.int(),
  /** start of the next availability not yet started, if any */
  next_start_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminActivityListItem = z.infer<typeof adminActivityListItem>;
export const adminActivityList = listEnvelope(adminActivityListItem);

export const ACTIVITY_SORTS = [
  "title",
  "-title",
  "updated_at",
  "-updated_at",
  "created_at",
  "-created_at",
] as const;

/** GET /api/admin/activities */
export const adminActivitiesQuery = pagingQuery.extend({
  /** searches the title */
  q: z.string().trim().max(LIMITS.shortText, "TOO_LONG").optional(),
  /** a category's cuid */
  category: z.string().max(40, "TOO_LONG").optional(),
  /** "true": published only; "false": unpublished (drafts and archived) only */
  published: z.enum(["true", "false"]).optional(),
  sort: z.enum(ACTIVITY_SORTS).default("title"),
});
export type AdminActivitiesQuery = z.input<typeof adminActivitiesQuery>;

export const adminActivityView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string(),
  instructions: z.string().nullable(),
  age_minimum: z.int().nullable(),
  age_maximum: z.int().nullable(),
  default_capacity: z.int().nullable(),
  default_price: z.int(),
  default_deposit: z.int(),
  registration_flow: z.enum(REGISTRATION_FLOWS),
  settings: activitySettingsView,
  published: z.boolean(),
  categories: z.array(categoryRef),
  images: z.array(adminImageView),
  options_count: z.int(),
  questions_count: z.int(),
  availabilities_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminActivityView = z.infer<typeof adminActivityView>;

/** POST /api/admin/activities, PUT /api/admin/activities/:cuid (the whole activity). */
export const activityBody = z
  .object({
    title: requiredText(LIMITS.shortText),
    description: richText.default(""),
    instructions: optionalText(50_000),
    age_minimum: ageYears.nullable().default(null),
    age_maximum: ageYears.nullable().default(null),
    /** places per date copied onto new availabilities; null: unlimited */
    default_capacity: z
      .int("INVALID_TYPE")
      .min(0, "TOO_SMALL")
      .max(100_000, "TOO_BIG")
      .nullable()
      .default(null),
    default_price: moneyAmount.default(0),
    default_deposit: moneyAmount.default(0),
    registration_flow: z.enum(REGISTRATION_FLOWS).default("DIRECT"),
    settings: z
      .object({
        allow_registrations_after_start: z.boolean("INVALID_TYPE").default(false),
        partial_registrations: z.boolean("INVALID_TYPE").default(false),
        waiting_list: z.boolean("INVALID_TYPE").default(true),
      })
      .prefault({}),
    /** category cuids */
    categories: z.array(cuidValue).max(100, "TOO_BIG").default([]),
  })
  .superRefine((value, context) => {
    if (
      value.age_minimum !== null &&
      value.age_maximum !== null &&
      value.age_maximum < value.age_minimum
    ) {
      context.addIssue({ code: "custom", message: "TOO_SMALL", path: ["age_maximum"] });
    }
    // Availabilities copy both and refuse a deposit above the price.
    if (value.default_deposit > value.default_price) {
      context.addIssue({ code: "custom", message: "TOO_BIG", path: ["default_deposit"] });
    }
  });
export type ActivityBody = z.input<typeof activityBody>;

/** PUT /api/admin/activities/:cuid/published: publish, or take off the storefront (archive). */
export const activityPublishedBody = z.object({ published: z.boolean("INVALID_TYPE") });

/** PUT /api/admin/activities/:cuid/images/:image */
export const imageBody = z.object({ alt: optionalText(LIMITS.shortText) });
export type ImageBody = z.input<typeof imageBody>;

/** PUT /api/admin/activities/:cuid/images/order */
export const imageOrderBody = orderBody;

/** Upload limits of POST /api/admin/activities/:cuid/images (multipart, one `file`). */
export const IMAGE_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  maxImagesPerActivity: 20,
  accept: "image/jpeg,image/png,image/webp,image/avif,image/gif",
} as const;

export const activityParams = z.object({ cuid: cuidValue });
export const activityImageParams = z.object({ cuid: cuidValue, image: cuidValue });
