import type { ImportedActivity } from "./activity-rows.ts";
import type { ImportError } from "./errors.ts";
import { countActions, type ImportAction, type ImportCounts } from "./kind.ts";

/**
 * What importing an activity file would do against the organiser's activities: an activity is
 * matched by its external id, else by its name when the stored one has no other external id.
 * A cell left empty keeps what is stored; a category is added to the activity's categories.
 */

export type ExistingActivity = {
  id: number;
  externalId: string | null;
  title: string;
  description: string;
  ageMinimum: number | null;
  ageMaximum: number | null;
  price: number;
  categoryIds: number[];
};

export type ActivityValues = Omit<ExistingActivity, "id">;

export type PlannedActivity = {
  action: ImportAction;
  id: number | null;
  values: ActivityValues;
};

export type ActivityImportPlan = {
  activities: PlannedActivity[];
  errors: ImportError[];
  summary: { activities: ImportCounts };
};

const nameKey = (title: string) => title.trim().toLowerCase();

function merged(row: ImportedActivity, stored: ExistingActivity | null): ActivityValues {
  const categoryIds = stored?.categoryIds ?? [];
  return {
    externalId: row.externalId ?? stored?.externalId ?? null,
    title: row.title,
    description: row.description ?? stored?.description ?? "",
    ageMinimum: row.ageMinimum ?? stored?.ageMinimum ?? null,
    ageMaximum: row.ageMaximum ?? stored?.ageMaximum ?? null,
    price: row.price ?? stored?.price ?? 0,
    categoryIds:
      row.categoryId === null || categoryIds.includes(row.categoryId)
        ? categoryIds
        : [...categoryIds, row.categoryId],
  };
}

const same = (stored: ExistingActivity, values: ActivityValues) =>
  stored.externalId === values.externalId &&
  stored.title === values.title &&
  stored.description === values.description &&
  stored.ageMinimum === values.ageMinimum &&
  stored.ageMaximum === values.ageMaximum &&
  stored.price === values.price &&
  stored.categoryIds.length === values.categoryIds.length;

/**
 * The plan of an activity import: rows read without errors against the organiser's activities
 * (all of them: a catalogue is small). Two rows naming the same activity are an error.
 */
export function planActivityImport(
  rows: readonly ImportedActivity[],
  existing: readonly ExistingActivity[],
  columnOf: (target: string) => string | null,
): ActivityImportPlan {
  const errors: ImportError[] = [];
  const activities: PlannedActivity[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const byExternalId =
      row.externalId === null ? undefined : existing.find((a) => a.externalId === row.externalId);
    const byName = existing.find(
      (a) =>
        nameKey(a.title) === nameKey(row.title) &&
        (a.externalId === null || row.externalId === null),
    );
    const stored = byExternalId ?? byName ?? null;
    // A row names its activity by its external id, else by its name.
    const keys = [
      stored ? `id:${stored.id}` : null,
      row.externalId === null ? `name:${nameKey(row.title)}` : `external:${row.externalId}`,
    ].filter((key): key is string => key !== null);
    if (keys.some((key) => seen.has(key))) {
      const target = row.externalId === null ? "activity.title" : "activity.external_id";
      errors.push({ line: row.line, column: columnOf(target), code: "DUPLICATE_ROW" });
      continue;
    }
    for (const key of keys) seen.add(key);
    const values = merged(row, stored);
    const action: ImportAction = !stored ? "create" : same(stored, values) ? "unchanged" : "update";
    activities.push({ action, id: stored?.id ?? null, values });
  }
  return {
    activities,
    errors,
    summary: { activities: countActions(activities.map((a) => a.action)) },
  };
}
