import { parseCalendarDate } from "@booking/domain";

/**
 * The filters of a console list's URL as its API call takes them. A value the API would refuse
 * (typed by hand, or kept in a bookmark) is dropped rather than failing the page.
 */
export function listParams(url: URL) {
  const raw = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  return {
    text(name: string, max = 100): string | undefined {
      const value = raw(name);
      return value && value.length <= max ? value : undefined;
    },
    flag(name: string): "true" | "false" | undefined {
      const value = raw(name);
      return value === "true" || value === "false" ? value : undefined;
    },
    day(name: string): string | undefined {
      const value = raw(name);
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) ? value : undefined;
    },
    count(name: string, max: number): string | undefined {
      const value = raw(name);
      return /^\d{1,3}$/.test(value) && Number(value) <= max ? value : undefined;
    },
  };
}

/** `from` and `to` of a range, `to` dropped when it comes before `from` (the API refuses it). */
export function orderedRange<T extends string>(
  from: T | undefined,
  to: T | undefined,
  numeric = false,
) {
  if (from === undefined || to === undefined) return { from, to };
  const backwards = numeric ? Number(to) < Number(from) : to < from;
  return { from, to: backwards ? undefined : to };
}
