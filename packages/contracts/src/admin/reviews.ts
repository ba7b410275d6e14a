import { z } from "zod";
import { listEnvelope, requiredText } from "../common.ts";
import { adminListQuery, listCount, listCuid } from "./list-query.ts";

/**
 * Customers' reviews in the console (customers.reviews.*, decision 0087): read with filters,
 * answered publicly, hidden from the storefront.
 */

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const REVIEW_FILTERS = ["public", "private", "hidden", "unanswered"] as const;

/** GET /api/admin/reviews */
export const reviewListQuery = adminListQuery.extend({
  activity: listCuid,
  score: listCount(5),
  show: z.preprocess(
    blankIsMissing,
    z.enum(REVIEW_FILTERS, { error: "INVALID_CHOICE" }).optional(),
  ),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

export const adminReviewView = z.object({
  cuid: z.string(),
  score: z.int(),
  message: z.string().nullable(),
  /** the customer chose not to publish it */
  private: z.boolean(),
  /** staff hid it from the storefront */
  hidden: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  activity: z.object({ cuid: z.string(), title: z.string() }),
  customer: z.object({ cuid: z.string(), fullname: z.string() }),
  participant: z.string(),
  created_at: z.string(),
});
export type AdminReviewView = z.infer<typeof adminReviewView>;
export const adminReviewList = listEnvelope(adminReviewView).extend({
  /** the average score of the reviews the filters select (null: none) */
  average: z.number().nullable(),
});
export type AdminReviewList = z.infer<typeof adminReviewList>;

export const reviewParams = z.object({
  cuid: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG"),
});

/** PUT /api/admin/reviews/:cuid/answer: the organiser's public answer; null removes it. */
export const reviewAnswerBody = z.object({ answer: requiredText(2000).nullable() });
export type ReviewAnswerBody = z.input<typeof reviewAnswerBody>;

/** PUT /api/admin/reviews/:cuid/visibility */
export const reviewVisibilityBody = z.object({
  hidden: z.boolean({
    error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
  }),
});
export type ReviewVisibilityBody = z.input<typeof reviewVisibilityBody>;
