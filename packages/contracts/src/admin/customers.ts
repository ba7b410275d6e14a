import { z } from "zod";
import {
  amountField,
  customData,
  emailAddress,
  LIMITS,
  listEnvelope,
  phoneNumber,
  requiredText,
} from "../common.ts";
import { customFieldView } from "../custom-fields.ts";
import { newsletterConsentView } from "../newsletters.ts";
import { adminListQuery, checkListRange, listDay, listFlag, listSort } from "./list-query.ts";
import { adminCollaborator } from "./session.ts";
import { tagFilter } from "./tags.ts";

/**
 * The console's customers (issue 6 item 4): GET/POST /api/admin/customers, GET/PUT
 * /api/admin/customers/:cuid, the wallet, notes and the merge of two duplicates
 * (docs/decisions/0023-customer-merge.md). Money in minor units.
 */

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};
const cuidField = z.string(missingOrInvalid).trim().min(1, "REQUIRED").max(40, "TOO_LONG");

export const CUSTOMER_SORT_KEYS = ["name", "created", "wallet", "outstanding"] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];

/**
 * GET /api/admin/customers: `q` matches each word against the names, the e-mail or the phone
 * (digits only compared for a phone); `outstanding` (still owes something), `registrations`
 * (has registrations that are not cancelled), `wallet` (has money in the wallet),
 * `created_from`/`created_to` (days in the organiser's time zone, both included). Deleted
 * (anonymised) accounts are not listed.
 */
export const customerListQuery = adminListQuery
  .extend({
    sort: listSort(CUSTOMER_SORT_KEYS, "name"),
    outstanding: listFlag,
    registrations: listFlag,
    wallet: listFlag,
    created_from: listDay,
    created_to: listDay,
    /** a customer tag's cuid (decision 0088) */
    tag: tagFilter,
    /** a customer discount's cuid: the customers it is given to (decision 0100) */
    discount: tagFilter,
  })
  .superRefine(checkListRange("created_from", "created_to"));
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** false for a customer created by staff who never chose a password */
  has_account: z.boolean(),
  wallet_amount: z.int(),
  /** what they still owe: orders, approved requests, attendance charges, bookings */
  outstanding_amount: z.int(),
  participants_count: z.int(),
  registrations_count: z.int(),
  created_at: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;
export const customerList = listEnvelope(customerListItem);

/** POST /api/admin/customers, PUT /api/admin/customers/:cuid (custom data as the storefront's). */
export const customerBody = z.object({
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  email: emailAddress,
  phone: phoneNumber,
  custom_data: customData,
});
export type CustomerBody = z.input<typeof customerBody>;

/** A custom-field value with the field's title (inactive fields keep their stored values). */
export const customFieldValueView = z.object({
  field_id: z.int(),
  title: z.string(),
  type: customFieldView.shape.type,
  active: z.boolean(),
  data: z.string().nullable(),
});
export type CustomFieldValueView = z.infer<typeof customFieldValueView>;

export const customerProfileView = customerListItem.extend({
  /** the customer deleted their account: names and contact are erased, history kept */
  anonymised: z.boolean(),
  custom_data: z.array(customFieldValueView),
  newsletter: newsletterConsentView,
  updated_at: z.string(),
});
export type CustomerProfileView = z.infer<typeof customerProfileView>;

export const customerParticipantView = z.object({
  id: z.int(),
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  birthdate: z.string().nullable(),
  /** removed by the customer, kept for the records that name them */
  archived: z.boolean(),
  registrations_count: z.int(),
});
export type CustomerParticipantView = z.infer<typeof customerParticipantView>;

export const customerRegistrationView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  activity: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  participant: z.object({ cuid: z.string(), fullname: z.string() }),
  total_amount: z.int(),
  paid_amount: z.int(),
  outstanding_amount: z.int(),
  cancelled: z.boolean(),
  created_at: z.string(),
});
export type CustomerRegistrationView = z.infer<typeof customerRegistrationView>;

export const CUSTOMER_CART_STATES = ["OPEN", "AWAITING_PAYMENT", "PROCESSED"] as const;
export const customerCartView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string().nullable(),
  state: z.enum(CUSTOMER_CART_STATES),
  items_count: z.int(),
  /** total after coupon plus service fees (null while the cart is open) */
  total_amount: z.int().nullable(),
  paid_amount: z.int(),
  outstanding_amount: z.int(),
  wallet_used: z.int(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerCartView = z.infer<typeof customerCartView>;

export const CUSTOMER_MONEY_KINDS = ["ONLINE", "TRANSFER", "WALLET"] as const;
export type CustomerMoneyKind = (typeof CUSTOMER_MONEY_KINDS)[number];

/**
 * One movement of the customer's money: an online payment (`status` the provider's), a bank
 * transfer (`RECEIVED` or `CANCELLED`) or a wallet movement (`status` its reason: CHECKOUT,
 * REFUND, VOUCHER, ADJUSTMENT, PAYMENT, OVERPAYMENT; a debit is negative; `note` says why staff
 * made an ADJUSTMENT).
 */
export const customerMoneyMovement = z.object({
  kind: z.enum(CUSTOMER_MONEY_KINDS),
  cuid: z.string(),
  at: z.string(),
  amount: z.int(),
  status: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
});
export type CustomerMoneyMovement = z.infer<typeof customerMoneyMovement>;

export const customerNoteView = z.object({
  cuid: z.string(),
  body: z.string(),
  author: adminCollaborator.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerNoteView = z.infer<typeof customerNoteView>;

/** How many records of each kind the customer has (the tabs, and what a merge moves). */
export const customerCounts = z.object({
  participants: z.int(),
  registrations: z.int(),
  registration_requests: z.int(),
  bookings: z.int(),
  carts: z.int(),
  bundles: z.int(),
  memberships: z.int(),
  vouchers: z.int(),
  waiting_list: z.int(),
  attendance_charges: z.int(),
  payments: z.int(),
  wallet_movements: z.int(),
  notes: z.int(),
});
export type CustomerCounts = z.infer<typeof customerCounts>;

/** At most this many registrations and money movements in the detail (the newest). */
export const CUSTOMER_DETAIL_ROWS = 100;

/**
 * GET /api/admin/customers/:cuid. `notes` is null without customers.notes.read;
 * `custom_fields` are the active customer fields (the edit form).
 */
export const customerDetail = z.object({
  customer: customerProfileView,
  counts: customerCounts,
  custom_fields: z.array(customFieldView),
  participants: z.array(customerParticipantView),
  registrations: z.array(customerRegistrationView),
  carts: z.array(customerCartView),
  payments: z.array(customerMoneyMovement),
  notes: z.array(customerNoteView).nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/**
 * POST /api/admin/customers/:cuid/wallet: credit or debit by hand, saying why. A debit above
 * the wallet is 409 INSUFFICIENT_WALLET_AMOUNT on `amount`.
 */
export const walletAdjustmentBody = z.object({
  direction: z.enum(["CREDIT", "DEBIT"], {
    error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_CHOICE"),
  }),
  amount: amountField(1),
  reason: requiredText(500),
});
export type WalletAdjustmentBody = z.input<typeof walletAdjustmentBody>;
export const walletAdjustmentResponse = z.object({
  wallet: z.object({ amount: z.int() }),
  movement: customerMoneyMovement,
});

/** POST /api/admin/customers/:cuid/notes, PUT /api/admin/customers/:cuid/notes/:note */
export const customerNoteBody = z.object({ body: requiredText(LIMITS.longText) });
export type CustomerNoteBody = z.input<typeof customerNoteBody>;
export const customerNoteParams = z.object({ cuid: cuidField, note: cuidField });

/**
 * POST /api/admin/customers/:cuid/merge {source}: everything of `source` moves to the customer
 * of the URL, then `source` is deleted. The same customer is 409 CANNOT_MERGE_SELF; a source
 * that is not a customer of the organiser is 404 CUSTOMER_NOT_FOUND.
 */
export const customerMergeBody = z.object({ source: cuidField });
export type CustomerMergeBody = z.input<typeof customerMergeBody>;
export const customerMergeResponse = z.object({
  customer: customerProfileView,
  /** what moved from the source, by kind (before the merge: the source's counts) */
  moved: customerCounts.extend({ wallet_amount: z.int() }),
});
export type CustomerMergeResponse = z.infer<typeof customerMergeResponse>;

export const customerCuidParams = z.object({ cuid: cuidField });

/**
 * GET /api/admin/customers/custom-fields: the active customer and participant fields, which the
 * console's create forms ask (the storefront shows them to anyone, so any collaborator may read
 * them).
 */
export const activeCustomFieldsResponse = z.object({
  customers: z.array(customFieldView),
  participants: z.array(customFieldView),
});
export type ActiveCustomFieldsResponse = z.infer<typeof activeCustomFieldsResponse>;
