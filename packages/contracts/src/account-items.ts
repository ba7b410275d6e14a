import { BOOKING_STATUSES } from "@booking/domain";
import { z } from "zod";
import { CART_ITEM_TYPES } from "./carts.ts";
import { imageView, locationView } from "./catalogue.ts";
import type { ProcessedCartView } from "./checkout.ts";
import { type ListEnvelope, listEnvelope, pagingQuery } from "./common.ts";
import type { CartInvoicesView } from "./invoices.ts";
import { paymentBadgeView, registrationDetail } from "./registrations.ts";
import type { BookingCancellationView } from "./resource-bookings.ts";
import type { TransactionProofView } from "./transaction-proofs.ts";

/**
 * The account tabs over what a customer has besides registrations (platform-and-account.md
 * §2.3, §3.5, §4, §6, §7): past carts (orders), registration requests, bookings, bundles,
 * memberships and attendance charges. Each has a paged list (page_number / page_size, 20 by
 * default) and a detail read by cuid; a registration request can be cancelled while PENDING.
 * Money in minor units, durations in seconds, timestamps ISO 8601. Decision record:
 * docs/decisions/0018-account-items.md.
 */

const participantRef = z.object({ id: z.int(), cuid: z.string(), fullname: z.string() });
const titledWithImages = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  images: z.array(imageView),
});
const datePeriod = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
});

/** Every account list takes the paging of the UI. */
export const accountListQuery = pagingQuery;
/** Every account detail is read by the cuid of its URL. */
export const accountItemParams = z.object({ cuid: z.string().min(1).max(64) });

// --- Carts (orders) ---------------------------------------------------------------------------

/** One processed cart of GET /api/carts: its figures and a glimpse of its items. */
export const cartListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  processed_at: z.string(),
  created_at: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  /**
   * What the order itself still owes: its parts' amounts due (nothing for a cancelled one) and
   * the fees; its booking shares are owed on their bookings (decision 0079).
   */
  outstanding_amount: z.int(),
  payment: paymentBadgeView.nullable(),
  items_count: z.int(),
  /** the first items (CART_LIST_ITEMS_SHOWN at most), in the cart's order */
  items: z.array(
    z.object({
      type: z.enum(CART_ITEM_TYPES),
      title: z.string(),
      participant: z.string().nullable(),
    }),
  ),
});
export type CartListItem = z.infer<typeof cartListItem>;
export const cartList = listEnvelope(cartListItem);
export const CART_LIST_ITEMS_SHOWN = 4;

// --- Registration requests --------------------------------------------------------------------

export const REGISTRATION_REQUEST_STATUS_VALUES = [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
] as const;

/** One request of GET /api/registrations/requests. */
export const registrationRequestListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  status: z.enum(REGISTRATION_REQUEST_STATUS_VALUES),
  participant: participantRef,
  activity: titledWithImages,
  /** the availabilities asked for, in the customer's order of preference */
  availabilities: z.array(
    z.object({
      id: z.int(),
      cuid: z.string(),
      start_at: z.string(),
      end_at: z.string(),
      location: z.object({ title: z.string(), city: z.string().nullable() }).nullable(),
    }),
  ),
  total_amount: z.int(),
  deposit_amount: z.int(),
  paid_amount: z.int(),
  /** what is still to pay: only once APPROVED (see registrationRequestAmountDue) */
  amount_due: z.int(),
  created_at: z.string(),
  /** when it was approved, rejected or cancelled */
  status_changed_at: z.string().nullable(),
});
export type RegistrationRequestListItem = z.infer<typeof registrationRequestListItem>;
export const registrationRequestList = listEnvelope(registrationRequestListItem);

/** GET /api/registrations/requests/{cuid}. */
export const registrationRequestDetail = registrationRequestListItem.extend({
  options: registrationDetail.shape.options,
  questions: registrationDetail.shape.questions,
  payment: z.object({
    /** null while nothing is asked: not approved, or a total of 0 */
    badge: paymentBadgeView.nullable(),
    /** the organiser's bank details while bank transfers are on and something is due */
    bank_transfer: registrationDetail.shape.payment.shape.bank_transfer,
  }),
  actions: z.object({
    /** only a PENDING request can be cancelled */
    cancel: z.boolean(),
  }),
});
export type RegistrationRequestDetail = z.infer<typeof registrationRequestDetail>;
export const registrationRequestResponse = z.object({
  registration_request: registrationRequestDetail,
});

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};

/** POST /api/registrations/requests/cancel. */
export const cancelRegistrationRequestBody = z.object({
  registration_request_id: z
    .int(missingOrInvalid)
    .positive("INVALID_TYPE")
    .max(2_147_483_647, "INVALID_TYPE"),
});
export type CancelRegistrationRequestBody = z.input<typeof cancelRegistrationRequestBody>;

// --- Bookings ---------------------------------------------------------------------------------

/**
 * One booking of GET /api/bookings and GET /api/bookings/{cuid}: the resource, its dates, and
 * only the current customer's participations, whose sums are the booking's amounts (§6).
 */
export const bookingView = z.object({
  id: z.int(),
  cuid: z.string(),
  resource: z.object({
    id: z.int(),
    cuid: z.string(),
    name: z.string(),
    images: z.array(imageView),
    location: locationView.nullable(),
  }),
  dates: z.array(datePeriod),
  /** its first date's start and last date's end */
  start_at: z.string(),
  end_at: z.string(),
  participations: z.array(
    z.object({
      id: z.int(),
      cuid: z.string(),
      participant: participantRef.extend({ customer_id: z.int() }),
      total_amount: z.int(),
      paid_amount: z.int(),
      amount_due: z.int(),
      /** the payment reference a bank transfer for this share carries (decision 0072) */
      reference: z.string().nullable(),
      /** the transfer to make while the share owes money (bank transfers accepted) */
      bank_transfer: registrationDetail.shape.payment.shape.bank_transfer,
    }),
  ),
  total_amount: z.int(),
  paid_amount: z.int(),
  payment: paymentBadgeView.nullable(),
  /** CONFIRMED (green), or CANCELLED (red) by staff or the customer (decision 0072) */
  status: z.enum(BOOKING_STATUSES),
  canceled_at: z.string().nullable(),
  /** what the cancellation refunded to the customer's wallet (their participations) */
  refunded_amount: z.int(),
  created_at: z.string(),
});
export type BookingView = z.infer<typeof bookingView>;
export const bookingList = listEnvelope(bookingView);
export const bookingResponse = z.object({ booking: bookingView });

// --- Bundles and memberships ------------------------------------------------------------------

const productEntity = z.enum(["PARTICIPANTS", "CUSTOMERS"]);
const cartRef = z.object({ cuid: z.string(), reference: z.string() }).nullable();

/** A bundle the customer bought (or received with a voucher). */
export const customerBundleListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  bundle: titledWithImages.extend({ entity: productEntity }),
  participant: participantRef.nullable(),
  /** registrations included; null is unlimited */
  capacity: z.int().nullable(),
  used: z.int(),
  /** capacity − used; null when unlimited */
  remaining: z.int().nullable(),
  expires_at: z.string().nullable(),
  state: z.enum(["active", "used_up", "expired"]),
  total_amount: z.int(),
  paid_amount: z.int(),
  payment: paymentBadgeView.nullable(),
  /** the order it was bought with; null when it came with a voucher */
  cart: cartRef,
  created_at: z.string(),
});
export type CustomerBundleListItem = z.infer<typeof customerBundleListItem>;
export const customerBundleList = listEnvelope(customerBundleListItem);

/** GET /api/customer-bundles/{cuid}: and the registrations it paid for. */
export const customerBundleDetail = customerBundleListItem.extend({
  registrations: z.array(
    z.object({
      id: z.int(),
      cuid: z.string(),
      participant: participantRef,
      activity: z.object({ id: z.int(), cuid: z.string(), title: z.string() }),
      start_at: z.string(),
      end_at: z.string(),
      cancelled: z.boolean(),
    }),
  ),
});
export type CustomerBundleDetail = z.infer<typeof customerBundleDetail>;
export const customerBundleResponse = z.object({ bundle: customerBundleDetail });

/** A membership the customer bought: §3.5 "Membership (owned)". */
export const ownedMembershipView = z.object({
  id: z.int(),
  cuid: z.string(),
  membership: titledWithImages.extend({ entity: productEntity }),
  participant: participantRef.nullable(),
  start_at: z.string(),
  end_at: z.string(),
  cancelled: z.boolean(),
  state: z.enum(["cancelled", "upcoming", "active", "expired"]),
  total_amount: z.int(),
  paid_amount: z.int(),
  payment: paymentBadgeView.nullable(),
  cart: cartRef,
  created_at: z.string(),
});
export type OwnedMembershipView = z.infer<typeof ownedMembershipView>;
export const customerMembershipList = listEnvelope(ownedMembershipView);
export const customerMembershipResponse = z.object({ membership: ownedMembershipView });

// --- Attendance charges -----------------------------------------------------------------------

const billingCycleView = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  configuration: z.object({
    id: z.int(),
    cuid: z.string(),
    title: z.string(),
    /** sanitised HTML */
    description: z.string(),
    /** its activity's images */
    images: z.array(imageView),
  }),
});

/** One charge of GET /api/attendance-charges. */
export const attendanceChargeListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  payment: paymentBadgeView.nullable(),
  billing_cycle: billingCycleView,
  items_count: z.int(),
  /** seconds attended over the cycle */
  total_duration: z.int(),
  created_at: z.string(),
});
export type AttendanceChargeListItem = z.infer<typeof attendanceChargeListItem>;
export const attendanceChargeList = listEnvelope(attendanceChargeListItem);

/** GET /api/attendance-charges/{cuid}: its items (by date) and their totals. */
export const attendanceChargeDetail = attendanceChargeListItem.extend({
  items: z.array(
    z.object({
      id: z.int(),
      cuid: z.string(),
      amount: z.int(),
      /** seconds billed */
      duration: z.int(),
      registration_date: z.object({
        arrival: z.string(),
        departure: z.string(),
        date: datePeriod,
        registration: z.object({ id: z.int(), cuid: z.string(), participant: participantRef }),
      }),
    }),
  ),
  totals: z.object({ duration: z.int(), amount: z.int() }),
  /** the payment reference a bank transfer for it carries (decision 0064) */
  reference: z.string().nullable(),
  amount_due: z.int(),
  /** the organiser's bank details while bank transfers are on and something is due */
  bank_transfer: registrationDetail.shape.payment.shape.bank_transfer,
});
export type AttendanceChargeDetail = z.infer<typeof attendanceChargeDetail>;
export const attendanceChargeResponse = z.object({ attendance_charge: attendanceChargeDetail });

// --- Server-side reads of the account pages ---------------------------------------------------

/** Query parameters exactly as the HTTP calls take them. */
type Params = Record<string, string | undefined>;

/**
 * The reads of these account pages for the page loaders, the same service functions and
 * parameter schemas as the HTTP calls. A list is empty for a visitor; a detail is null when it
 * is not the customer's (or the cuid is malformed).
 */
export interface AccountItemsReader {
  carts(params: Params): Promise<ListEnvelope<CartListItem>>;
  /** GET /api/carts/{cuid}: the processed cart as its success page shows it */
  cart(cuid: string): Promise<ProcessedCartView | null>;
  registrationRequests(params: Params): Promise<ListEnvelope<RegistrationRequestListItem>>;
  registrationRequest(cuid: string): Promise<RegistrationRequestDetail | null>;
  bookings(params: Params): Promise<ListEnvelope<BookingView>>;
  booking(cuid: string): Promise<BookingView | null>;
  /** GET /api/bookings/{cuid}/cancellation: whether the customer may still cancel it, or why not */
  bookingCancellation(cuid: string): Promise<BookingCancellationView | null>;
  bundles(params: Params): Promise<ListEnvelope<CustomerBundleListItem>>;
  bundle(cuid: string): Promise<CustomerBundleDetail | null>;
  memberships(params: Params): Promise<ListEnvelope<OwnedMembershipView>>;
  membership(cuid: string): Promise<OwnedMembershipView | null>;
  attendanceCharges(params: Params): Promise<ListEnvelope<AttendanceChargeListItem>>;
  attendanceCharge(cuid: string): Promise<AttendanceChargeDetail | null>;
  /** an order's invoices and credit notes (docs/decisions/0074-customer-invoices.md) */
  cartInvoices(cuid: string): Promise<CartInvoicesView | null>;
  /** an approved request's invoices: its order's, or its own for one paid on itself */
  registrationRequestInvoices(cuid: string): Promise<CartInvoicesView | null>;
  /** the invoices of the customer's share of a booking (the booker's: its order's) */
  bookingInvoices(cuid: string): Promise<CartInvoicesView | null>;
  /** GET /api/carts/{cuid}/transaction-proofs: the proofs of payment sent for an order (decision 0098) */
  cartTransactionProofs(cuid: string): Promise<TransactionProofView[] | null>;
}
