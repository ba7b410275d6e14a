/**
 * Which customer bundle pays for which registration place (storefront.md §3 "Bundle",
 * platform-and-account.md "Customer bundle": capacity, used, expires_at, participant). See the
 * rules in `index.ts` ("BUNDLE COVERAGE") and docs/decisions/0009-cart-pricing.md.
 */

/** A customer bundle that may pay for registrations: one already bought, or one in the cart. */
export type CoverageBundle<K> = {
  /** What the caller knows the bundle by; returned as is. */
  key: K;
  /** The activities whose registrations it pays for. */
  activity_ids: readonly number[];
  /** The participant it belongs to (bundle entity PARTICIPANTS); null: any of the customer's. */
  participant_id: number | null;
  /** Registrations it can still pay for (capacity − used); null is unlimited. */
  remaining: number | null;
  /** End of validity; null is none. A bundle is valid while `expires_at > now`. */
  expires_at: Date | null;
};

/** One registration place (a cart item of type REGISTRATION is one place). */
export type CoveragePlace<P> = {
  key: P;
  activity_id: number;
  participant_id: number;
};

function covers<K>(bundle: CoverageBundle<K>, place: CoveragePlace<unknown>, now: Date): boolean {
  return (
    (bundle.remaining === null || bundle.remaining > 0) &&
    (bundle.expires_at === null || bundle.expires_at.getTime() > now.getTime()) &&
    (bundle.participant_id === null || bundle.participant_id === place.participant_id) &&
    bundle.activity_ids.includes(place.activity_id)
  );
}

/** Earliest end of validity first (none last), then the caller's order. */
function byExpiry<K>(
  a: { bundle: CoverageBundle<K>; index: number },
  b: { bundle: CoverageBundle<K>; index: number },
): number {
  const ta = a.bundle.expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
  const tb = b.bundle.expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
  return ta === tb ? a.index - b.index : ta < tb ? -1 : 1;
}

/**
 * Gives each place, in the order given, the first bundle that covers it — valid at `now`, for the
 * place's activity and participant, with room left — taking the bundle ending first (none last;
 * then the order of `bundles`), and uses one of that bundle's registrations. Places with no
 * such bundle are absent from the result. Pure: `bundles` is not modified.
 *
 * Throws RangeError for a `remaining` that is not an integer of at least 0.
 */
export function allocateBundleCoverage<P, K>(
  places: readonly CoveragePlace<P>[],
  bundles: readonly CoverageBundle<K>[],
  now: Date,
): Map<P, K> {
  const pool = bundles
    .map((bundle, index) => {
      if (
        bundle.remaining !== null &&
        (!Number.isSafeInteger(bundle.remaining) || bundle.remaining < 0)
      ) {
        throw new RangeError(
          `Bundle remaining must be an integer of at least 0: ${bundle.remaining}`,
        );
      }
      return { bundle: { ...bundle }, index };
    })
    .sort(byExpiry);
  const coverage = new Map<P, K>();
  for (const place of places) {
    const chosen = pool.find((entry) => covers(entry.bundle, place, now));
    if (!chosen) continue;
    if (chosen.bundle.remaining !== null) chosen.bundle.remaining -= 1;
    coverage.set(place.key, chosen.bundle.key);
  }
  return coverage;
}
