import { z } from "zod";
import { cancellationPolicyView } from "./cancellation-policy.ts";
import { listEnvelope } from "./common.ts";

/**
 * What the storefront's catalogue calls answer (storefront.md §3 and §7). Timestamps are ISO 8601
 * with offset, money integer minor units of the organiser's currency.
 */

export const AVAILABILITY_STATUSES = ["OPEN", "CLOSED", "FULL"] as const;
export const AVAILABILITY_DATE_STATUSES = ["OPEN", "CLOSED", "OVERLAP", "FULL"] as const;

export const imageView = z.object({
  id: z.int(),
  public_url: z.string(),
  alt: z.string().nullable(),
});
export type ImageView = z.infer<typeof imageView>;

export const locationView = z.object({
  cuid: z.string(),
  title: z.string(),
  name: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
});
export type LocationView = z.infer<typeof locationView>;

export const categoryView = z.object({
  cuid: z.string(),
  title: z.string(),
  group: z.object({ cuid: z.string(), title: z.string(), scope: z.enum(["PRIMARY", "SECONDARY"]) }),
});
export type CategoryView = z.infer<typeof categoryView>;

export const categoryGroupView = z.object({
  cuid: z.string(),
  title: z.string(),
  order: z.int(),
  categories: z.array(z.object({ cuid: z.string(), title: z.string() })),
});
export type CategoryGroupView = z.infer<typeof categoryGroupView>;

export const activitySummary = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  images: z.array(imageView),
  default_price: z.int().nullable(),
  default_deposit: z.int().nullable(),
  registration_flow: z.enum(["DIRECT", "REQUEST"]),
  settings: z.object({ allow_registrations_after_start: z.boolean() }),
  /** what a family may cancel and get back (decision 0101), the default when none is written */
  cancellation_policy: cancellationPolicyView,
});
export type ActivitySummary = z.infer<typeof activitySummary>;

export const resourceSummary = z.object({ id: z.int(), cuid: z.string(), name: z.string() });

export const availabilityDateView = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(AVAILABILITY_DATE_STATUSES),
  capacity: z.int().nullable(),
  registered: z.int(),
});
export type AvailabilityDateView = z.infer<typeof availabilityDateView>;

/** Why an availability cannot be booked: the notice its page shows (storefront.md §4). */
export const BOOKING_REASONS = [
  "closed",
  "full",
  "opening_scheduled",
  "closing_passed",
  "started",
  "ended",
] as const;

/**
 * The availability's booking state when the answer was made (`bookingState` of
 * packages/domain, docs/decisions/0030-one-booking-state.md): what every view shows and what
 * the add call accepts. In a date of GET /api/availabilities/dates, the state of booking that
 * date.
 */
export const bookingStateView = z.object({
  bookable: z.boolean(),
  reason: z.enum(BOOKING_REASONS).nullable(),
  /** while registrations have not opened yet */
  registrations_open_at: z.string().nullable(),
  /** the largest remaining places across the dates to come; null when unlimited */
  remaining: z.int().nullable(),
  badge: z.enum(["CLOSED", "OVERLAP", "FULL"]).nullable(),
  waiting_list: z.boolean(),
});
export type BookingStateView = z.infer<typeof bookingStateView>;

export const availabilityView = z.object({
  id: z.int(),
  cuid: z.string(),
  status: z.enum(AVAILABILITY_STATUSES),
  start_at: z.string(),
  end_at: z.string(),
  registrations_start_at: z.string().nullable(),
  registrations_end_at: z.string().nullable(),
  capacity: z.int().nullable(),
  registered: z.int(),
  price: z.int(),
  deposit: z.int(),
  age_minimum: z.int().nullable(),
  age_maximum: z.int().nullable(),
  dates: z.array(availabilityDateView),
  location: locationView.nullable(),
  categories: z.array(categoryView),
  activity: activitySummary,
  resource: resourceSummary.nullable(),
  booking: bookingStateView,
});
export type AvailabilityView = z.infer<typeof availabilityView>;

/** One date of GET /api/availabilities/dates, with its availability's context. */
export const availabilityDateItem = availabilityDateView.extend({
  availability: availabilityView.omit({ dates: true }),
});
export type AvailabilityDateItem = z.infer<typeof availabilityDateItem>;

export const activityView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  age_minimum: z.int().nullable(),
  age_maximum: z.int().nullable(),
  default_capacity: z.int().nullable(),
  default_price: z.int().nullable(),
  default_deposit: z.int().nullable(),
  categories: z.array(categoryView),
  images: z.array(imageView),
  locations: z.array(locationView),
  /** start of the next availability still ahead, null when none */
  next_start_at: z.string().nullable(),
});
export type ActivityView = z.infer<typeof activityView>;

export const bundleView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.int(),
  /** null means unlimited */
  capacity: z.int().nullable(),
  /** seconds of validity after purchase */
  duration: z.int().nullable(),
  expires_at: z.string().nullable(),
  entity: z.enum(["PARTICIPANTS", "CUSTOMERS"]),
  images: z.array(imageView),
});
export type BundleView = z.infer<typeof bundleView>;

export const membershipView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.int(),
  entity: z.enum(["PARTICIPANTS", "CUSTOMERS"]),
  period_type: z.enum(["FIXED", "ROLLING"]),
  fixed_period_start_at: z.string().nullable(),
  fixed_period_end_at: z.string().nullable(),
  rolling_period_type: z.enum(["days", "weeks", "months", "years"]).nullable(),
  rolling_period_duration: z.int().nullable(),
  images: z.array(imageView),
});
export type MembershipView = z.infer<typeof membershipView>;

export const voucherView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.int(),
  /** value credited when redeemed */
  amount: z.int().nullable(),
  /** seconds of validity after purchase */
  duration: z.int().nullable(),
  images: z.array(imageView),
});
export type VoucherView = z.infer<typeof voucherView>;

export const resourceView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.object({ cuid: z.string(), title: z.string() }).nullable(),
  images: z.array(imageView),
  /** the resources shown together with it (decision 0071) */
  group: z
    .object({
      cuid: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      images: z.array(imageView),
    })
    .nullable(),
});
export type ResourceView = z.infer<typeof resourceView>;

/** A bookable slot; its end is start plus the first price's duration. */
export const resourceAvailabilityView = z.object({
  resource_id: z.int(),
  start_at: z.string(),
  prices: z.array(z.object({ duration: z.int(), amount: z.int() })),
});
export type ResourceAvailabilityView = z.infer<typeof resourceAvailabilityView>;

export const availabilityList = listEnvelope(availabilityView);
export const activityList = listEnvelope(activityView);
export const bundleList = listEnvelope(bundleView);
export const membershipList = listEnvelope(membershipView);
export const voucherList = listEnvelope(voucherView);
export const resourceList = z.object({ data: z.array(resourceView) });
export const resourceAvailabilityList = z.object({ data: z.array(resourceAvailabilityView) });

/** GET /api/availabilities/calendar: the local days that have at least one matching date. */
export const availabilityCalendar = z.object({ dates: z.array(z.object({ date: z.string() })) });
export type AvailabilityCalendar = z.infer<typeof availabilityCalendar>;

/** GET /api/availabilities/dates */
export const availabilityDatesResponse = z.object({
  availabilities_dates: z.object({ data: z.array(availabilityDateItem), count: z.int() }),
});
export type AvailabilityDatesResponse = z.infer<typeof availabilityDatesResponse>;

/** The filter choices a catalogue section offers (locations, category groups, periods). */
export const catalogueFacets = z.object({
  locations: z.array(locationView),
  category_groups: z.array(categoryGroupView),
  periods: z.array(
    z.object({ cuid: z.string(), name: z.string(), start_date: z.string(), end_date: z.string() }),
  ),
});
export type CatalogueFacets = z.infer<typeof catalogueFacets>;
