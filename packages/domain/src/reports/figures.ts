// Rates, comparisons and roll-ups of report figures (docs/decisions/0084-reports.md).

/** `part / whole` rounded to 4 decimals (a percentage with two), or null when whole is 0. */
export function rate(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

export type AttendanceCounts = { present: number; absent: number; excused: number };
export type AttendanceRates = {
  present: number | null;
  absent: number | null;
  excused: number | null;
};

/**
 * Each attendance status over the attendances recorded: a place whose attendance was not taken
 * (yet) says nothing about who came.
 */
export function attendanceRates(counts: AttendanceCounts): AttendanceRates {
  const recorded = counts.present + counts.absent + counts.excused;
  return {
    present: rate(counts.present, recorded),
    absent: rate(counts.absent, recorded),
    excused: rate(counts.excused, recorded),
  };
}

export type Comparison = {
  current: number;
  previous: number;
  /** current − previous */
  change: number;
  /** the change over the previous figure; null when the previous one is 0 */
  change_rate: number | null;
};

/** A figure against the previous period's. */
export function compare(current: number, previous: number): Comparison {
  const change = current - previous;
  return { current, previous, change, change_rate: previous === 0 ? null : rate(change, previous) };
}

type NumericKeys<Row> = { [K in keyof Row]: Row[K] extends number ? K : never }[keyof Row];

/**
 * Rows merged by `key` (first appearance order), their `sums` fields added up and the other
 * fields kept from the first row of each key.
 */
export function rollUp<Row extends object, K extends NumericKeys<Row>>(
  rows: readonly Row[],
  key: (row: Row) => string,
  sums: readonly K[],
): Row[] {
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const id = key(row);
    const into = merged.get(id);
    if (!into) {
      merged.set(id, { ...row });
      continue;
    }
    for (const field of sums) {
      (into[field] as number) = (into[field] as number) + (row[field] as number);
    }
  }
  return [...merged.values()];
}

/** The sum of one numeric field over rows. */
export function total<Row>(rows: readonly Row[], value: (row: Row) => number): number {
  let sum = 0;
  for (const row of rows) sum += value(row);
  return sum;
}
