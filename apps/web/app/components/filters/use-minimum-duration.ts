import { useEffect, useRef, useState } from "react";

/** storefront.md §9: a loading indicator stays at least 350 ms once shown. */
export const LOADING_MIN_DURATION = 350;

/**
 * `active`, held true for at least `minimum` ms after it turns on, so that a quick reload does not
 * flash the indicator for a frame.
 */
export function useMinimumDuration(active: boolean, minimum = LOADING_MIN_DURATION): boolean {
  const [shown, setShown] = useState(active);
  const since = useRef<number | null>(active ? Date.now() : null);

  useEffect(() => {
    if (active) {
      if (since.current === null) since.current = Date.now();
      setShown(true);
      return;
    }
    if (since.current === null) return;
    const remaining = minimum - (Date.now() - since.current);
    if (remaining <= 0) {
      since.current = null;
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => {
      since.current = null;
      setShown(false);
    }, remaining);
    return () => window.clearTimeout(timer);
  }, [active, minimum]);

  return active || shown;
}
