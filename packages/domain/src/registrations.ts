/**
 * A customer's registration in the account area (platform-and-account.md §2.3, §4, §5): its list
 * badges, what the customer may still do with it (cancel, edit, review) and the price of an edit.
 * Decision record: docs/decisions/0015-account-registrations.md.
 *
 * Time convention (see `instants.ts`): `now` is passed in; an instant `<= now` has passed.
 */

import { hasPassed, type Instant, instantTime } from "./instants.ts";
import { paymentBadge } from "./payment-badge.ts";
import {
  type AmountOrPercentage,
  estimateRegistration,
  type PlacePricing,
} from "./pricing/registration.ts";

/** The badges of a registration in the account lists, each with its colour in the spec. */
export type RegistrationListBadge =
  /** yellow: total above paid */
  | "outstanding"
  /** green: total above 0 and paid */
  | "complete"
  /** red */
  | "cancelled"
  /** blue: a customer bundle paid for it */
  | "bundle";

export type RegistrationBadgeInput = {
  total_amount: number;
  paid_amount: number;
  cancelled: boolean;
  bundle_id: number | null;
};

/**
 * The list badges, in display order: the payment badge (outstanding when total > paid, complete
 * when total > 0 and paid, none when the total is 0), cancelled, bundle. A cancelled registration
 * shows no payment badge: nothing is asked for it any more (what was paid is settled by the
 * organiser), and a yellow "outstanding" beside "cancelled" would invite a payment.
 */
export function registrationListBadges(
  registration: RegistrationBadgeInput,
): RegistrationListBadge[] {
  const badges: RegistrationListBadge[] = [];
  if (registration.cancelled) {
    badges.push("cancelled");
  } else {
    const payment = paymentBadge({
      total: registration.total_amount,
      paid: registration.paid_amount,
    });
    if (payment) badges.push(payment.kind === "complete" ? "complete" : "outstanding");
  }
  if (registration.bundle_id !== null) badges.push("bundle");
  return badges;
}

/**
 * When a registration starts: its first registered date, or the availability's start when it
 * holds no date.
 */
export function registrationStart(
  registeredDates: ReadonlyArray<{ start_at: Instant }>,
  availabilityStart: Instant,
): Date {
  const times = registeredDates.map((date) => instantTime(date.start_at));
  return new Date(times.length > 0 ? Math.min(...times) : instantTime(availabilityStart));
}

/** Why an action on a registration is refused; null when it is allowed. */
export type RegistrationRefusal = "cancelled" | "started" | "ended" | "not_started";

export type RegistrationState = {
  cancelled: boolean;
  /** dates the registration holds */
  registered_dates: ReadonlyArray<{ start_at: Instant }>;
  /** every date of its availability */
  availability_dates: ReadonlyArray<{ start_at: Instant }>;
  availability_start_at: Instant;
};

export type RegistrationActions = {
  /** cancel (platform-and-account.md §2.3 cancel page): not cancelled, not started */
  cancel: RegistrationRefusal | null;
  /** edit dates, options, questions: not cancelled, a date of the availability still ahead */
  edit: RegistrationRefusal | null;
  /** write or change the review: not cancelled, its first date started */
  review: RegistrationRefusal | null;
};

/**
 * What the customer may still do with a registration at `now`:
 * - cancel: refused once cancelled, or once it has started (its first date, see
 *   {@link registrationStart}, has passed): the places of a started registration were used;
 * - edit: refused once cancelled, or when every date of the availability has started (every
 *   date is then locked, see `dateEditState`; "ended");
 * - review: refused once cancelled, and until it has started ("not_started": one reviews what
 *   one attended); allowed during and after the activity.
 */
export function registrationActions(state: RegistrationState, now: Date): RegistrationActions {
  if (state.cancelled) return { cancel: "cancelled", edit: "cancelled", review: "cancelled" };
  const started = hasPassed(
    registrationStart(state.registered_dates, state.availability_start_at),
    now,
  );
  const dateAhead = state.availability_dates.some((date) => !hasPassed(date.start_at, now));
  return {
    cancel: started ? "started" : null,
    edit: dateAhead ? null : "ended",
    review: started ? null : "not_started",
  };
}

/** The scores a review offers, from 5 down to 1 (platform-and-account.md §5, §9). */
export const REVIEW_SCORES = [5, 4, 3, 2, 1] as const;
export type ReviewScore = (typeof REVIEW_SCORES)[number];

/**
 * The review form's public switch: on for a new review, the opposite of `private` for an
 * existing one, and locked (disabled) once a review exists.
 */
export function reviewVisibility(review: { private: boolean } | null): {
  public: boolean;
  locked: boolean;
} {
  return review ? { public: !review.private, locked: true } : { public: true, locked: false };
}

export type RegistrationEditPricing = {
  /** the registration's total before the edit (its share of coupon and discounts included) */
  total: number;
  /** the pricing of its place as it stands (as bought, or after the last edit) */
  place: PlacePricing;
  /** a customer bundle pays for the place (`bundle_id`) */
  covered: boolean;
  /** number of dates after the edit (at least 1) */
  chosenDates: number;
  /** the chosen option prices after the edit, each per place */
  options: readonly AmountOrPercentage[];
};

export type RegistrationEditPrice = {
  total: number;
  deposit: number;
  /** total after − total before (negative when the edit makes it cheaper) */
  difference: number;
  /** the place's pricing after the edit: what the next edit starts from */
  place: PlacePricing;
};

/**
 * The price of a registration after an edit of its dates or options (docs/decisions/0015): the
 * place is estimated by `estimateRegistration` before and after the edit with the same base
 * (price, deposit and partial-registration configuration as bought), and the total moves by the
 * difference. The discounts the registration received (coupon share, volume discount) are thus
 * kept as they were, and only what the edit changes is charged or taken off.
 *
 * Dates matter only with partial registration (`place.partial` not null): k chosen dates of the
 * n that were selectable when it was bought cost price × k / n; choosing more dates than n (a
 * date that was full then) is priced as all of them. Without partial registration the place is
 * sold whole whatever its dates. A bundle that paid for the place covers its price after the
 * edit too; options stay due.
 *
 * total = max(0, total before + after − before); deposit = min(deposit after, total).
 */
export function priceRegistrationEdit(input: RegistrationEditPricing): RegistrationEditPrice {
  const { place, covered } = input;
  const bundle = covered ? { remaining: 1 } : null;
  const before = estimateRegistration({ ...place, quantity: 1, bundle });
  let dates: PlacePricing["dates"] = null;
  if (place.partial) {
    const chosen = input.chosenDates;
    const selectable = Math.max(place.dates?.selectable ?? chosen, chosen);
    dates = { chosen, selectable };
  }
  const after: PlacePricing = {
    price: place.price,
    deposit: place.deposit ?? 0,
    dates,
    partial: place.partial ?? null,
    options: [...input.options],
  };
  const estimate = estimateRegistration({ ...after, quantity: 1, bundle });
  const total = Math.max(0, input.total + estimate.price - before.price);
  return {
    total,
    deposit: Math.min(estimate.deposit, total),
    difference: total - input.total,
    place: after,
  };
}
