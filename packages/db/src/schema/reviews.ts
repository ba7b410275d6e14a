import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { registrationReviews } from "./registration-changes.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * What the organiser did with a customer's review (decision 0087): its public answer and whether
 * staff hid it from the storefront. One row per review, made the first time staff act on it; the
 * review itself stays the customer's.
 */
export const reviewModerations = pgTable(
  "review_moderations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    reviewId: integer().notNull(),
    /** the organiser's answer, shown under the review wherever it is shown */
    answer: text(),
    answeredAt: timestamptz(),
    /** hidden by staff: not shown on the storefront nor counted in its average */
    hidden: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("review_moderations", t),
    unique("review_moderations_organiser_id_review_id_unique").on(t.organiserId, t.reviewId),
    tenantForeignKey(
      "review_moderations_review_fk",
      { organiserId: t.organiserId, column: t.reviewId },
      registrationReviews,
      "cascade",
    ),
    check(
      "review_moderations_answer",
      sql`(${t.answer} is null) = (${t.answeredAt} is null) and (${t.answer} is null or length(${t.answer}) between 1 and 2000)`,
    ),
  ],
);
