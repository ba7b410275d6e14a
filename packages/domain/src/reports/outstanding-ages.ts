// How long what customers owe has been owed, in the treasury report's bands.

export const OUTSTANDING_AGES = ["0-30", "31-60", "61+"] as const;
export type OutstandingAge = (typeof OUTSTANDING_AGES)[number];

/** The band of a debt owed for `days` whole days (a debt of today is 0 days old). */
export function outstandingAgeOf(days: number): OutstandingAge {
  if (days <= 30) return "0-30";
  return days <= 60 ? "31-60" : "61+";
}
