import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, or null while the server renders and during hydration (the
 * server cannot know the screen). Components render both variants, hidden by CSS, while it is
 * null, then only the one that matches: no flash on phones, and no duplicate controls once the
 * page is interactive.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}

/** storefront.md §9: mobile is at most 600 px wide (1024 px for the activity schedule). */
export const MOBILE_BREAKPOINT = 600;
export const ACTIVITY_SCHEDULE_BREAKPOINT = 1024;

/** `(max-width: 600px)` for a breakpoint. */
export function mobileQuery(breakpoint: number = MOBILE_BREAKPOINT): string {
  return `(max-width: ${breakpoint}px)`;
}

/** true on mobile, false on desktop, null before hydration. */
export function useIsMobile(breakpoint: number = MOBILE_BREAKPOINT): boolean | null {
  return useMediaQuery(mobileQuery(breakpoint));
}
