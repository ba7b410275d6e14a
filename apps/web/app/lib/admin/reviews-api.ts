import type { AdminReviewView, ReviewAnswerBody } from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's writes of reviews (decision 0087), from the browser. */

const review = (cuid: string, action: string) =>
  `/api/admin/reviews/${encodeURIComponent(cuid)}/${action}`;

export const reviewsApi = {
  answer: (cuid: string, body: ReviewAnswerBody) =>
    apiRequest<AdminReviewView>("PUT", review(cuid, "answer"), body),
  setHidden: (cuid: string, hidden: boolean) =>
    apiRequest<AdminReviewView>("PUT", review(cuid, "visibility"), { hidden }),
  remove: (cuid: string) =>
    apiRequest<{ ok: true }>("DELETE", `/api/admin/reviews/${encodeURIComponent(cuid)}`),
};
