// Age groups of the participation report (docs/decisions/0084-reports.md): a participant's age
// in whole years on the day of the session, in the bands schools and camps use.

export const AGE_GROUPS = ["0-5", "6-8", "9-11", "12-14", "15-17", "18+", "unknown"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

const UPPER_BOUNDS: ReadonlyArray<[number, AgeGroup]> = [
  [5, "0-5"],
  [8, "6-8"],
  [11, "9-11"],
  [14, "12-14"],
  [17, "15-17"],
];

/** The group of an age in whole years; null (no birthdate) or negative: unknown. */
export function ageGroupOf(years: number | null): AgeGroup {
  if (years === null || years < 0 || !Number.isFinite(years)) return "unknown";
  for (const [bound, group] of UPPER_BOUNDS) if (years <= bound) return group;
  return "18+";
}
