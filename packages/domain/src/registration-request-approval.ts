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
 * The sessions an approval registers when staff choose none. A request made through a tier
 * stands for one place (the storefront repeats it as many times as the tier's registrations
 * count, decision 0060): the first session, in the customer's order of preference, the
 * participant is not registered on yet (`taken`: the availabilities where they already are, e.g.
 * by the approval of a twin request) and that has room; else the first not taken (the approval
 * then names it as full); else the first. A request without a tier asks for every session it
 * names.
 */
export function defaultApprovalChoice<A extends { availability: number }>(
  requested: readonly A[],
  throughTier: boolean,
  taken: ReadonlySet<number>,
  hasRoom: (session: A) => boolean = () => true,
): A[] {
  if (!throughTier) return [...requested];
  const open = requested.filter((session) => !taken.has(session.availability));
  const chosen = open.find(hasRoom) ?? open[0] ?? requested[0];
  return chosen === undefined ? [] : [chosen];
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
  participant: number;
  throughTier: boolean;
  /** the requested sessions in preference order: a key, the availability, the dates it needs */
  sessions: ReadonlyArray<{ key: string; availability: number; dateIds: readonly number[] }>;
};

export type PlanLine<K> = {
  key: K;
  outcome: "approve" | "full" | "not_selectable";
  /** the sessions it registers (would register) */
  sessions: string[];
  /** the session that stops it (not approved) */
  blocking: string | null;
};

/**
 * The bulk approval's plan: the requests in the order given (request time), each with its
 * default sessions (`defaultApprovalChoice`, counting what the plan already gave the same
 * participant), approved when every date of those sessions is selectable (OPEN, not started, a
 * place left counting those this plan already gave), its places then counted as taken;
 * otherwise `full` (a date has no place left) or `not_selectable` (closed, started, or unknown),
 * naming the first session that stops it. Nothing is approved in part. `taken`: the
 * availabilities each participant is already registered on.
 */
export function planBulkApproval<K>(
  requests: readonly PlanRequest<K>[],
  dates: readonly PlanDate[],
  taken: ReadonlyMap<number, ReadonlySet<number>>,
  now: Date,
): PlanLine<K>[] {
  const placesTaken = new Map<number, number>();
  const given = new Map<number, Set<number>>(
    [...taken].map(([participant, availabilities]) => [participant, new Set(availabilities)]),
  );
  const byId = new Map(dates.map((date) => [date.id, date]));
  return requests.map((request) => {
    const own = given.get(request.participant) ?? new Set<number>();
    const selectable = (dateId: number) => {
      const date = byId.get(dateId);
      return (
        date !== undefined &&
        isDateSelectable(
          { ...date, registered: date.registered + (placesTaken.get(dateId) ?? 0) },
          now,
        )
      );
    };
    const sessions = defaultApprovalChoice(request.sessions, request.throughTier, own, (session) =>
      session.dateIds.every(selectable),
    );
    const keys = sessions.map((session) => session.key);
    for (const session of sessions) {
      for (const dateId of session.dateIds) {
        const date = byId.get(dateId);
        const counted = date && {
          ...date,
          registered: date.registered + (placesTaken.get(dateId) ?? 0),
        };
        if (!counted || !isDateSelectable(counted, now)) {
          const full =
            counted !== undefined &&
            counted.status !== "CLOSED" &&
            counted.capacity !== null &&
            counted.registered >= counted.capacity;
          return {
            key: request.key,
            outcome: full ? "full" : "not_selectable",
            sessions: keys,
            blocking: session.key,
          };
        }
      }
    }
    for (const session of sessions) {
      for (const dateId of session.dateIds) {
        placesTaken.set(dateId, (placesTaken.get(dateId) ?? 0) + 1);
      }
      own.add(session.availability);
    }
    given.set(request.participant, own);
    return { key: request.key, outcome: "approve", sessions: keys, blocking: null };
  });
}
