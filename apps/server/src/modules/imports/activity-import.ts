import type { TenantTx } from "@booking/db";
import {
  ACTIVITY_REQUIRED_TARGETS,
  ACTIVITY_TARGETS,
  type ActivityImportPlan,
  activityMappingProblems,
  columnOfTarget,
  guessActivityMapping,
  planActivityImport,
  readActivityRow,
  readImportRows,
} from "@booking/domain";
import {
  findCategoryNames,
  findExistingActivities,
  insertActivities,
  linkActivityCategories,
  updateImportedActivity,
} from "./activity-queries.ts";
import { type ImportKindHandler, withPlanErrors } from "./kind-check.ts";

/** Writes a plan without errors: new activities at once, then the changes and category links. */
async function applyActivityPlan(
  tx: TenantTx,
  organiserId: number,
  plan: ActivityImportPlan,
): Promise<void> {
  const created = plan.activities.filter((activity) => activity.action === "create");
  const ids = await insertActivities(
    tx,
    organiserId,
    created.map((activity) => activity.values),
  );
  const idOf = new Map(created.map((activity, index) => [activity, ids[index]!]));
  for (const activity of plan.activities) {
    if (activity.action === "update") {
      await updateImportedActivity(tx, organiserId, activity.id!, activity.values);
    }
  }
  await linkActivityCategories(
    tx,
    organiserId,
    plan.activities.flatMap((activity) =>
      activity.action === "unchanged"
        ? []
        : activity.values.categoryIds.map((categoryId) => ({
            activityId: activity.id ?? idOf.get(activity)!,
            categoryId,
          })),
    ),
  );
}

/** Activities of the catalogue: name, category, description, ages, price, external id. */
export const activityImport: ImportKindHandler = {
  async targets() {
    return {
      keys: [...ACTIVITY_TARGETS],
      required: [...ACTIVITY_REQUIRED_TARGETS],
      titles: new Map(),
      guess: guessActivityMapping,
    };
  },
  async check({ db, organiser }, upload) {
    const problems = activityMappingProblems(upload.mapping);
    if (problems) return { problems, errors: [], plan: null };
    const categories = await findCategoryNames(db, organiser.id);
    const { rows, errors } = readImportRows({ ...upload, rows: upload.rows ?? [] }, (input) =>
      readActivityRow(input, { categories }),
    );
    const plan = planActivityImport(
      rows,
      await findExistingActivities(db, organiser.id),
      columnOfTarget(upload),
    );
    return withPlanErrors(null, errors, plan, {
      summary: plan.summary,
      apply: () => applyActivityPlan(db, organiser.id, plan),
    });
  },
};
