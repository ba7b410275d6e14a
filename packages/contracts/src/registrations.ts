import { z } from "zod";
import { availabilityCalendarFeed } from "./admin/calendar-feeds.ts";
import { cancellationPolicyView } from "./cancellation-policy.ts";
import {
  availabilityDatesInput,
  registrationOptionsInput,
  registrationQuestionsInput,
} from "./carts.ts";
import { AVAILABILITY_DATE_STATUSES, categoryView, imageView, locationView } from "./catalogue.ts";
import { amountField, LIMITS, listEnvelope, pagingQuery, requiredText } from "./common.ts";
import { chosenOptionsView, questionAnswersView } from "./registration-form.ts";

/**
 * The customer's registrations in the account area (platform-and-account.md §2.3, §3.5, §4, §5,
 * §7): the list and detail reads, cancel, review and edit. Money in minor units, timestamps ISO
 * 8601 with offset. Decision record: docs/decisions/0015-account-registrations.md.
 */

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};
/** The id of the registration or review a call is about: missing is REQUIRED. */
const entityId = z
  .int(missingOrInvalid)
  .positive("INVALID_TYPE")
  .max(2_147_483_647, "INVALID_TYPE");

export const REGISTRATION_LIST_BADGES = ["outstanding", "complete", "cancelled", "bundle"] as const;

/** Why an action is refused (null: allowed); see `registrationActions` in packages/domain. */
const refusal = z
  .enum(["cancelled", "started", "ended", "not_started", "not_online", "deadline_passed"])
  .nullable();

export const registrationActionsView = z.object({
  cancel: refusal,
  edit: refusal,
  review: refusal,
});

const participantSummary = z.object({ id: z.int(), cuid: z.string(), fullname: z.string() });
const activityRef = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  images: z.array(imageView),
});

/** One registration of GET /api/registrations. */
export const registrationListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  participant: participantSummary,
  total_amount: z.int(),
  deposit_amount: z.int(),
  paid_amount: z.int(),
  cancelled: z.boolean(),
  bundle_id: z.int().nullable(),
  /** outstanding (yellow), complete (green), cancelled (red), bundle (blue), in display order */
  badges: z.array(z.enum(REGISTRATION_LIST_BADGES)),
  /** its first registered date's start and last one's end (the availability's without dates) */
  start_at: z.string(),
  end_at: z.string(),
  dates_count: z.int(),
  availability: z.object({
    id: z.int(),
    cuid: z.string(),
    start_at: z.string(),
    end_at: z.string(),
    activity: activityRef,
    location: z.object({ title: z.string(), city: z.string().nullable() }).nullable(),
  }),
  created_at: z.string(),
});
export type RegistrationListItem = z.infer<typeof registrationListItem>;

/** GET /api/registrations: page_number / page_size (20 by default). */
export const listRegistrationsQuery = pagingQuery;
export const registrationList = listEnvelope(registrationListItem);
export type RegistrationList = z.infer<typeof registrationList>;

/** The payment badge of §4 (see `paymentBadge` in packages/domain). */
export const paymentBadgeView = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("complete") }),
  z.object({ kind: z.literal("deposited"), outstanding: z.int() }),
  z.object({ kind: z.literal("outstanding"), outstanding: z.int() }),
]);
export type PaymentBadgeView = z.infer<typeof paymentBadgeView>;

export const reviewView = z.object({
  id: z.int(),
  cuid: z.string(),
  registration_id: z.int(),
  score: z.int(),
  message: z.string().nullable(),
  private: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewView = z.infer<typeof reviewView>;

/**
 * A date of the registration's availability as the edit page offers it: `edit_state` is
 * `dateEditState` of packages/domain (selectable, locked_selected, locked_unselected), the
 * places counted with the live holds of carts.
 */
export const registrationAvailabilityDate = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(AVAILABILITY_DATE_STATUSES),
  capacity: z.int().nullable(),
  registered: z.int(),
  edit_state: z.enum(["selectable", "locked_selected", "locked_unselected"]),
});

/** GET /api/registrations/{cuid}: the detail page (platform-and-account.md §2.3, §3.5). */
export const registrationDetail = registrationListItem.extend({
  dates: z.array(
    z.object({
      date_id: z.int(),
      date: z.object({ id: z.int(), cuid: z.string(), start_at: z.string(), end_at: z.string() }),
    }),
  ),
  options: chosenOptionsView,
  questions: questionAnswersView,
  availability: registrationListItem.shape.availability.extend({
    location: locationView.nullable(),
    /** the categories of its PRIMARY category groups */
    categories: z.array(categoryView),
    dates: z.array(registrationAvailabilityDate),
  }),
  payment: z.object({
    /** null when there is nothing to pay (total 0) or the registration is cancelled */
    badge: paymentBadgeView.nullable(),
    /** what is still owed on it (0 once cancelled) */
    outstanding: z.int(),
    /** the organiser's bank details while bank transfers are on and something is owed */
    bank_transfer: z
      .object({
        beneficiary: z.string(),
        iban: z.string().nullable(),
        bic: z.string().nullable(),
        amount: z.int(),
        reference: z.string(),
        /** the transfer's EPC QR code text, as on processed carts (checkout.ts bankTransferView) */
        epc_qr: z.string().nullable(),
      })
      .nullable(),
  }),
  cancellation: z
    .object({ type: z.string(), message: z.string().nullable(), created_at: z.string() })
    .nullable(),
  review: reviewView.nullable(),
  actions: registrationActionsView,
  /**
   * GET /api/registrations/{cuid} only: the availability's calendar feed to subscribe to
   * (decision 0093), null once the registration is cancelled.
   */
  calendar_feed: availabilityCalendarFeed.nullable().optional(),
  /**
   * GET /api/registrations/{cuid} and the cancel: the activity's cancellation policy (decision
   * 0101), the last instant to cancel online (null: never online) and what a cancellation now
   * would credit to the wallet.
   */
  cancellation_policy: cancellationPolicyView
    .extend({ deadline: z.string().nullable(), refund_amount: z.int() })
    .optional(),
  /** the organiser's confirmation message for the activity, rendered (HTML), when it has one */
  confirmation_message: z.string().nullable().optional(),
});
export type RegistrationDetail = z.infer<typeof registrationDetail>;

export const registrationDetailParams = z.object({ cuid: z.string().min(1).max(64) });
export const registrationDetailResponse = z.object({ registration: registrationDetail });
export type RegistrationDetailResponse = z.infer<typeof registrationDetailResponse>;

/** POST /api/registrations/cancel: the message is trimmed and required. */
export const cancelRegistrationBody = z.object({
  registration_id: entityId,
  message: requiredText(LIMITS.longText),
});
export type CancelRegistrationBody = z.input<typeof cancelRegistrationBody>;

/** A review's score: an integer from 1 to 5 (the form offers 5 down to 1). */
const reviewScore = z.int(missingOrInvalid).min(1, "TOO_SMALL").max(5, "TOO_BIG");
/** An optional message: trimmed, blank is none. */
const reviewMessage = z
  .string("INVALID_TYPE")
  .trim()
  .max(LIMITS.longText, "TOO_LONG")
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** POST /api/registrations/review: `public` is true unless said otherwise. */
export const createReviewBody = z.object({
  registration_id: entityId,
  score: reviewScore,
  message: reviewMessage,
  public: z.boolean("INVALID_TYPE").default(true),
});
export type CreateReviewBody = z.input<typeof createReviewBody>;

/**
 * PUT /api/registrations/review: score and message change; the visibility chosen when the review
 * was written stays (`public`, when sent, must be the stored one: 409 REVIEW_VISIBILITY_LOCKED).
 */
export const updateReviewBody = z.object({
  review_id: entityId,
  score: reviewScore,
  message: reviewMessage,
  public: z.boolean("INVALID_TYPE").optional(),
});
export type UpdateReviewBody = z.input<typeof updateReviewBody>;

export const reviewResponse = z.object({ review: reviewView });
export type ReviewResponse = z.infer<typeof reviewResponse>;

/**
 * PUT /api/registrations: the new dates (at least one: AVAILABILITY_DATES_REQUIRED on
 * availability_dates), options and answers. A customer's edit is always priced automatically:
 * `automatic_price` false (with a `total_amount`) is the organiser's and answers 403 FORBIDDEN.
 */
export const updateRegistrationBody = z.object({
  registration_id: entityId,
  availability_dates: availabilityDatesInput,
  options: registrationOptionsInput,
  questions: registrationQuestionsInput,
  automatic_price: z.boolean("INVALID_TYPE").default(true),
  total_amount: amountField(0).optional(),
});
export type UpdateRegistrationBody = z.input<typeof updateRegistrationBody>;

/** The answer of cancel and edit: the registration as the detail page shows it. */
export const registrationResponse = registrationDetailResponse;
