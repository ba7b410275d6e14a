import { z } from "zod";

/**
 * GET /api/activities/:cuid/reviews: the public reviews of an activity (the customer left them
 * public and staff did not hide them), their average and count, the newest first with the
 * organiser's answer (decision 0087).
 */
export const publicReviewView = z.object({
  score: z.int(),
  message: z.string().nullable(),
  /** the customer's first name and initial */
  author: z.string(),
  answer: z.string().nullable(),
  created_at: z.string(),
});
export type PublicReviewView = z.infer<typeof publicReviewView>;

export const activityReviews = z.object({
  /** rounded to one decimal; null without reviews */
  average: z.number().nullable(),
  count: z.int(),
  data: z.array(publicReviewView),
});
export type ActivityReviews = z.infer<typeof activityReviews>;

/** How many reviews the activity page shows (the newest). */
export const PUBLIC_REVIEWS_SHOWN = 10;
