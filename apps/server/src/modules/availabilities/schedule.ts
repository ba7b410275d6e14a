import type { SchedulePreview, scheduleBody } from "@booking/contracts";
import { type GeneratedDate, generateScheduleDates, skippedScheduleDays } from "@booking/domain";
import type { z } from "zod";
import { validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";

export type ScheduleInput = z.output<typeof scheduleBody>;

/**
 * The dates of a weekly schedule in the organiser's time zone, or a VALIDATION_ERROR whose
 * fields are the generator's codes under `prefix` (`schedule.slots.0.end`: END_NOT_AFTER_START).
 * The time zone is not the caller's to give: a `timezone` error names the organiser's setting.
 */
export function scheduleDates(
  context: ConsoleContext,
  schedule: ScheduleInput,
  prefix = "",
): GeneratedDate[] {
  const result = generateScheduleDates({ ...schedule, timezone: context.organiser.timezone });
  if (result.ok) return result.dates;
  throw validationError(
    Object.fromEntries(
      Object.entries(result.fields).map(([path, code]) => [`${prefix}${path}`, code]),
    ),
  );
}

/** POST /api/admin/availabilities/schedule/preview: the dates, and the holidays' days left out. */
export function previewSchedule(context: ConsoleContext, schedule: ScheduleInput): SchedulePreview {
  const dates = scheduleDates(context, schedule);
  return { dates, count: dates.length, skipped_days: skippedScheduleDays(schedule) };
}
