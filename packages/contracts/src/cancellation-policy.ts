import { z } from "zod";

/**
 * An activity's cancellation policy as families and staff read it (docs/decisions/0101): until
 * when a family may cancel online and what goes back to them. The default (no policy written)
 * is `{ online_until_hours: 0, refund: "NONE", refund_percentage: 100 }`.
 */
export const CANCELLATION_REFUNDS = ["NONE", "WALLET"] as const;

/** At most a year before the first date. */
export const CANCELLATION_MAX_HOURS = 8760;

export const cancellationPolicyView = z.object({
  /** hours before the first registered date starts; null: never online */
  online_until_hours: z.int().nullable(),
  /** NONE: nothing automatically (the organiser decides); WALLET: a share of what was paid */
  refund: z.enum(CANCELLATION_REFUNDS),
  refund_percentage: z.int(),
});
export type CancellationPolicyView = z.infer<typeof cancellationPolicyView>;
