import { z } from "zod";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * Automatic cancellations (issue 17 §4, docs/decisions/0088-automatic-cancellations.md): the
 * organiser's rule for unpaid orders (GET/PUT /api/admin/settings/automatic-cancellations) and an
 * availability's minimum of participants (GET/PUT/DELETE
 * /api/admin/availabilities/:cuid/automatic-cancellation); restoring a cancelled registration and
 * replacing its participant.
 */

export const AUTOMATIC_REFUNDS = ["WALLET", "NONE"] as const;
export type AutomaticRefund = (typeof AUTOMATIC_REFUNDS)[number];

/** Hours after an order is placed before an unpaid one is cancelled: one hour to a year. */
export const UNPAID_DELAY_MAX_HOURS = 8760;

export const unpaidCancellationRuleView = z.object({
  /** null: unpaid orders are never cancelled automatically */
  delay_hours: z.int().nullable(),
});
export type UnpaidCancellationRuleView = z.infer<typeof unpaidCancellationRuleView>;

export const unpaidCancellationRuleBody = z.object({
  delay_hours: z
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(UNPAID_DELAY_MAX_HOURS, "TOO_BIG")
    .nullable(),
});
export type UnpaidCancellationRuleBody = z.input<typeof unpaidCancellationRuleBody>;

export const availabilityAutomaticCancellationBody = z.object({
  minimum_participants: z.int("INVALID_TYPE").min(1, "TOO_SMALL").max(10_000, "TOO_BIG"),
  days_before: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(365, "TOO_BIG"),
  refund: z.enum(AUTOMATIC_REFUNDS, "INVALID_TYPE"),
});
export type AvailabilityAutomaticCancellationBody = z.input<
  typeof availabilityAutomaticCancellationBody
>;

export const availabilityAutomaticCancellationView = z.object({
  automatic_cancellation: z
    .object({
      minimum_participants: z.int(),
      days_before: z.int(),
      refund: z.enum(AUTOMATIC_REFUNDS),
      /** when the job decides: the availability's start less `days_before` days */
      deadline: z.string(),
      /** live registrations now */
      registered: z.int(),
      executed_at: z.string().nullable(),
      cancelled_count: z.int().nullable(),
    })
    .nullable(),
});
export type AvailabilityAutomaticCancellationView = z.infer<
  typeof availabilityAutomaticCancellationView
>;

/** POST /api/admin/registrations/:cuid/replace: another participant of the same customer. */
export const adminReplaceParticipantBody = z.object({ participant: cuidValue });
export type AdminReplaceParticipantBody = z.input<typeof adminReplaceParticipantBody>;

/** GET /api/admin/registrations/:cuid/replacements: the customer's other participants. */
export const adminReplacementChoices = z.object({
  data: z.array(
    z.object({ cuid: z.string(), fullname: z.string(), birthdate: z.string().nullable() }),
  ),
});
export type AdminReplacementChoices = z.infer<typeof adminReplacementChoices>;
