import type { ImportedAvailabilityDate } from "./availability-rows.ts";
import type { ImportError } from "./errors.ts";
import { countActions, type ImportAction, type ImportCounts } from "./kind.ts";

/**
 * What importing an availability file would do: its rows grouped by the availability's external
 * id, each group naming one of the organiser's activities (by external id, else by a name no
 * other activity has). An availability already imported is left as it is when the file gives
 * the same dates and settings, and refused otherwise: its registrations make changing it the
 * console's work (decision 0085).
 */

export type ActivityReference = {
  id: number;
  externalId: string | null;
  title: string;
  /** what an availability takes when the file leaves it empty */
  price: number;
};

export type ExistingAvailability = {
  id: number;
  externalId: string;
  activityId: number;
  capacity: number | null;
  price: number;
  locationId: number | null;
  /** ISO instants */
  dates: { startAt: string; endAt: string }[];
};

export type PlannedAvailability = {
  action: Exclude<ImportAction, "update">;
  externalId: string;
  activityId: number;
  capacity: number | null;
  price: number;
  locationId: number | null;
  dates: { startAt: string; endAt: string }[];
};

export type AvailabilityImportPlan = {
  availabilities: PlannedAvailability[];
  errors: ImportError[];
  summary: { availabilities: ImportCounts; dates: ImportCounts };
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The activity a row names by its external id, else by a name no other activity has. */
export function activityOf(
  row: Pick<ImportedAvailabilityDate, "activity">,
  activities: readonly ActivityReference[],
): ActivityReference | null {
  const { externalId, title } = row.activity;
  if (externalId !== null) return activities.find((a) => a.externalId === externalId) ?? null;
  const named = activities.filter((a) => sameName(a.title, title ?? ""));
  return named.length === 1 ? named[0]! : null;
}

/** The one value the group's rows give (empty cells aside), or undefined when they differ. */
function agreed<T>(values: readonly (T | null)[]): T | null | undefined {
  const given = [...new Set(values.filter((value) => value !== null))];
  return given.length > 1 ? undefined : (given[0] ?? null);
}

const byStart = (a: { startAt: string }, b: { startAt: string }) =>
  a.startAt.localeCompare(b.startAt);
const sameDates = (a: PlannedAvailability["dates"], b: ExistingAvailability["dates"]) =>
  a.length === b.length &&
  [...b]
    .sort(byStart)
    .every((date, i) => date.startAt === a[i]!.startAt && date.endAt === a[i]!.endAt);

export function planAvailabilityImport(
  rows: readonly ImportedAvailabilityDate[],
  context: { activities: readonly ActivityReference[]; existing: readonly ExistingAvailability[] },
  columnOf: (target: string) => string | null,
): AvailabilityImportPlan {
  const errors: ImportError[] = [];
  const fail = (line: number, target: string, code: ImportError["code"]) =>
    errors.push({ line, column: columnOf(target), code });
  const groups = new Map<string, ImportedAvailabilityDate[]>();
  for (const row of rows) groups.set(row.externalId, [...(groups.get(row.externalId) ?? []), row]);
  const availabilities: PlannedAvailability[] = [];
  for (const [externalId, group] of groups) {
    const first = group[0]!;
    const activityTarget =
      first.activity.externalId !== null ? "activity.external_id" : "activity.title";
    const activity = activityOf(first, context.activities);
    if (!activity) {
      fail(first.line, activityTarget, "UNKNOWN_ACTIVITY");
      continue;
    }
    const capacity = agreed(group.map((row) => row.capacity));
    const price = agreed(group.map((row) => row.price));
    const locationId = agreed(group.map((row) => row.locationId));
    const otherActivity = group.find(
      (row) => activityOf(row, context.activities)?.id !== activity.id,
    );
    if (
      capacity === undefined ||
      price === undefined ||
      locationId === undefined ||
      otherActivity
    ) {
      fail(first.line, "availability.external_id", "INCONSISTENT_GROUP");
      continue;
    }
    const dates = group.map(({ startAt, endAt }) => ({ startAt, endAt })).sort(byStart);
    const repeated = group.find(
      (row, i) => group.findIndex((r) => r.startAt === row.startAt) !== i,
    );
    if (repeated) {
      fail(repeated.line, "availability.date", "DUPLICATE_ROW");
      continue;
    }
    const planned: PlannedAvailability = {
      action: "create",
      externalId,
      activityId: activity.id,
      capacity: capacity ?? null,
      price: price ?? activity.price,
      locationId: locationId ?? null,
      dates,
    };
    const stored = context.existing.find((a) => a.externalId === externalId);
    if (stored) {
      const same =
        stored.activityId === planned.activityId &&
        stored.capacity === planned.capacity &&
        stored.price === planned.price &&
        stored.locationId === planned.locationId &&
        sameDates(planned.dates, stored.dates);
      if (!same) {
        fail(first.line, "availability.external_id", "ALREADY_IMPORTED_DIFFERENTLY");
        continue;
      }
      planned.action = "unchanged";
    }
    availabilities.push(planned);
  }
  return {
    availabilities,
    errors,
    summary: {
      availabilities: countActions(availabilities.map((a) => a.action)),
      dates: countActions(availabilities.flatMap((a) => a.dates.map(() => a.action))),
    },
  };
}
