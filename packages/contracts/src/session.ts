import { z } from "zod";
import { customData, emailAddress, LIMITS, phoneNumber, requiredText } from "./common.ts";
import { newsletterConsentView } from "./newsletters.ts";

export const customerCounters = z.object({
  participants: z.int(),
  carts: z.int(),
  registrations: z.int(),
  bookings: z.int(),
  registrations_requests: z.int(),
  bundles: z.int(),
  vouchers: z.int(),
  available_vouchers: z.int(),
  memberships: z.int(),
  attendance_charges: z.int(),
});
export type CustomerCounters = z.infer<typeof customerCounters>;

export const sessionCustomer = z.object({
  id: z.int(),
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  custom_data: z.array(z.object({ field_id: z.int(), data: z.string().nullable() })),
  newsletter: newsletterConsentView,
  created_at: z.string(),
});
export type SessionCustomer = z.infer<typeof sessionCustomer>;

/** GET /api/session: all three are null for an anonymous visitor. */
export const sessionResponse = z.object({
  customer: sessionCustomer.nullable(),
  counters: customerCounters.nullable(),
  wallet: z.object({ amount: z.int() }).nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** PUT /api/session */
export const updateSessionBody = z.object({
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  email: emailAddress,
  phone: phoneNumber,
  custom_data: customData,
  /** the newsletter consent; absent: unchanged. Staff acting as the customer may only withdraw it. */
  newsletter: z.boolean("INVALID_TYPE").optional(),
});
export type UpdateSessionBody = z.input<typeof updateSessionBody>;
