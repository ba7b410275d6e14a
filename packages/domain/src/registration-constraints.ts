/**
 * Registration constraints of an activity (platform-and-account.md §3.2 and §5; decision
 * docs/decisions/0062-registration-constraints.md): "at most 2 camps per child in July", "at
 * least 3 sessions", "one site per weekday". Pure rules, no I/O: the server gives a participant's
 * registrations of the activity — the confirmed ones and the cart's — and gets the violations.
 *
 * How a constraint counts, for ONE participant and ONE activity:
 * 1. A registration's dates are kept when their local day (organiser's time zone) lies within the
 *    period (`period.start` ≤ day, day ≤ `period.end`, each optional), and with scope `future`
 *    only when they start after now. A registration with no date kept does not count.
 * 2. The kept dates are grouped by the scope: none or `future` one group; `same.date` the local
 *    day; `same.time` the local day and start time; `same.weekday` the ISO weekday; `same.period`
 *    the organiser's calendar period containing the day (a date outside every period counts in
 *    none). A registration counts once in each group where it has a kept date.
 * 3. A group's measure: `registrations.count` its distinct registrations, `locations.count` its
 *    distinct locations (a registration without location adds none).
 * 4. Only groups holding a CANDIDATE registration (one in the cart) are judged: confirmed
 *    registrations alone never block a purchase, even past a constraint added later.
 * 5. `minimum` kinds need measure ≥ value (operator gte), `maximum` kinds measure ≤ value (lte).
 *    A single add cannot judge a minimum (the rest of the cart may follow): `stage: "add"` judges
 *    maximum kinds only, `stage: "checkout"` all of them.
 * An `optional` constraint is advice: its violations are reported with `blocking: false`.
 */

import { type Instant, instantTime, toInstant } from "./instants.ts";
import { isoWeekday, localDateTime, localDay } from "./zoned-time.ts";

export const REGISTRATION_CONSTRAINT_KINDS = [
  "registrations.count.minimum",
  "registrations.count.maximum",
  "locations.count.minimum",
  "locations.count.maximum",
] as const;
export type RegistrationConstraintKind = (typeof REGISTRATION_CONSTRAINT_KINDS)[number];

export const REGISTRATION_CONSTRAINT_SCOPES = [
  "same.date",
  "same.time",
  "same.weekday",
  "same.period",
  "future",
] as const;
export type RegistrationConstraintScope = (typeof REGISTRATION_CONSTRAINT_SCOPES)[number];

/** The largest count a constraint may name (a guard against typing mistakes). */
export const REGISTRATION_CONSTRAINT_MAX_VALUE = 1000;

export type RegistrationConstraint = {
  id: number;
  kind: RegistrationConstraintKind;
  /** The count compared with (gte for minimum kinds, lte for maximum kinds). */
  value: number;
  scope: RegistrationConstraintScope | null;
  /** Local days "YYYY-MM-DD", each bound included, each optional. */
  period: { start: string | null; end: string | null };
  optional: boolean;
};

export type ConstrainedRegistration = {
  /** Identifies the registration or cart item (the violation names the candidate ones). */
  key: string;
  participantId: number;
  locationId: number | null;
  /** Start instants of its dates. */
  dates: readonly Instant[];
  /** In the cart being added to or checked out (judged), rather than confirmed already. */
  candidate: boolean;
};

/** An organiser's calendar period (school holidays…), days included. */
export type ConstraintCalendarPeriod = { id: number; start: string; end: string };

export type ConstraintStage = "add" | "checkout";

export type ConstraintViolation<C extends RegistrationConstraint = RegistrationConstraint> = {
  constraint: C;
  participantId: number;
  /** The group judged: null for a constraint without grouping scope, else its key. */
  group: string | null;
  /** The group's measure (registrations or locations). */
  measure: number;
  /** The candidate registrations in the group, by key. */
  candidates: string[];
  /** false for an optional constraint: shown as advice, never refused. */
  blocking: boolean;
};

export type ConstraintCheckInput<C extends RegistrationConstraint = RegistrationConstraint> = {
  constraints: readonly C[];
  /** Registrations of the constraints' activity (any participants; cancelled ones left out). */
  registrations: readonly ConstrainedRegistration[];
  stage: ConstraintStage;
  now: Date;
  timeZone: string;
  /** The organiser's calendar periods, needed by `same.period`. */
  periods?: readonly ConstraintCalendarPeriod[];
};

export const isMaximumKind = (kind: RegistrationConstraintKind) => kind.endsWith(".maximum");

/** The violations of the constraints by these registrations, in constraint then group order. */
export function checkRegistrationConstraints<C extends RegistrationConstraint>(
  input: ConstraintCheckInput<C>,
): ConstraintViolation<C>[] {
  const judged = input.constraints.filter(
    (constraint) => input.stage === "checkout" || isMaximumKind(constraint.kind),
  );
  const byParticipant = new Map<number, ConstrainedRegistration[]>();
  for (const registration of input.registrations) {
    const list = byParticipant.get(registration.participantId) ?? [];
    list.push(registration);
    byParticipant.set(registration.participantId, list);
  }
  const violations: ConstraintViolation<C>[] = [];
  for (const constraint of judged) {
    for (const [participantId, registrations] of [...byParticipant].sort((a, b) => a[0] - b[0])) {
      if (!registrations.some((registration) => registration.candidate)) continue;
      for (const group of groupRegistrations(constraint, registrations, input)) {
        const measure = measureOf(constraint.kind, group.registrations);
        if (fits(constraint, measure)) continue;
        violations.push({
          constraint,
          participantId,
          group: group.key,
          measure,
          candidates: group.registrations.filter((r) => r.candidate).map((r) => r.key),
          blocking: !constraint.optional,
        });
      }
    }
  }
  return violations;
}

/** Whether a measure satisfies the constraint: gte for minimum kinds, lte for maximum kinds. */
export function fits(constraint: Pick<RegistrationConstraint, "kind" | "value">, measure: number) {
  return isMaximumKind(constraint.kind) ? measure <= constraint.value : measure >= constraint.value;
}

function measureOf(
  kind: RegistrationConstraintKind,
  registrations: readonly ConstrainedRegistration[],
): number {
  if (kind.startsWith("registrations.")) return registrations.length;
  const locations = registrations
    .map((registration) => registration.locationId)
    .filter((id): id is number => id !== null);
  return new Set(locations).size;
}

type Group = { key: string | null; registrations: ConstrainedRegistration[] };

/** The groups of rule 2 that hold a candidate, sorted by key; each registration once per group. */
function groupRegistrations(
  constraint: RegistrationConstraint,
  registrations: readonly ConstrainedRegistration[],
  input: ConstraintCheckInput,
): Group[] {
  const groups = new Map<string | null, Map<string, ConstrainedRegistration>>();
  for (const registration of registrations) {
    for (const date of registration.dates) {
      if (!dateCounts(constraint, date, input)) continue;
      for (const key of groupKeys(constraint.scope, date, input)) {
        const members = groups.get(key) ?? new Map<string, ConstrainedRegistration>();
        members.set(registration.key, registration);
        groups.set(key, members);
      }
    }
  }
  return [...groups]
    .map(([key, members]) => ({ key, registrations: [...members.values()] }))
    .filter((group) => group.registrations.some((registration) => registration.candidate))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

/** Rule 1: within the period, and after now for scope `future`. */
function dateCounts(
  constraint: RegistrationConstraint,
  date: Instant,
  input: Pick<ConstraintCheckInput, "now" | "timeZone">,
): boolean {
  const { start, end } = constraint.period;
  if (start !== null || end !== null) {
    const day = localDay(date, input.timeZone);
    if (start !== null && day < start) return false;
    if (end !== null && day > end) return false;
  }
  return constraint.scope !== "future" || instantTime(date) > input.now.getTime();
}

function groupKeys(
  scope: RegistrationConstraintScope | null,
  date: Instant,
  input: Pick<ConstraintCheckInput, "timeZone" | "periods">,
): Array<string | null> {
  switch (scope) {
    case null:
    case "future":
      return [null];
    case "same.date":
      return [localDay(date, input.timeZone)];
    case "same.time": {
      const local = localDateTime(toInstant(date), input.timeZone);
      const time = `${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`;
      return [`${localDay(date, input.timeZone)}T${time}`];
    }
    case "same.weekday":
      return [String(isoWeekday(date, input.timeZone))];
    case "same.period": {
      const day = localDay(date, input.timeZone);
      return (input.periods ?? [])
        .filter((period) => period.start <= day && day <= period.end)
        .map((period) => `period:${period.id}`);
    }
  }
}
