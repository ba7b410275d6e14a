import {
  AVAILABILITY_REQUIRED_TARGETS,
  AVAILABILITY_TARGETS,
  type AvailabilityImportPlan,
  availabilityMappingProblems,
  columnOfTarget,
  type ExistingActivity,
  guessAvailabilityMapping,
  planAvailabilityImport,
  readAvailabilityRow,
  readImportRows,
} from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import { insertAvailabilityWithDates } from "../availabilities/availability-records.ts";
import { findExistingActivities } from "./activity-queries.ts";
import {
  findImportedAvailabilities,
  findLocationNames,
  setAvailabilityExternalId,
} from "./availability-queries.ts";
import { type ImportKindHandler, withPlanErrors } from "./kind-check.ts";

/**
 * Writes the new availabilities through the availabilities' own writer (period from the dates,
 * categories none, the activity's ages), open, with their external id.
 */
async function applyAvailabilityPlan(
  context: ConsoleContext,
  plan: AvailabilityImportPlan,
  activities: readonly ExistingActivity[],
): Promise<void> {
  for (const planned of plan.availabilities) {
    if (planned.action !== "create") continue;
    const activity = activities.find((a) => a.id === planned.activityId)!;
    const availability = await insertAvailabilityWithDates(context, {
      activityId: planned.activityId,
      status: "OPEN",
      settings: {
        columns: {
          locationId: planned.locationId,
          capacity: planned.capacity,
          price: planned.price,
          deposit: 0,
          registrationsStartAt: null,
          registrationsEndAt: null,
          ageMinimum: activity.ageMinimum,
          ageMaximum: activity.ageMaximum,
        },
        categoryIds: [],
      },
      dates: planned.dates.map((date) => ({
        startAt: new Date(date.startAt),
        endAt: new Date(date.endAt),
        capacity: planned.capacity,
        status: "OPEN",
      })),
    });
    await setAvailabilityExternalId(
      context.db,
      context.organiser.id,
      availability.id,
      planned.externalId,
    );
  }
}

/** Availabilities with their dates: one row per date, grouped by the availability's id. */
export const availabilityImport: ImportKindHandler = {
  async targets() {
    return {
      keys: [...AVAILABILITY_TARGETS],
      required: [...AVAILABILITY_REQUIRED_TARGETS],
      titles: new Map(),
      guess: guessAvailabilityMapping,
    };
  },
  async check(context, upload) {
    const { db, organiser } = context;
    const problems = availabilityMappingProblems(upload.mapping);
    if (problems) return { problems, errors: [], plan: null };
    const rowContext = {
      locations: await findLocationNames(db, organiser.id),
      timeZone: organiser.timezone,
    };
    const { rows, errors } = readImportRows({ ...upload, rows: upload.rows ?? [] }, (input) =>
      readAvailabilityRow(input, rowContext),
    );
    const activities = await findExistingActivities(db, organiser.id);
    const existing = await findImportedAvailabilities(db, organiser.id, [
      ...new Set(rows.map((row) => row.externalId)),
    ]);
    const plan = planAvailabilityImport(rows, { activities, existing }, columnOfTarget(upload));
    return withPlanErrors(null, errors, plan, {
      summary: plan.summary,
      apply: () => applyAvailabilityPlan(context, plan, activities),
    });
  },
};
