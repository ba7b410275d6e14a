import {
  type ActivityReviews,
  type AdminReviewList,
  type AdminReviewView,
  PUBLIC_REVIEWS_SHOWN,
  type reviewAnswerBody,
  type reviewListQuery,
  type reviewVisibilityBody,
} from "@booking/contracts";
import { fullName } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { findActivityIdByCuid } from "../catalogue/queries.ts";
import {
  activityReviews,
  deleteReview,
  findReview,
  listReviews,
  type ReviewRow,
  reviewTotals,
  saveModeration,
} from "./queries.ts";

// Reviews (issue 17 §4, decision 0087): staff read them with filters, answer them and hide them
// from the storefront; the activity page shows the public ones with their average.

function adminView(row: ReviewRow): AdminReviewView {
  return {
    cuid: row.cuid,
    score: row.score,
    message: row.message,
    private: row.private,
    hidden: row.hidden,
    answer: row.answer,
    answered_at: row.answered_at,
    activity: { cuid: row.activity_cuid, title: row.activity_title },
    customer: {
      cuid: row.customer_cuid,
      fullname: fullName(row.customer_firstname, row.customer_lastname),
    },
    participant: row.participant,
    created_at: row.created_at,
  };
}

async function requireReview(context: ConsoleContext, cuid: string) {
  const review = await findReview(context.db, context.organiser.id, cuid);
  if (!review) throw new AppError("REVIEW_NOT_FOUND");
  return review;
}

async function oneReview(context: ConsoleContext, cuid: string) {
  return adminView(await requireReview(context, cuid));
}

export const reviewsConsole = {
  /** GET /api/admin/reviews: newest first, with the count and average of all that match. */
  async list(
    context: ConsoleContext,
    query: z.output<typeof reviewListQuery>,
  ): Promise<AdminReviewList> {
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const filters = { activity: query.activity, score: query.score, show: query.show, q: query.q };
    const rows = await listReviews(context.db, context.organiser.id, filters, { limit, offset });
    const totals =
      rows.length > 0
        ? { count: rows[0]!.total_count, average: rows[0]!.average }
        : await reviewTotals(context.db, context.organiser.id, filters);
    return {
      data: rows.map(adminView),
      count: totals.count,
      limit,
      offset,
      average: totals.average,
    };
  },

  /** PUT /api/admin/reviews/:cuid/answer: the organiser's public answer (null removes it). */
  async answer(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof reviewAnswerBody>,
  ): Promise<AdminReviewView> {
    const review = await requireReview(context, cuid);
    await saveModeration(context.db, context.organiser.id, review.id, {
      answer: input.answer,
      answeredAt: input.answer === null ? null : (context.clock?.() ?? new Date()),
    });
    await context.audit({
      action: "review.answered",
      entity: "review",
      entityId: review.cuid,
      before: { answer: review.answer },
      after: { answer: input.answer },
    });
    return oneReview(context, cuid);
  },

  /** PUT /api/admin/reviews/:cuid/visibility: hidden reviews leave the storefront and its average. */
  async setHidden(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof reviewVisibilityBody>,
  ): Promise<AdminReviewView> {
    const review = await requireReview(context, cuid);
    await saveModeration(context.db, context.organiser.id, review.id, { hidden: input.hidden });
    await context.audit({
      action: input.hidden ? "review.hidden" : "review.shown",
      entity: "review",
      entityId: review.cuid,
      before: { hidden: review.hidden },
      after: { hidden: input.hidden },
    });
    return oneReview(context, cuid);
  },

  /**
   * DELETE /api/admin/reviews/:cuid: removes a review for good (spam, abuse), with its answer;
   * the audit log keeps what it said. The customer may write one again for that registration.
   */
  async remove(context: ConsoleContext, cuid: string): Promise<{ ok: true }> {
    const review = await requireReview(context, cuid);
    // Of racing deletes, the ones that find it gone once the first committed answer 404.
    if (!(await deleteReview(context.db, context.organiser.id, review.id))) {
      throw new AppError("REVIEW_NOT_FOUND");
    }
    await context.audit({
      action: "review.deleted",
      entity: "review",
      entityId: review.cuid,
      before: { score: review.score, message: review.message, answer: review.answer },
      after: null,
    });
    return { ok: true };
  },
};

/** GET /api/activities/:cuid/reviews: the public reviews of one of the storefront's activities. */
export async function publicActivityReviews(
  context: ServiceContext,
  activityCuid: string,
): Promise<ActivityReviews> {
  // An unknown or unpublished activity is 404, not an activity without reviews.
  if ((await findActivityIdByCuid(context.db, context.organiser.id, activityCuid)) === null) {
    throw new AppError("ACTIVITY_NOT_FOUND");
  }
  const { rows, count, average } = await activityReviews(
    context.db,
    context.organiser.id,
    activityCuid,
    PUBLIC_REVIEWS_SHOWN,
  );
  return {
    average,
    count,
    data: rows.map((row) => ({
      score: row.score,
      message: row.message,
      author: `${row.customer_firstname.trim()} ${row.customer_lastname.trim().charAt(0)}.`.trim(),
      answer: row.answer,
      created_at: row.created_at,
    })),
  };
}
