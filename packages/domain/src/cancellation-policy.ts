import { hasPassed, type Instant, instantTime } from "./instants.ts";

// An activity's cancellation policy (docs/decisions/0101): until when a family may cancel a
// registration online, and what goes back to them. Staff cancellations are not bound by it.

export const CANCELLATION_REFUNDS = ["NONE", "WALLET"] as const;
export type CancellationRefund = (typeof CANCELLATION_REFUNDS)[number];

/** At most a year before the first date. */
export const CANCELLATION_MAX_HOURS = 8760;

export type CancellationPolicy = {
  /** hours before the first registered date starts; null: never online */
  online_until_hours: number | null;
  /** NONE: nothing automatically (the organiser decides, as before 0101); WALLET: a share */
  refund: CancellationRefund;
  /** the share of what was paid credited to the wallet with WALLET, 0 to 100 */
  refund_percentage: number;
};

/** No policy written: until the first date starts, no automatic refund (decision 0015). */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  online_until_hours: 0,
  refund: "NONE",
  refund_percentage: 100,
};

/** Why a family's online cancellation is refused by the policy; null when it is allowed. */
export type CancellationPolicyRefusal = "not_online" | "deadline_passed";

const HOUR = 3_600_000;

/** The last instant a family may cancel online (null: never online). */
export function cancellationDeadline(policy: CancellationPolicy, firstStart: Instant): Date | null {
  if (policy.online_until_hours === null) return null;
  return new Date(instantTime(firstStart) - policy.online_until_hours * HOUR);
}

/**
 * Whether the policy lets a family cancel online at `now`: never when it is not online, and
 * not from the deadline on (the deadline itself is too late, as a date that starts now has
 * started).
 */
export function cancellationPolicyRefusal(
  policy: CancellationPolicy,
  firstStart: Instant,
  now: Date,
): CancellationPolicyRefusal | null {
  const deadline = cancellationDeadline(policy, firstStart);
  if (deadline === null) return "not_online";
  return hasPassed(deadline, now) ? "deadline_passed" : null;
}

/**
 * What a family's cancellation credits to their wallet, in cents: the policy's share of what
 * was paid, rounded down to the cent (a family never gets more than the share it was shown).
 */
export function cancellationRefundAmount(policy: CancellationPolicy, paid: number): number {
  if (policy.refund !== "WALLET" || paid <= 0) return 0;
  return Math.floor((paid * policy.refund_percentage) / 100);
}

/**
 * A family's actions with the policy applied to cancelling: a cancel the registration's own
 * state allows (not cancelled, not started) may still be refused by the policy.
 */
export function withCancellationPolicy<Refusal extends string>(
  actions: { cancel: Refusal | null; edit: Refusal | null; review: Refusal | null },
  policy: CancellationPolicy,
  firstStart: Instant,
  now: Date,
): {
  cancel: Refusal | CancellationPolicyRefusal | null;
  edit: Refusal | null;
  review: Refusal | null;
} {
  if (actions.cancel !== null) return actions;
  return { ...actions, cancel: cancellationPolicyRefusal(policy, firstStart, now) };
}
