import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import { adminImageView } from "./activities.ts";

/**
 * The console's resource editor (issue 15 §3, decision 0065): a resource's name, place,
 * description and how far ahead it may be booked, its weekly opening hours with prices by
 * duration (made into its bookable slots), and its closures.
 */

const time = z
  .string({ error: "INVALID_FORMAT" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "INVALID_FORMAT");

const slotPrice = z.object({
  /** seconds, whole minutes from 5 minutes to a day */
  duration: z
    .int({ error: "INVALID_NUMBER" })
    .min(300, "TOO_SMALL")
    .max(86_400, "TOO_LARGE")
    .refine((value) => value % 60 === 0, "INVALID_NUMBER"),
  /** minor units */
  amount: z.int({ error: "INVALID_NUMBER" }).min(0, "TOO_SMALL").max(10_000_000, "TOO_LARGE"),
});

export const resourceOpeningHours = z.object({
  /** ISO weekday, Monday 1 … Sunday 7 */
  weekday: z.int({ error: "INVALID_NUMBER" }).min(1, "TOO_SMALL").max(7, "TOO_LARGE"),
  start: time,
  end: time,
  /** the first sets the slots' length; durations differ */
  prices: z
    .array(slotPrice, { error: "INVALID_TYPE" })
    .min(1, "REQUIRED")
    .max(10, "TOO_LONG")
    .refine(
      (prices) => new Set(prices.map((price) => price.duration)).size === prices.length,
      "DUPLICATE",
    ),
});
export type ResourceOpeningHoursInput = z.infer<typeof resourceOpeningHours>;

/** POST /api/admin/resources, PUT /api/admin/resources/:cuid */
export const resourceBody = z.object({
  name: requiredText(LIMITS.name),
  description: optionalText(LIMITS.longText),
  /** a location's cuid, or null */
  location: z.string().max(40, "TOO_LONG").nullable().default(null),
  /** its group's cuid, or null (decision 0071) */
  group: z.string().max(40, "TOO_LONG").nullable().default(null),
  /** the cuid of the booking configuration it follows, or null: anyone, no limits (decision 0071) */
  booking_configuration: z.string().max(40, "TOO_LONG").nullable().default(null),
  /** a booking starts at most this many days ahead; null: no limit (slots are made a year ahead) */
  booking_days_ahead: z
    .int({ error: "INVALID_NUMBER" })
    .min(1, "TOO_SMALL")
    .max(365, "TOO_LARGE")
    .nullable()
    .default(null),
  opening_hours: z.array(resourceOpeningHours, { error: "INVALID_TYPE" }).max(70, "TOO_LONG"),
});
export type ResourceBody = z.input<typeof resourceBody>;

const instant = z.iso.datetime({ offset: true, error: "INVALID_DATE" });

/** POST /api/admin/resources/:cuid/closures */
export const resourceClosureBody = z
  .object({ start_at: instant, end_at: instant })
  .refine((value) => Date.parse(value.end_at) > Date.parse(value.start_at), {
    message: "END_BEFORE_START",
    path: ["end_at"],
  });
export type ResourceClosureBody = z.input<typeof resourceClosureBody>;

export const resourceClosureParams = z.object({
  cuid: z.string().max(40),
  closure: z.string().max(40),
});

export const adminResourceView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.object({ cuid: z.string(), title: z.string() }).nullable(),
  group: z.object({ cuid: z.string(), name: z.string() }).nullable(),
  booking_configuration: z.object({ cuid: z.string(), name: z.string() }).nullable(),
  images: z.array(adminImageView),
  booking_days_ahead: z.int().nullable(),
  opening_hours: z.array(
    z.object({
      weekday: z.int(),
      start: z.string(),
      end: z.string(),
      prices: z.array(z.object({ duration: z.int(), amount: z.int() })),
    }),
  ),
  /** closures not yet over */
  closures: z.array(z.object({ cuid: z.string(), start_at: z.string(), end_at: z.string() })),
  /** bookable slots from now on */
  upcoming_slots: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminResourceView = z.infer<typeof adminResourceView>;

const cuidText = z.string({ error: "REQUIRED" }).min(1, "REQUIRED").max(40, "TOO_LONG");

/** POST /api/admin/resources/:cuid/bookings: staff book a free slot for a customer's participant. */
export const staffBookingBody = z
  .object({
    customer: cuidText,
    participant: cuidText,
    start_at: instant,
    end_at: instant,
    /** what the customer owes (minor units); the slot's price for that duration when absent */
    amount: z
      .int({ error: "INVALID_NUMBER" })
      .min(0, "TOO_SMALL")
      .max(10_000_000, "TOO_LARGE")
      .nullable()
      .default(null),
  })
  .refine((value) => Date.parse(value.end_at) > Date.parse(value.start_at), {
    message: "END_BEFORE_START",
    path: ["end_at"],
  });
export type StaffBookingBody = z.input<typeof staffBookingBody>;

/** POST /api/admin/bookings/:cuid/cancel: `refund` credits what each participant paid to their wallet. */
export const bookingCancelBody = z.object({
  refund: z.boolean({ error: "INVALID_TYPE" }),
});
export type BookingCancelBody = z.input<typeof bookingCancelBody>;

/** PUT /api/admin/bookings/:cuid/period: another free slot of the same resource. */
export const bookingMoveBody = z
  .object({ start_at: instant, end_at: instant })
  .refine((value) => Date.parse(value.end_at) > Date.parse(value.start_at), {
    message: "END_BEFORE_START",
    path: ["end_at"],
  });
export type BookingMoveBody = z.input<typeof bookingMoveBody>;

export const staffBookingView = z.object({
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  canceled_at: z.string().nullable(),
});
export type StaffBookingView = z.infer<typeof staffBookingView>;
