import { z } from "zod";
import { calendarDate, requiredText } from "../common.ts";

const cuidValue = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG");

/** How a membership staff give is paid (decision 0104). */
export const MEMBERSHIP_GIFT_PAYMENTS = ["TRANSFER", "WALLET", "FREE"] as const;
export type MembershipGiftPayment = (typeof MEMBERSHIP_GIFT_PAYMENTS)[number];

/**
 * POST /api/admin/customers/:cuid/memberships: staff give one of the organiser's memberships.
 * `participant` is required by a membership for participants and refused by one for customers;
 * `start_on` (the organiser's day, today by default) starts a rolling period — a fixed period
 * keeps its own dates. `payment`: TRANSFER leaves the order owing its price (paid by bank
 * transfer to its reference), WALLET pays what the wallet holds, FREE gives it at no cost and
 * needs the `reason`.
 */
export const membershipGiftBody = z
  .object({
    membership: cuidValue,
    participant: cuidValue.nullable().default(null),
    start_on: calendarDate.nullable().default(null),
    payment: z.enum(MEMBERSHIP_GIFT_PAYMENTS, {
      error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_CHOICE"),
    }),
    reason: requiredText(500).nullable().default(null),
  })
  .superRefine((body, context) => {
    if (body.payment === "FREE" && body.reason === null) {
      context.addIssue({ code: "custom", message: "REQUIRED", path: ["reason"] });
    }
  });
export type MembershipGiftBody = z.input<typeof membershipGiftBody>;

/** GET /api/admin/membership-choices: the organiser's memberships staff may give, by title. */
export const membershipGiftChoices = z.object({
  data: z.array(
    z.object({
      cuid: z.string(),
      title: z.string(),
      price: z.int(),
      entity: z.enum(["PARTICIPANTS", "CUSTOMERS"]),
      period_type: z.enum(["FIXED", "ROLLING"]),
    }),
  ),
});
export type MembershipGiftChoices = z.infer<typeof membershipGiftChoices>;
