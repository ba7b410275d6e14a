import { type RefObject, useEffect } from "react";

/**
 * A row of tabs wider than the screen scrolls sideways: the current tab (`aria-current="page"`)
 * is centred in it whenever `current` changes, so a phone shows where the reader is.
 */
export function useCurrentTabInView(strip: RefObject<HTMLElement | null>, current: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on each tab, whose link it finds
  useEffect(() => {
    const row = strip.current;
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !tab) return;
    row.scrollLeft = tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
}
