import type { AdminAvailabilityView, availabilitySettingsBody } from "@booking/contracts";
import { filledAvailabilityStatus, filledDateStatus } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { availabilityCategoryLink, replaceLinkedCategories } from "../categories/category-links.ts";
import { categoryIdsByCuid } from "../categories/console-queries.ts";
import {
  type AvailabilityRow,
  countCommitments,
  type DateRow,
  findAvailability,
  findLocationId,
  findReferences,
  insertAvailability,
  insertDates,
  listCategories,
  listDates,
  setDateStatus,
  updateAvailability,
} from "./console-queries.ts";
import { availabilityAudit, availabilityView } from "./console-views.ts";

// What the availability services share: finding one, turning settings into columns, writing a
// new one with its dates, keeping statuses and period in line with the dates, and its view.

export type SettingsInput = z.output<typeof availabilitySettingsBody>;

export async function requireAvailability(
  context: ConsoleContext,
  cuid: string,
): Promise<AvailabilityRow> {
  const availability = await findAvailability(context.db, context.organiser.id, cuid, {
    lock: true,
  });
  if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");
  return availability;
}

/** The settings as columns; a location or category of nobody's (or another's) is INVALID_CHOICE. */
export async function resolveSettings(
  context: ConsoleContext,
  input: SettingsInput,
): Promise<ResolvedSettings> {
  const organiserId = context.organiser.id;
  const locationId = input.location
    ? await findLocationId(context.db, organiserId, input.location)
    : null;
  const categoryIds = await categoryIdsByCuid(context.db, organiserId, input.categories);
  const fields: Record<string, string> = {};
  if (input.location && locationId === null) fields.location = "INVALID_CHOICE";
  input.categories.forEach((cuid, index) => {
    if (!categoryIds.has(cuid)) fields[`categories.${index}`] = "INVALID_CHOICE";
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return {
    columns: {
      locationId,
      capacity: input.capacity,
      price: input.price,
      deposit: input.deposit,
      registrationsStartAt: instantOrNull(input.registrations_start_at),
      registrationsEndAt: instantOrNull(input.registrations_end_at),
      ageMinimum: input.age_minimum,
      ageMaximum: input.age_maximum,
    },
    categoryIds: [...new Set(categoryIds.values())],
  };
}
export type ResolvedSettings = {
  columns: Pick<
    AvailabilityRow,
    | "locationId"
    | "capacity"
    | "price"
    | "deposit"
    | "registrationsStartAt"
    | "registrationsEndAt"
    | "ageMinimum"
    | "ageMaximum"
  >;
  categoryIds: number[];
};

export const instantOrNull = (at: string | null) => (at === null ? null : new Date(at));

export type NewDate = Pick<DateRow, "startAt" | "endAt" | "capacity" | "status">;

/** Dates of a schedule or a form as rows: the availability's capacity, CLOSED with it. */
export function newDates(
  dates: readonly { start_at: string; end_at: string }[],
  capacity: number | null,
  status: AvailabilityRow["status"],
): NewDate[] {
  return dates.map((date) => ({
    startAt: new Date(date.start_at),
    endAt: new Date(date.end_at),
    capacity,
    status: status === "CLOSED" ? "CLOSED" : "OPEN",
  }));
}

/**
 * Writes a new availability of `activityId` with its dates and categories; its period is the
 * span of the dates (at least one), FULL follows the places.
 */
export async function insertAvailabilityWithDates(
  context: ConsoleContext,
  input: {
    activityId: number;
    resourceId?: number | null;
    status: "OPEN" | "CLOSED";
    settings: ResolvedSettings;
    dates: NewDate[];
  },
): Promise<AvailabilityRow> {
  const organiserId = context.organiser.id;
  const times = input.dates.flatMap((date) => [date.startAt.getTime(), date.endAt.getTime()]);
  const availability = await insertAvailability(context.db, {
    organiserId,
    activityId: input.activityId,
    resourceId: input.resourceId ?? null,
    status: input.status,
    startAt: new Date(Math.min(...times)),
    endAt: new Date(Math.max(...times)),
    ...input.settings.columns,
  });
  await insertDates(
    context.db,
    input.dates.map((date) => ({ ...date, organiserId, availabilityId: availability.id })),
  );
  await replaceLinkedCategories(
    context.db,
    availabilityCategoryLink,
    organiserId,
    availability.id,
    input.settings.categoryIds,
  );
  return settle(context, availability);
}

/**
 * Brings the stored statuses and period in line with the dates after a change: each date FULL
 * or OPEN as its places say, the availability FULL when every date is, its start and end the
 * span of its dates. Answers the availability as it now is.
 */
export async function settle(
  context: ConsoleContext,
  availability: AvailabilityRow,
): Promise<AvailabilityRow> {
  const rows = await listDates(context.db, context.organiser.id, availability.id, new Date());
  const dates = rows.map(({ date }) => ({ ...date, status: filledDateStatus(date) }));
  for (const status of ["OPEN", "FULL"] as const) {
    const changed = dates.filter(
      (date, index) => date.status === status && rows[index]!.date.status !== status,
    );
    await setDateStatus(
      context.db,
      context.organiser.id,
      changed.map((date) => date.id),
      status,
    );
  }
  const next = {
    status: filledAvailabilityStatus(availability.status, dates),
    startAt: dates.length > 0 ? earliest(dates.map((date) => date.startAt)) : availability.startAt,
    endAt: dates.length > 0 ? latest(dates.map((date) => date.endAt)) : availability.endAt,
  };
  const changed =
    next.status !== availability.status ||
    next.startAt.getTime() !== availability.startAt.getTime() ||
    next.endAt.getTime() !== availability.endAt.getTime();
  if (!changed) return availability;
  await updateAvailability(context.db, availability.id, next);
  return { ...availability, ...next };
}

const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/** The console's view of an availability, read again whole (dates, holds, categories). */
export async function loadView(
  context: ConsoleContext,
  availability: AvailabilityRow,
): Promise<AdminAvailabilityView> {
  const organiserId = context.organiser.id;
  // One after the other: the statements share the tenant transaction's connection.
  const references = await findReferences(context.db, availability);
  const dates = await listDates(context.db, organiserId, availability.id, new Date());
  const categories = await listCategories(context.db, organiserId, availability.id);
  const commitments = await countCommitments(context.db, organiserId, availability.id);
  return availabilityView(
    availability,
    { references, dates, categories, registrationsCount: commitments.registrations },
    context.organiser.timezone,
  );
}

/** The audit fields of an availability, its categories read from the database. */
export async function auditSnapshot(context: ConsoleContext, availability: AvailabilityRow) {
  const categories = await listCategories(context.db, context.organiser.id, availability.id);
  return availabilityAudit(
    availability,
    categories.map((category) => category.cuid),
  );
}
