import { z } from "zod";
import { LIMITS, listEnvelope, pagingQuery, requiredText } from "../common.ts";
import { cuidValue, moneyAmount } from "./catalogue-fields.ts";
import { listCount, listCuid, listDay, listSearch, listSort } from "./list-query.ts";
import { adminCustomerRef, adminParticipantRef } from "./registrations.ts";

// The console's registration requests (platform-and-account.md §2.3, §4, §6
// `registrations.requests.*`; issue 15 §1): the queue, a request's detail with the family's
// history, approving (sessions chosen among those requested, price set) or rejecting with a
// message, and the bulk approval of a season's opening. Decision record:
// docs/decisions/0061-registration-request-approval.md.

export const ADMIN_REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED", "CANCELLED"] as const;
export type AdminRequestStatus = (typeof ADMIN_REQUEST_STATUSES)[number];

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * GET /api/admin/registrations/requests. `status`: PENDING unless another (or ALL) is asked;
 * `age_min`/`age_max`: the participant's age today in whole years, both included; `from`/`to`:
 * the day the request was made (organiser's time zone, both included); `q`: participant,
 * customer (name, e-mail) or reference. Sorted by request time, the oldest first by default
 * (first come, first served).
 */
export const adminRequestListQuery = pagingQuery
  .extend({
    q: listSearch,
    status: z.preprocess(
      blankIsMissing,
      z.enum([...ADMIN_REQUEST_STATUSES, "ALL"], { error: "INVALID_CHOICE" }).default("PENDING"),
    ),
    activity: listCuid,
    tier: listCuid,
    age_min: listCount(120),
    age_max: listCount(120),
    from: listDay,
    to: listDay,
    sort: listSort(["created_at"], "created_at"),
  })
  .superRefine((value, ctx) => {
    if (value.from !== undefined && value.to !== undefined && value.to < value.from) {
      ctx.issues.push({ code: "custom", message: "TOO_SMALL", path: ["to"], input: value.to });
    }
    if (
      value.age_min !== undefined &&
      value.age_max !== undefined &&
      value.age_max < value.age_min
    ) {
      ctx.issues.push({
        code: "custom",
        message: "TOO_SMALL",
        path: ["age_max"],
        input: value.age_max,
      });
    }
  });
export type AdminRequestListQuery = z.input<typeof adminRequestListQuery>;

/** A requested session with its places now (registrations and live holds counted). */
export const adminRequestedAvailability = z.object({
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  location: z.string().nullable(),
  /** the customer's order of preference, from 1 */
  preference: z.int(),
  /** places left on its fullest chosen date; null when unlimited */
  free_places: z.int().nullable(),
});

export const adminRequestListItem = z.object({
  cuid: z.string(),
  reference: z.string(),
  status: z.enum(ADMIN_REQUEST_STATUSES),
  participant: adminParticipantRef,
  customer: adminCustomerRef,
  activity: z.object({ cuid: z.string(), title: z.string() }),
  tier: z.object({ cuid: z.string(), name: z.string(), registrations: z.int() }).nullable(),
  availabilities: z.array(adminRequestedAvailability),
  total_amount: z.int(),
  paid_amount: z.int(),
  amount_due: z.int(),
  created_at: z.string(),
  status_changed_at: z.string().nullable(),
});
export type AdminRequestListItem = z.infer<typeof adminRequestListItem>;

export const adminRequestList = listEnvelope(adminRequestListItem).extend({
  /** the tiers of the activity filtered on, for the tier filter ([] without one) */
  tiers: z.array(z.object({ cuid: z.string(), name: z.string() })),
});
export type AdminRequestList = z.infer<typeof adminRequestList>;

/** GET /api/admin/registrations/requests/:cuid */
export const adminRequestDetail = adminRequestListItem.extend({
  /** what staff wrote to the family when they answered */
  message: z.string().nullable(),
  options: z.array(
    z.object({ title: z.string(), label: z.string(), content: z.string().nullable() }),
  ),
  questions: z.array(z.object({ title: z.string(), answer: z.string() })),
  /** the sessions approving would register by default: the tier's count, in preference order */
  default_availabilities: z.array(z.string()),
  /** the registrations an approval made */
  registrations: z.array(z.object({ cuid: z.string(), start_at: z.string() })),
  family: z.object({
    wallet_amount: z.int(),
    outstanding_amount: z.int(),
    registrations: z.array(
      z.object({
        cuid: z.string(),
        participant: z.string(),
        activity: z.string(),
        start_at: z.string(),
        cancelled: z.boolean(),
        total_amount: z.int(),
        paid_amount: z.int(),
      }),
    ),
    requests: z.array(
      z.object({
        cuid: z.string(),
        participant: z.string(),
        activity: z.string(),
        status: z.enum(ADMIN_REQUEST_STATUSES),
        created_at: z.string(),
      }),
    ),
  }),
});
export type AdminRequestDetail = z.infer<typeof adminRequestDetail>;
export const adminRequestResponse = z.object({ registration_request: adminRequestDetail });

const requestedCuids = z
  .array(cuidValue, "INVALID_TYPE")
  .min(1, "REQUIRED")
  .max(20, "TOO_BIG")
  .refine((cuids) => new Set(cuids).size === cuids.length, "DUPLICATE");

/**
 * POST /api/admin/registrations/requests/:cuid/approve. `availabilities`: among those requested
 * (default: the tier's count in preference order, all of them without a tier); `total_amount`:
 * the price of the whole request (default: the storefront's price of those sessions).
 */
export const adminApproveRequestBody = z.object({
  availabilities: requestedCuids.optional(),
  total_amount: moneyAmount.nullable().default(null),
});
export type AdminApproveRequestBody = z.input<typeof adminApproveRequestBody>;

/** POST /api/admin/registrations/requests/:cuid/reject: the message is e-mailed to the family. */
export const adminRejectRequestBody = z.object({ message: requiredText(LIMITS.longText) });
export type AdminRejectRequestBody = z.input<typeof adminRejectRequestBody>;

/**
 * GET /api/admin/registrations/requests/bulk-approval: the preview of a bulk approval of the
 * pending requests of an activity (one tier of it, if given); nothing is written.
 */
export const adminBulkApprovalQuery = z.object({
  activity: z
    .preprocess(blankIsMissing, cuidValue.optional())
    .refine((value) => value !== undefined, "REQUIRED"),
  tier: listCuid,
});

export const BULK_APPROVAL_OUTCOMES = ["approve", "full", "not_selectable"] as const;
export type BulkApprovalOutcome = (typeof BULK_APPROVAL_OUTCOMES)[number];

const bulkLine = z.object({
  request: adminRequestListItem,
  outcome: z.enum(BULK_APPROVAL_OUTCOMES),
  /** the sessions it would register (or did) */
  availabilities: z.array(z.string()),
  /** the session that stops it, when it is not approved */
  blocking: z.object({ cuid: z.string(), start_at: z.string() }).nullable(),
});

export const adminBulkApprovalPreview = z.object({ data: z.array(bulkLine) });
export type AdminBulkApprovalPreview = z.infer<typeof adminBulkApprovalPreview>;

/**
 * POST /api/admin/registrations/requests/bulk-approval: approves the previewed requests
 * (`requests`, those staff confirmed) in order of request time while places last.
 */
export const adminBulkApprovalBody = z.object({
  activity: cuidValue,
  tier: cuidValue.nullable().default(null),
  requests: z
    .array(cuidValue, "INVALID_TYPE")
    .min(1, "REQUIRED")
    .max(500, "TOO_BIG")
    .refine((cuids) => new Set(cuids).size === cuids.length, "DUPLICATE"),
});
export type AdminBulkApprovalBody = z.input<typeof adminBulkApprovalBody>;
export const adminBulkApprovalResult = z.object({
  approved: z.int(),
  data: z.array(bulkLine),
});
export type AdminBulkApprovalResult = z.infer<typeof adminBulkApprovalResult>;
