/**
 * Rules of staff's answer to registration requests (platform-and-account.md §2.3, §4; issue 15
 * §1): which of the requested sessions an approval registers by default, how a price set for
 * the whole request is shared among them, and the plan of a bulk approval (requests in order of
 * request time, each approved while every date it needs has a place left). Decision record:
 * docs/decisions/0061-registration-request-approval.md.
 */

import type { AvailabilityDateStatus } from "./availability.ts";
import { isDateSelectable } from "./availability-dates.ts";
import type { Instant } from "./instants.ts";
import { allocateLargestRemainder } from "./pricing/rounding.ts";

/**
 * The sessions an approval registers when staff choose none: the tier's count of them in the
 * customer's order of preference, or every requested session when the request has no tier.
 */
export function defaultApprovalChoice<A>(
  requested: readonly A[],
  tierRegistrations: number | null,
): A[] {
  return tierRegistrations === null ? [...requested] : requested.slice(0, tierRegistrations);
}

/**
 * A price set for the whole request shared among its places in proportion to what the
 * storefront charges for each (largest remainder: the shares add up to `total`); in equal parts
 * when the storefront charges nothing for any.
 */
export function shareApprovedTotal(total: number, storefrontPrices: readonly number[]): number[] {
  if (storefrontPrices.length === 0) return [];
  const weighted = storefrontPrices.some((price) => price > 0);
  return allocateLargestRemainder(
    total,
    weighted ? storefrontPrices : storefrontPrices.map(() => 1),
  );
}

export type PlanDate = {
  id: number;
  status: AvailabilityDateStatus;
  start_at: Instant;
  capacity: number | null;
  /** registrations and live holds */
  registered: number;
};

export type PlanRequest<K> = {
  key: K;
  /** per session it would register: its key and the dates it needs */
  sessions: ReadonlyArray<{ key: string; dateIds: readonly number[] }>;
};

export type PlanLine<K> = {
  key: K;
  outcome: "approve" | "full" | "not_selectable";
  /** the session that stops it (not approved) */
  blocking: string | null;
};

/**
 * The bulk approval's plan: the requests in the order given (request time), each approved when
 * every date of every session it needs is selectable (OPEN, not started, a place left counting
 * those this plan already gave), its places then counted as taken; otherwise `full` (a date has
 * no place left) or `not_selectable` (closed, started, or unknown), naming the first session
 * that stops it. Nothing is approved in part.
 */
export function planBulkApproval<K>(
  requests: readonly PlanRequest<K>[],
  dates: readonly PlanDate[],
  now: Date,
): PlanLine<K>[] {
  const taken = new Map<number, number>();
  const byId = new Map(dates.map((date) => [date.id, date]));
  return requests.map((request) => {
    for (const session of request.sessions) {
      for (const dateId of session.dateIds) {
        const date = byId.get(dateId);
        const counted = date && { ...date, registered: date.registered + (taken.get(dateId) ?? 0) };
        if (!counted || !isDateSelectable(counted, now)) {
          const full =
            counted !== undefined &&
            counted.status !== "CLOSED" &&
            counted.capacity !== null &&
            counted.registered >= counted.capacity;
          return {
            key: request.key,
            outcome: full ? "full" : "not_selectable",
            blocking: session.key,
          };
        }
      }
    }
    for (const session of request.sessions) {
      for (const dateId of session.dateIds) taken.set(dateId, (taken.get(dateId) ?? 0) + 1);
    }
    return { key: request.key, outcome: "approve", blocking: null };
  });
}
