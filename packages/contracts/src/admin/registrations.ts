import { z } from "zod";
import {
  availabilityDatesInput,
  estimateResponse,
  registrationOptionsInput,
  registrationQuestionsInput,
} from "../carts.ts";
import { LIMITS, listEnvelope, pagingQuery } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";
import { registrationFormView } from "../registration-form.ts";
import { cuidValue, moneyAmount } from "./catalogue-fields.ts";

// The console's registrations (issue 6 item 5): lists, detail, registering a customer by hand,
// cancelling with a refund, transferring to another availability.
// Decision record: docs/decisions/0024-console-registrations.md.

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsMissing, schema.optional());

const dayValue = z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE");

/** Something is still owed (outstanding), nothing more is (settled), or it costs nothing (free). */
export const REGISTRATION_PAYMENT_STATES = ["outstanding", "settled", "free"] as const;
export type RegistrationPaymentState = (typeof REGISTRATION_PAYMENT_STATES)[number];

export const REGISTRATION_SORTS = [
  "created_at",
  "-created_at",
  "start_at",
  "-start_at",
  "participant",
  "-participant",
  "total_amount",
  "-total_amount",
] as const;

/**
 * GET /api/admin/registrations (and /api/admin/availabilities/:cuid/registrations, where the
 * path names the availability). `q`: participant, customer (name, e-mail) or reference;
 * `from`/`to`: registrations holding a date in that period (days in the organiser's time zone,
 * both included); `cancelled`: only the cancelled ones, or only the others.
 */
export const adminRegistrationListQuery = pagingQuery
  .extend({
    q: optionalQuery(z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG")),
    sort: z.preprocess(blankIsMissing, z.enum(REGISTRATION_SORTS).default("-created_at")),
    activity: optionalQuery(cuidValue),
    availability: optionalQuery(cuidValue),
    from: optionalQuery(dayValue),
    to: optionalQuery(dayValue),
    payment: optionalQuery(z.enum(REGISTRATION_PAYMENT_STATES)),
    cancelled: optionalQuery(z.enum(["true", "false"]).transform((value) => value === "true")),
  })
  .superRefine((value, ctx) => {
    if (value.from !== undefined && value.to !== undefined && value.to < value.from) {
      ctx.issues.push({ code: "custom", message: "TOO_SMALL", path: ["to"], input: value.to });
    }
  });
export type AdminRegistrationListQuery = z.input<typeof adminRegistrationListQuery>;

const personRef = z.object({ cuid: z.string(), fullname: z.string() });
export const adminParticipantRef = personRef.extend({ birthdate: z.string().nullable() });
export const adminCustomerRef = personRef.extend({ email: z.string(), phone: z.string() });

export const adminAvailabilityDateView = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(["OPEN", "CLOSED", "OVERLAP", "FULL"]),
  capacity: z.int().nullable(),
  registered: z.int(),
  /** places held by live cart items (carts, waiting-list offers) */
  held: z.int(),
});
export type AdminAvailabilityDateView = z.infer<typeof adminAvailabilityDateView>;

/** An availability as the registration screens show it, with the places of its dates. */
export const adminAvailabilitySummary = z.object({
  cuid: z.string(),
  activity: z.object({ cuid: z.string(), title: z.string() }),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(["OPEN", "CLOSED", "FULL"]),
  price: z.int(),
  /** free places on the upcoming dates (the most on any of them); null: unlimited */
  free_places: z.int().nullable(),
  dates: z.array(adminAvailabilityDateView),
  waiting_list_count: z.int(),
});
export type AdminAvailabilitySummary = z.infer<typeof adminAvailabilitySummary>;

export const adminRegistrationListItem = z.object({
  cuid: z.string(),
  reference: z.string(),
  participant: adminParticipantRef,
  customer: adminCustomerRef,
  activity: z.object({ cuid: z.string(), title: z.string() }),
  availability: z.object({ cuid: z.string(), start_at: z.string(), end_at: z.string() }),
  /** its first and last registered dates (the availability's when it holds none) */
  start_at: z.string(),
  end_at: z.string(),
  dates_count: z.int(),
  total_amount: z.int(),
  paid_amount: z.int(),
  outstanding: z.int(),
  payment_state: z.enum(REGISTRATION_PAYMENT_STATES),
  cancelled: z.boolean(),
  bundle: z.boolean(),
  created_at: z.string(),
});
export type AdminRegistrationListItem = z.infer<typeof adminRegistrationListItem>;
export const adminRegistrationList = listEnvelope(adminRegistrationListItem);
export type AdminRegistrationList = z.infer<typeof adminRegistrationList>;

/** GET /api/admin/availabilities/:cuid/registrations */
export const adminAvailabilityRegistrations = adminRegistrationList.extend({
  availability: adminAvailabilitySummary,
});
export type AdminAvailabilityRegistrations = z.infer<typeof adminAvailabilityRegistrations>;

export const ATTENDANCE_STATUSES = ["PRESENT", "ABSENT", "EXCUSED"] as const;
export type AttendanceStatusValue = (typeof ATTENDANCE_STATUSES)[number];

export const adminRegistrationDetail = adminRegistrationListItem.extend({
  deposit_amount: z.int(),
  /** refunded to the wallet */
  refunded: z.int(),
  wallet_amount: z.int(),
  dates: z.array(
    z.object({
      cuid: z.string(),
      start_at: z.string(),
      end_at: z.string(),
      attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
    }),
  ),
  options: z.array(
    z.object({
      price_id: z.int(),
      title: z.string(),
      label: z.string(),
      content: z.string().nullable(),
    }),
  ),
  questions: z.array(z.object({ question_id: z.int(), title: z.string(), answer: z.string() })),
  cart: z.object({
    cuid: z.string(),
    payment_strategy: z.enum(["IMMEDIATE", "IMMEDIATE_DEPOSIT", "DELAYED"]).nullable(),
    processed_at: z.string().nullable(),
  }),
  cancellation: z
    .object({
      type: z.string(),
      message: z.string().nullable(),
      paid_amount: z.int(),
      created_at: z.string(),
    })
    .nullable(),
  changes: z.array(
    z.object({
      by_customer: z.boolean(),
      total_before: z.int(),
      total_after: z.int(),
      added_dates: z.array(z.string()),
      removed_dates: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
  waiting_list_count: z.int(),
});
export type AdminRegistrationDetail = z.infer<typeof adminRegistrationDetail>;

/**
 * POST /api/admin/registrations (and …/estimate, where answers are not required yet): registers a
 * participant of a customer by hand, priced like the storefront; `price_override` replaces the
 * place's price (options included) before bundles and volume discounts.
 */
export const adminCreateRegistrationBody = z.object({
  customer: cuidValue,
  participant: cuidValue,
  availability: cuidValue,
  availability_dates: availabilityDatesInput,
  options: registrationOptionsInput,
  questions: registrationQuestionsInput,
  price_override: moneyAmount.nullable().default(null),
  /** pay what the wallet holds towards it */
  use_wallet: z.boolean("INVALID_TYPE").default(false),
  /**
   * register a participant outside the availability's age limits (or without a birthdate); the
   * audit log records it. Without it such a participant is refused like on the storefront.
   */
  age_override: z.boolean("INVALID_TYPE").default(false),
});
export type AdminCreateRegistrationBody = z.input<typeof adminCreateRegistrationBody>;

export const adminRegistrationEstimate = estimateResponse.extend({
  /** what the storefront would charge, before any override */
  storefront_price: z.int(),
  wallet_amount: z.int(),
});
export type AdminRegistrationEstimate = z.infer<typeof adminRegistrationEstimate>;

/** GET /api/admin/availabilities/:cuid/registration-form */
export const adminRegistrationForm = z.object({
  availability: adminAvailabilitySummary,
  partial_registrations: z.boolean(),
  form: registrationFormView,
});
export type AdminRegistrationForm = z.infer<typeof adminRegistrationForm>;

export const adminChoiceSearchQuery = z.object({
  q: z.preprocess(
    (value) => (value === undefined ? "" : value),
    z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG"),
  ),
});

/** GET /api/admin/registrations/customers?q=: whom to register, with their participants. */
export const adminCustomerChoices = z.object({
  data: z.array(
    adminCustomerRef.extend({
      wallet_amount: z.int(),
      participants: z.array(adminParticipantRef),
    }),
  ),
});
export type AdminCustomerChoices = z.infer<typeof adminCustomerChoices>;

/** GET /api/admin/registrations/availabilities?q=: availabilities not ended, soonest first. */
export const adminAvailabilityChoices = z.object({
  data: z.array(
    z.object({
      cuid: z.string(),
      activity: z.object({ cuid: z.string(), title: z.string() }),
      start_at: z.string(),
      end_at: z.string(),
      status: z.enum(["OPEN", "CLOSED", "FULL"]),
    }),
  ),
});
export type AdminAvailabilityChoices = z.infer<typeof adminAvailabilityChoices>;

export const CANCEL_REFUNDS = ["none", "wallet"] as const;

/** The claim window of a waiting-list offer, in hours. */
export const DEFAULT_CLAIM_HOURS = 48;
export const claimHours = z
  .int("INVALID_TYPE")
  .min(1, "TOO_SMALL")
  .max(24 * 30, "TOO_BIG")
  .default(DEFAULT_CLAIM_HOURS);

/**
 * POST /api/admin/registrations/:cuid/cancel. `refund` "wallet" credits `refund_amount` (all
 * that was paid when omitted) to the customer's wallet; `offer_waiting_list` offers the freed
 * place to the first one waiting, for `claim_hours`.
 */
export const adminCancelRegistrationBody = z.object({
  refund: z.enum(CANCEL_REFUNDS).default("none"),
  refund_amount: moneyAmount.min(1, "TOO_SMALL").optional(),
  message: z
    .string("INVALID_TYPE")
    .trim()
    .max(LIMITS.longText, "TOO_LONG")
    .nullish()
    .transform((value) => (value ? value : null)),
  offer_waiting_list: z.boolean("INVALID_TYPE").default(false),
  claim_hours: claimHours,
});
export type AdminCancelRegistrationBody = z.input<typeof adminCancelRegistrationBody>;

/** POST /api/admin/registrations/:cuid/transfer/estimate: the target's dates and prices. */
export const adminTransferEstimateBody = z.object({
  availability: cuidValue,
  availability_dates: availabilityDatesInput.optional(),
});
export type AdminTransferEstimateBody = z.input<typeof adminTransferEstimateBody>;

export const adminTransferEstimate = z.object({
  availability: adminAvailabilitySummary,
  /** the dates it would hold (the given ones, else every selectable date) */
  date_ids: z.array(z.int()),
  /** options and answers stay (same activity) or are dropped */
  keeps_options: z.boolean(),
  current_total: z.int(),
  new_total: z.int(),
  difference: z.int(),
});
export type AdminTransferEstimate = z.infer<typeof adminTransferEstimate>;

/**
 * POST /api/admin/registrations/:cuid/transfer: moves the registration to another availability's
 * dates; `price` "keep" keeps its total, "new" takes the target's price.
 */
export const adminTransferBody = z.object({
  availability: cuidValue,
  availability_dates: availabilityDatesInput,
  price: z.enum(["keep", "new"]).default("keep"),
});
export type AdminTransferBody = z.input<typeof adminTransferBody>;

export const adminRegistrationResponse = z.object({ registration: adminRegistrationDetail });
export type AdminRegistrationResponse = z.infer<typeof adminRegistrationResponse>;

/** The place offered when a cancellation goes to the waiting list. */
export const adminOfferView = z.object({
  entry: z.string(),
  participant: z.string(),
  offer_expires_at: z.string(),
});
export const adminCancelResponse = adminRegistrationResponse.extend({
  offer: adminOfferView.nullable(),
});
export type AdminCancelResponse = z.infer<typeof adminCancelResponse>;
