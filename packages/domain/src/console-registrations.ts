/**
 * Rules of the console's registrations (issue 6 item 5; docs/decisions/0024-console-registrations.md):
 * the pricing of a place registered by hand or transferred, a registration's payment state in
 * the lists, what a refund may give back, and the state of a waiting-list entry.
 *
 * Time convention (see `instants.ts`): `now` is passed in; an instant `<= now` has passed.
 */

import { partAmountDue } from "./account-payments.ts";
import { hasPassed, type Instant } from "./instants.ts";
import type { AmountOrPercentage, PlacePricing } from "./pricing/registration.ts";

export type PlaceTerms = {
  /** the availability's price and deposit of one place */
  price: number;
  deposit: number;
  /** the activity sells some of the dates (`settings.partial_registrations`) */
  partial: boolean;
  /** dates chosen, and the availability's dates selectable now (partial registration only) */
  chosenDates: number;
  selectableDates: number;
  /** the chosen option prices */
  options: readonly AmountOrPercentage[];
};

/**
 * The pricing of one place as the storefront's add prices it (docs/decisions/0009): the
 * availability's price and deposit, prorated k / n over the selectable dates when the activity
 * sells dates partially (never more than all of them), and the chosen options.
 */
export function placePricing(terms: PlaceTerms): PlacePricing {
  return {
    price: terms.price,
    deposit: terms.deposit,
    dates: terms.partial
      ? {
          chosen: terms.chosenDates,
          selectable: Math.max(terms.selectableDates, terms.chosenDates),
        }
      : null,
    partial: terms.partial ? {} : null,
    options: [...terms.options],
  };
}

/**
 * A place whose price the organiser set by hand: `price` for the place, options included, with
 * the deposit it had (never above the price). Bundles and volume discounts still apply to it, as
 * to any place.
 */
export function overriddenPlacePricing(place: PlacePricing, price: number): PlacePricing {
  return { price, deposit: Math.min(place.deposit ?? 0, price), dates: null, partial: null };
}

export type RegistrationPaymentState = "outstanding" | "settled" | "free";

/**
 * outstanding: something is still owed (never for a cancelled registration); free: it costs
 * nothing; settled: it costs something and nothing more is owed.
 */
export function registrationPaymentState(registration: {
  total: number;
  paid: number;
  cancelled: boolean;
}): RegistrationPaymentState {
  if (partAmountDue(registration) > 0) return "outstanding";
  return registration.total === 0 ? "free" : "settled";
}

/** Why a refund of `amount` is refused (above what was paid), or null. */
export function refundRefusal(amount: number, paid: number): "REFUND_ABOVE_PAID" | null {
  return amount > Math.max(0, paid) ? "REFUND_ABOVE_PAID" : null;
}

export type WaitingListState = "waiting" | "offered" | "expired" | "registered";

/**
 * registered: the participant holds a live registration on the availability; offered: a place is
 * held for them until `offer_expires_at`, still ahead; expired: that claim window passed;
 * waiting: never offered.
 */
export function waitingListState(
  entry: { offer_expires_at: Instant | null; registered: boolean },
  now: Date,
): WaitingListState {
  if (entry.registered) return "registered";
  if (entry.offer_expires_at === null) return "waiting";
  return hasPassed(entry.offer_expires_at, now) ? "expired" : "offered";
}

/** The end of a claim window of `hours` opened at `now`. */
export function claimWindowEnd(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3600_000);
}
