import { type Instant, isInFuture, toInstant } from "../instants.ts";

/**
 * When a registration's document can be downloaded (platform-and-account.md §3.5 "Document"
 * settings, §4 "Registration"):
 * - a cancelled registration has no documents at all (state CANCELLED);
 * - the payment requirement is met when the paid amount reaches the registration's deposit
 *   (DEPOSIT) or its total (TOTAL); no requirement is always met;
 * - the date requirement is reached once the availability's start (AVAILABILITY_START) or end
 *   (AVAILABILITY_END) has passed — an instant that is exactly now has passed, as everywhere in
 *   this package; no requirement is always reached;
 * - otherwise the document is UNAVAILABLE with what stands in the way: the amount still owed
 *   (minor units, above 0) and/or the instant from which the date requirement is reached. Both
 *   are given when both stand in the way.
 */

export const DOCUMENT_PAYMENT_REQUIREMENTS = ["DEPOSIT", "TOTAL"] as const;
export type DocumentPaymentRequirement = (typeof DOCUMENT_PAYMENT_REQUIREMENTS)[number];

export const DOCUMENT_DATE_REQUIREMENTS = ["AVAILABILITY_START", "AVAILABILITY_END"] as const;
export type DocumentDateRequirement = (typeof DOCUMENT_DATE_REQUIREMENTS)[number];

export type DocumentRequirements = {
  payment_requirement: DocumentPaymentRequirement | null;
  date_requirement: DocumentDateRequirement | null;
};

/** What the rule needs to know of a registration (amounts in minor units). */
export type DocumentRegistration = {
  cancelled: boolean;
  deposit_amount: number;
  total_amount: number;
  paid_amount: number;
  availability: { start_at: Instant; end_at: Instant };
};

export type DocumentAvailability =
  | { state: "AVAILABLE" }
  | {
      state: "UNAVAILABLE";
      /** what is still to pay to meet the payment requirement; null when it is met */
      amount_owed: number | null;
      /** from when the date requirement is reached; null when it already is */
      available_from: Date | null;
    }
  | { state: "CANCELLED" };

/** The amount the payment requirement asks for, in minor units (0 without a requirement). */
export function requiredPayment(
  requirement: DocumentPaymentRequirement | null,
  registration: Pick<DocumentRegistration, "deposit_amount" | "total_amount">,
): number {
  switch (requirement) {
    case "DEPOSIT":
      return Math.max(0, registration.deposit_amount);
    case "TOTAL":
      return Math.max(0, registration.total_amount);
    default:
      return 0;
  }
}

/** The instant the date requirement waits for; null without a requirement. */
export function requiredDate(
  requirement: DocumentDateRequirement | null,
  availability: DocumentRegistration["availability"],
): Date | null {
  switch (requirement) {
    case "AVAILABILITY_START":
      return toInstant(availability.start_at);
    case "AVAILABILITY_END":
      return toInstant(availability.end_at);
    default:
      return null;
  }
}

/** Whether (and why not) a document of `requirements` can be downloaded for `registration`. */
export function documentAvailability(
  requirements: DocumentRequirements,
  registration: DocumentRegistration,
  now: Date,
): DocumentAvailability {
  if (registration.cancelled) return { state: "CANCELLED" };
  const owed =
    requiredPayment(requirements.payment_requirement, registration) -
    Math.max(0, registration.paid_amount);
  const date = requiredDate(requirements.date_requirement, registration.availability);
  const amountOwed = owed > 0 ? owed : null;
  const availableFrom = date !== null && isInFuture(date, now) ? date : null;
  if (amountOwed === null && availableFrom === null) return { state: "AVAILABLE" };
  return { state: "UNAVAILABLE", amount_owed: amountOwed, available_from: availableFrom };
}
