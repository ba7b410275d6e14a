// Registration request selection (storefront.md §4 "Registration request selection", §5): a
// parent picks sessions for a tier of the activity's request configuration; the feedback is
// too_few, valid or too_many, worded "fixed" (exactly n sessions) when the tier's minimum and
// maximum are equal, else "interval" (between min and max). The same rule decides on the server
// which tier a request fits.

export type RequestTierBounds = {
  minimum_availabilities: number;
  maximum_availabilities: number;
};

export type RequestSelectionFeedback = "too_few" | "valid" | "too_many";
export type RequestSelectionWording = "fixed" | "interval";

export function requestSelectionFeedback(
  count: number,
  tier: RequestTierBounds,
): RequestSelectionFeedback {
  if (count < tier.minimum_availabilities) return "too_few";
  if (count > tier.maximum_availabilities) return "too_many";
  return "valid";
}

export function requestSelectionWording(tier: RequestTierBounds): RequestSelectionWording {
  return tier.minimum_availabilities === tier.maximum_availabilities ? "fixed" : "interval";
}

/**
 * The validate button: disabled below the minimum or above the maximum (red when above), and an
 * empty selection does nothing even for a tier whose minimum would allow it.
 */
export function requestSelectionButton(
  count: number,
  tier: RequestTierBounds,
): { disabled: boolean; danger: boolean } {
  const feedback = requestSelectionFeedback(count, tier);
  return { disabled: count === 0 || feedback !== "valid", danger: feedback === "too_many" };
}

/**
 * The tier a request of the add call fits (storefront.md §7: the request is repeated as many
 * times as the tier's registrations count): the first, in the configuration's order, whose bounds
 * hold the number of sessions and whose registrations count is the number of repeats.
 */
export function tierForRequest<T extends RequestTierBounds & { registrations: number }>(
  tiers: readonly T[],
  request: { availabilities: number; repeats: number },
): T | null {
  return (
    tiers.find(
      (tier) =>
        tier.registrations === request.repeats &&
        requestSelectionFeedback(request.availabilities, tier) === "valid",
    ) ?? null
  );
}
