import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";

/**
 * Booking configurations (issue 15 §3, decision 0071), shared by several resources: who may book
 * (everyone with an account, or customers with an active membership of given products), how far
 * ahead, until how many hours before the start customers may cancel from their account (none:
 * only staff cancel), and how many bookings a customer may hold a week.
 */

const limit = (min: number, max: number) =>
  z
    .int({ error: "INVALID_NUMBER" })
    .min(min, "TOO_SMALL")
    .max(max, "TOO_LARGE")
    .nullable()
    .default(null);

/** POST /api/admin/booking-configurations, PUT /api/admin/booking-configurations/:cuid */
export const bookingConfigurationBody = z
  .object({
    name: requiredText(LIMITS.name),
    audience: z.enum(["EVERYONE", "MEMBERS"], { error: "INVALID_CHOICE" }),
    /** membership products' cuids (MEMBERS: at least one) */
    memberships: z
      .array(z.string().max(40, "TOO_LONG"), { error: "INVALID_TYPE" })
      .max(50, "TOO_LONG")
      .default([]),
    days_ahead: limit(1, 365),
    cancellation_hours: limit(0, 24 * 60),
    max_per_week: limit(1, 100),
  })
  .refine((value) => value.audience !== "MEMBERS" || value.memberships.length > 0, {
    message: "REQUIRED",
    path: ["memberships"],
  });
export type BookingConfigurationBody = z.input<typeof bookingConfigurationBody>;

export const adminBookingConfigurationView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  audience: z.enum(["EVERYONE", "MEMBERS"]),
  memberships: z.array(z.object({ cuid: z.string(), title: z.string() })),
  days_ahead: z.int().nullable(),
  cancellation_hours: z.int().nullable(),
  max_per_week: z.int().nullable(),
  /** the resources following it: a configuration in use cannot be deleted */
  resources: z.array(z.object({ cuid: z.string(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBookingConfigurationView = z.infer<typeof adminBookingConfigurationView>;
export const adminBookingConfigurationList = z.object({
  data: z.array(adminBookingConfigurationView),
});
export type AdminBookingConfigurationList = z.infer<typeof adminBookingConfigurationList>;
