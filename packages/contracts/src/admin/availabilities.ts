import { z } from "zod";
import { AVAILABILITY_DATE_STATUSES, AVAILABILITY_STATUSES } from "../catalogue.ts";
import { isInstant } from "../catalogue-queries.ts";
import { calendarDate, listEnvelope } from "../common.ts";
import { ageYears, cuidValue, moneyAmount } from "./catalogue-fields.ts";
import { adminListQuery, checkListRange, listCuid, listDay, listSort } from "./list-query.ts";

/**
 * Availabilities in the console (/api/admin/availabilities): the dated sessions of an activity
 * with their dates, capacity, prices and registration window. Capacity counts places per date
 * (null: unlimited). FULL is never sent: it follows the places (domain `availability-fill.ts`).
 * Instants are ISO 8601 with an offset, answered in the organiser's time zone; a schedule's days
 * and times are local to that zone.
 */

/** An ISO 8601 date-time with an offset (`Z` included). */
export const instantValue = z
  .string("INVALID_TYPE")
  .trim()
  .max(40, "TOO_LONG")
  .refine(isInstant, "INVALID_DATE");

/** Places per date; null means unlimited. */
export const capacityValue = z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(100_000, "TOO_BIG");

const issue = (context: z.RefinementCtx, path: string, message: string) =>
  context.addIssue({ code: "custom", message, path: [path] });

const after = (start: string, end: string) => Date.parse(end) > Date.parse(start);

/** One date: it ends after it starts (END_NOT_AFTER_START on `end_at`). */
export const dateFields = z
  .object({ start_at: instantValue, end_at: instantValue })
  .superRefine((date, context) => {
    if (!after(date.start_at, date.end_at)) issue(context, "end_at", "END_NOT_AFTER_START");
  });

const settingsShape = {
  /** a location's cuid */
  location: cuidValue.nullable().default(null),
  capacity: capacityValue.nullable(),
  price: moneyAmount,
  deposit: moneyAmount.default(0),
  registrations_start_at: instantValue.nullable().default(null),
  registrations_end_at: instantValue.nullable().default(null),
  age_minimum: ageYears.nullable().default(null),
  age_maximum: ageYears.nullable().default(null),
  /** categories' cuids */
  categories: z.array(cuidValue).max(100, "TOO_BIG").default([]),
};

type Settings = z.output<z.ZodObject<typeof settingsShape>>;

/** The rules between settings: deposit within the price, window and ages in order. */
function checkSettings(settings: Settings, context: z.RefinementCtx): void {
  if (settings.deposit > settings.price) issue(context, "deposit", "DEPOSIT_ABOVE_PRICE");
  const { registrations_start_at: opens, registrations_end_at: closes } = settings;
  if (opens && closes && !after(opens, closes)) {
    issue(context, "registrations_end_at", "END_NOT_AFTER_START");
  }
  const { age_minimum: youngest, age_maximum: oldest } = settings;
  if (youngest !== null && oldest !== null && oldest < youngest) {
    issue(context, "age_maximum", "TOO_SMALL");
  }
}

/** PUT /api/admin/availabilities/:cuid: its settings (dates and status have their own calls). */
export const availabilitySettingsBody = z.object(settingsShape).superRefine(checkSettings);
export type AvailabilitySettingsBody = z.input<typeof availabilitySettingsBody>;

/** The status a new availability starts with: OPEN, or CLOSED to prepare it quietly. */
export const NEW_AVAILABILITY_STATUSES = ["OPEN", "CLOSED"] as const;

const newAvailabilityShape = {
  ...settingsShape,
  /** the activity's cuid */
  activity: cuidValue,
  status: z.enum(NEW_AVAILABILITY_STATUSES).default("OPEN"),
};

export const MAX_AVAILABILITY_DATES = 500;

/** POST /api/admin/availabilities: a new availability with its dates given one by one. */
export const createAvailabilityBody = z
  .object({
    ...newAvailabilityShape,
    dates: z.array(dateFields).min(1, "REQUIRED").max(MAX_AVAILABILITY_DATES, "TOO_BIG"),
  })
  .superRefine(checkSettings);
export type CreateAvailabilityBody = z.input<typeof createAvailabilityBody>;

/**
 * A weekly schedule (domain `generateScheduleDates`): ISO weekdays (1 Monday … 7 Sunday), slots
 * "HH:MM"–"HH:MM", local days `from`–`to` included, holidays skipped as day ranges. The
 * generator checks the values and answers their codes by field (`schedule.slots.0.end`
 * END_NOT_AFTER_START, `schedule.dates` NO_DATES…); the time zone is the organiser's.
 */
export const scheduleBody = z.object({
  from: z.string("INVALID_TYPE").trim().max(10, "INVALID_DATE"),
  to: z.string("INVALID_TYPE").trim().max(10, "INVALID_DATE"),
  weekdays: z.array(z.int("INVALID_WEEKDAY")).max(7, "TOO_BIG"),
  slots: z
    .array(
      z.object({
        start: z.string("INVALID_TYPE").trim().max(5, "INVALID_TIME"),
        end: z.string("INVALID_TYPE").trim().max(5, "INVALID_TIME"),
      }),
    )
    .max(24, "TOO_BIG"),
  skip: z
    .array(
      z.object({
        from: z.string("INVALID_TYPE").trim().max(10, "INVALID_DATE"),
        to: z.string("INVALID_TYPE").trim().max(10, "INVALID_DATE"),
      }),
    )
    .max(50, "TOO_BIG")
    .default([]),
});
export type ScheduleBody = z.input<typeof scheduleBody>;

/** POST /api/admin/availabilities/schedules: a new availability whose dates a schedule gives. */
export const createScheduledAvailabilityBody = z
  .object({ ...newAvailabilityShape, schedule: scheduleBody })
  .superRefine(checkSettings);
export type CreateScheduledAvailabilityBody = z.input<typeof createScheduledAvailabilityBody>;

/** POST /api/admin/availabilities/schedule/preview: the dates a schedule gives, saving nothing. */
export const schedulePreview = z.object({
  dates: z.array(z.object({ start_at: z.string(), end_at: z.string() })),
  count: z.int(),
  /** local days of the schedule's weekdays that its holidays leave out */
  skipped_days: z.array(z.string()),
});
export type SchedulePreview = z.infer<typeof schedulePreview>;

/** POST /api/admin/availabilities/:cuid/dates; the capacity defaults to the availability's. */
export const createDateBody = z
  .object({
    start_at: instantValue,
    end_at: instantValue,
    capacity: capacityValue.nullable().optional(),
  })
  .superRefine((date, context) => {
    if (!after(date.start_at, date.end_at)) issue(context, "end_at", "END_NOT_AFTER_START");
  });
export type CreateDateBody = z.input<typeof createDateBody>;

/** PUT /api/admin/availabilities/:cuid/dates/:date: FULL follows the places, CLOSED stays. */
export const updateDateBody = z
  .object({
    start_at: instantValue,
    end_at: instantValue,
    capacity: capacityValue.nullable(),
    status: z.enum(["OPEN", "CLOSED"]),
  })
  .superRefine((date, context) => {
    if (!after(date.start_at, date.end_at)) issue(context, "end_at", "END_NOT_AFTER_START");
  });
export type UpdateDateBody = z.input<typeof updateDateBody>;

/** POST /api/admin/availabilities/:cuid/duplicate: the copy's first date is on `first_day`. */
export const duplicateAvailabilityBody = z.object({ first_day: calendarDate });
export type DuplicateAvailabilityBody = z.input<typeof duplicateAvailabilityBody>;

export const availabilityDateParams = z.object({ cuid: cuidValue, date: cuidValue });

export const AVAILABILITY_SORT_KEYS = ["start_at", "activity", "created_at"] as const;

/**
 * GET /api/admin/availabilities and /api/admin/activities/:cuid/availabilities: `q` searches the
 * activity's title, `from`/`to` keep the availabilities that run on some day of that period
 * (local days, both included).
 */
export const adminAvailabilitiesQuery = adminListQuery
  .extend({
    activity: listCuid,
    status: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(AVAILABILITY_STATUSES, { error: "INVALID_CHOICE" }).optional(),
    ),
    from: listDay,
    to: listDay,
    /** "mine": those the logged-in collaborator is assigned to (decision 0055) */
    staff: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["mine"], { error: "INVALID_CHOICE" }).optional(),
    ),
    sort: listSort(AVAILABILITY_SORT_KEYS, "start_at"),
  })
  .superRefine(checkListRange("from", "to"));
export type AdminAvailabilitiesQuery = z.input<typeof adminAvailabilitiesQuery>;

const reference = z.object({ cuid: z.string(), title: z.string() });

export const adminDateView = z.object({
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(AVAILABILITY_DATE_STATUSES),
  capacity: z.int().nullable(),
  registered: z.int(),
  /** places held by live carts */
  held: z.int(),
});
export type AdminDateView = z.infer<typeof adminDateView>;

export const adminAvailabilityListItem = z.object({
  cuid: z.string(),
  status: z.enum(AVAILABILITY_STATUSES),
  activity: reference,
  location: reference.nullable(),
  start_at: z.string(),
  end_at: z.string(),
  dates_count: z.int(),
  capacity: z.int().nullable(),
  registered: z.int(),
  price: z.int(),
  deposit: z.int(),
  registrations_start_at: z.string().nullable(),
  registrations_end_at: z.string().nullable(),
});
export type AdminAvailabilityListItem = z.infer<typeof adminAvailabilityListItem>;
export const adminAvailabilityList = listEnvelope(adminAvailabilityListItem);
export type AdminAvailabilityList = z.infer<typeof adminAvailabilityList>;

/** The list of one activity: its availabilities and the activity itself. */
export const adminActivityAvailabilityList = adminAvailabilityList.extend({ activity: reference });
export type AdminActivityAvailabilityList = z.infer<typeof adminActivityAvailabilityList>;

export const categoryChoice = reference.extend({ group: reference });

export const adminAvailabilityView = adminAvailabilityListItem.extend({
  age_minimum: z.int().nullable(),
  age_maximum: z.int().nullable(),
  categories: z.array(categoryChoice),
  dates: z.array(adminDateView),
  /** the lowest capacity it can be given: the most places taken on one date */
  minimum_capacity: z.int(),
  /** its registrations, cancelled ones included: with any, it cannot be deleted */
  registrations_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAvailabilityView = z.infer<typeof adminAvailabilityView>;

/** GET /api/admin/availabilities/choices: what the availability forms offer to pick. */
export const adminAvailabilityFormChoices = z.object({
  activities: z.array(
    reference.extend({
      default_price: z.int(),
      default_deposit: z.int(),
      default_capacity: z.int().nullable(),
      age_minimum: z.int().nullable(),
      age_maximum: z.int().nullable(),
      /** the activity's categories' cuids, which a new availability starts with */
      categories: z.array(z.string()),
    }),
  ),
  locations: z.array(reference),
  categories: z.array(categoryChoice),
  /** named weekly patterns the schedule generator fills its weekdays and slots from (0093) */
  date_configurations: z.array(
    z.object({
      cuid: z.string(),
      name: z.string(),
      weekdays: z.array(z.int()),
      slots: z.array(z.object({ start: z.string(), end: z.string() })),
    }),
  ),
});
export type AdminAvailabilityFormChoices = z.infer<typeof adminAvailabilityFormChoices>;
