/**
 * Date selection of an availability (storefront.md §4 "Dates") and of a registration edit
 * (platform-and-account.md §4 "Registration edit", §5 "Registration edit").
 *
 * Time convention (see `instants.ts`): timestamps are `Date`s or ISO 8601 strings with an offset,
 * `now` is a `Date`; a date "in the past or now" has `start_at <= now`.
 */

import { type AvailabilityDateStatus, type CapacityCount, hasFreePlaces } from "./availability.ts";
import { hasPassed, type Instant, instantTime } from "./instants.ts";

export type DateId = number | string;

/** What the date rules need of an availability date. */
export type SelectableDate<Id extends DateId = DateId> = CapacityCount & {
  id: Id;
  status: AvailabilityDateStatus;
  start_at: Instant;
};

/**
 * Whether a customer may pick `date`: status OPEN, no capacity limit or free places
 * (registered < capacity, so capacity 0 is never selectable), and a start strictly after `now`.
 */
export function isDateSelectable(date: SelectableDate, now: Date): boolean {
  return date.status === "OPEN" && hasFreePlaces(date) && !hasPassed(date.start_at, now);
}

/** `dates` sorted by start (stable: equal starts keep their order); a new array. */
export function sortByStart<D extends { start_at: Instant }>(dates: readonly D[]): D[] {
  return dates
    .map((date, index) => ({ date, index, time: instantTime(date.start_at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ date }) => date);
}

/** The default selection: ids of every selectable date ({@link isDateSelectable}), by start. */
export function defaultDateSelection<D extends SelectableDate>(
  dates: readonly D[],
  now: Date,
): D["id"][] {
  return sortByStart(dates.filter((date) => isDateSelectable(date, now))).map((date) => date.id);
}

/**
 * The dates left out of the selection, sorted by start: the ones shown struck through in the
 * alert. Every date whose id is not in `selectedIds` counts, selectable or not.
 */
export function unchosenDates<D extends { id: DateId; start_at: Instant }>(
  dates: readonly D[],
  selectedIds: Iterable<D["id"]>,
): D[] {
  const selected = new Set<DateId>(selectedIds);
  return sortByStart(dates.filter((date) => !selected.has(date.id)));
}

/**
 * The dates offered to a customer: when eligible for partial registrations the past dates
 * (`start_at <= now`, i.e. already started) are dropped, otherwise all are kept. Order is kept;
 * always a new array.
 */
export function excludePastDatesForPartial<D extends { start_at: Instant }>(
  dates: readonly D[],
  now: Date,
  eligibleForPartial: boolean,
): D[] {
  if (!eligibleForPartial) return [...dates];
  return dates.filter((date) => !hasPassed(date.start_at, now));
}

/**
 * A date's checkbox on the registration edit page:
 * - `selectable`: may be ticked or unticked — a date not started yet that is already registered
 *   (whatever its status or capacity now), or that is OPEN with free places;
 * - `locked_selected`: ticked and cannot change — already registered and already started;
 * - `locked_unselected`: unticked and cannot change — not registered, and either started, not
 *   OPEN, or without free places.
 */
export type DateEditState = "selectable" | "locked_selected" | "locked_unselected";

/** The {@link DateEditState} of `date` at `now`, given the dates the registration holds. */
export function dateEditState<D extends SelectableDate>(
  date: D,
  now: Date,
  registeredDateIds: Iterable<D["id"]>,
): DateEditState {
  const registered = new Set<DateId>(registeredDateIds).has(date.id);
  if (hasPassed(date.start_at, now)) return registered ? "locked_selected" : "locked_unselected";
  if (registered) return "selectable";
  return date.status === "OPEN" && hasFreePlaces(date) ? "selectable" : "locked_unselected";
}

/** Whether the customer may change `date` on the registration edit page. */
export function isDateSelectableForEdit<D extends SelectableDate>(
  date: D,
  now: Date,
  registeredDateIds: Iterable<D["id"]>,
): boolean {
  return dateEditState(date, now, registeredDateIds) === "selectable";
}

/** The edit page's initial selection: the registered dates, by start. */
export function initialEditSelection<D extends SelectableDate>(
  dates: readonly D[],
  registeredDateIds: Iterable<D["id"]>,
): D["id"][] {
  const registered = new Set<DateId>(registeredDateIds);
  return sortByStart(dates.filter((date) => registered.has(date.id))).map((date) => date.id);
}

/**
 * A problem with a registration edit's selected dates:
 * - `required`: no date selected (at least one must remain; error on availability_dates);
 * - `unknown_date`: a selected id is not a date of the availability;
 * - `locked`: a started date was added or removed;
 * - `unavailable`: a date not registered yet was added though it is not OPEN or has no room.
 */
export type EditSelectionIssue =
  | { code: "required" }
  | { code: "unknown_date"; dateId: DateId }
  | { code: "locked"; dateId: DateId }
  | { code: "unavailable"; dateId: DateId };

/**
 * Checks a registration edit's new selection against the rules above; an empty list means it is
 * valid. Duplicated ids count once. Issues come in the order: required, then per date by start
 * (locked, unavailable), then unknown ids in the order given.
 */
export function editSelectionIssues<D extends SelectableDate>(
  dates: readonly D[],
  now: Date,
  registeredDateIds: Iterable<D["id"]>,
  selectedIds: Iterable<D["id"]>,
): EditSelectionIssue[] {
  const registered = new Set<DateId>(registeredDateIds);
  const selected = new Set<DateId>(selectedIds);
  const issues: EditSelectionIssue[] = [];
  if (selected.size === 0) issues.push({ code: "required" });
  for (const date of sortByStart(dates)) {
    const state = dateEditState(date, now, registered);
    const isSelected = selected.has(date.id);
    if (state === "locked_selected" && !isSelected) {
      issues.push({ code: "locked", dateId: date.id });
    } else if (state === "locked_unselected" && isSelected) {
      issues.push(
        hasPassed(date.start_at, now)
          ? { code: "locked", dateId: date.id }
          : { code: "unavailable", dateId: date.id },
      );
    }
  }
  const known = new Set<DateId>(dates.map((date) => date.id));
  for (const id of selected) {
    if (!known.has(id)) issues.push({ code: "unknown_date", dateId: id });
  }
  return issues;
}
