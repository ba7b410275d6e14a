import {
  type AdminAvailabilityView,
  type createDateBody,
  MAX_AVAILABILITY_DATES,
  type updateDateBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { reschedulePending } from "../notifications/scheduling-service.ts";
import { loadView, newDates, requireAvailability, settle } from "./availability-records.ts";
import {
  type AvailabilityRow,
  countDateRegistrations,
  type DateRow,
  deleteDate,
  findDate,
  insertDates,
  listDates,
  updateDate,
} from "./console-queries.ts";
import { dateAudit } from "./console-views.ts";
import { type ScheduleInput, scheduleDates } from "./schedule.ts";

// The dates of an availability one by one, or generated from a schedule onto an existing one.
// Every change ends with `settle`: statuses follow the places, the period spans the dates.

async function requireDate(
  context: ConsoleContext,
  availability: AvailabilityRow,
  cuid: string,
): Promise<DateRow> {
  const date = await findDate(context.db, context.organiser.id, availability.id, cuid);
  if (!date) throw new AppError("AVAILABILITY_DATE_NOT_FOUND");
  return date;
}

/** Its dates, each with the places live carts hold on it. */
async function datesOf(context: ConsoleContext, availability: AvailabilityRow) {
  return listDates(context.db, context.organiser.id, availability.id, new Date());
}

function refuseTooMany(existing: number, added: number): void {
  if (existing + added > MAX_AVAILABILITY_DATES) throw validationError({ dates: "TOO_MANY_DATES" });
}

export const dateConsole = {
  /** One more date; its capacity is the availability's unless given. */
  async add(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof createDateBody>,
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    refuseTooMany((await datesOf(context, availability)).length, 1);
    const capacity = input.capacity === undefined ? availability.capacity : input.capacity;
    const [date] = await insertDates(
      context.db,
      newDates([input], capacity, availability.status).map((row) => ({
        ...row,
        organiserId: context.organiser.id,
        availabilityId: availability.id,
      })),
    );
    const updated = await settle(context, availability);
    await context.audit({
      action: "availability_date.created",
      entity: "availability_date",
      entityId: date!.cuid,
      after: { availability: cuid, ...dateAudit(date!) },
    });
    return loadView(context, updated);
  },

  /**
   * Its times, capacity (not below the places taken on it) and status: CLOSED, or OPEN again
   * (FULL when its places are all taken); a date of a closed availability stays closed.
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    dateCuid: string,
    input: z.output<typeof updateDateBody>,
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    const date = await requireDate(context, availability, dateCuid);
    if (input.status === "OPEN" && availability.status === "CLOSED") {
      throw new AppError("AVAILABILITY_NOT_OPEN", { status: "AVAILABILITY_NOT_OPEN" });
    }
    if (input.capacity !== null && input.capacity !== date.capacity) {
      const row = (await datesOf(context, availability)).find((item) => item.date.id === date.id);
      const taken = date.registered + (row?.held ?? 0);
      if (input.capacity < taken) {
        throw new AppError("CAPACITY_BELOW_TAKEN", { capacity: "CAPACITY_BELOW_TAKEN" }, { taken });
      }
    }
    const changes = {
      startAt: new Date(input.start_at),
      endAt: new Date(input.end_at),
      capacity: input.capacity,
      status: input.status === "CLOSED" ? ("CLOSED" as const) : reopened(date.status),
    };
    await updateDate(context.db, date.id, changes);
    // Reminders counting from this availability's dates move with them (decision 0052).
    await reschedulePending(context.db, context.organiser, { availabilityIds: [availability.id] });
    const updated = await settle(context, availability);
    await context.audit({
      action: "availability_date.updated",
      entity: "availability_date",
      entityId: dateCuid,
      before: { availability: cuid, ...dateAudit(date) },
      after: { availability: cuid, ...dateAudit({ ...date, ...changes }) },
    });
    return loadView(context, updated);
  },

  /**
   * Removes a date nobody holds: DATE_HAS_REGISTRATIONS (with `registrations` and `held`) when
   * registrations, attendance charges or live carts hold it; AVAILABILITY_NEEDS_A_DATE for the
   * last one (delete the availability instead).
   */
  async remove(
    context: ConsoleContext,
    cuid: string,
    dateCuid: string,
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    const date = await requireDate(context, availability, dateCuid);
    const dates = await datesOf(context, availability);
    const registrations = await countDateRegistrations(context.db, context.organiser.id, date.id);
    const held = dates.find((row) => row.date.id === date.id)?.held ?? 0;
    if (registrations > 0 || held > 0) {
      throw new AppError("DATE_HAS_REGISTRATIONS", undefined, { registrations, held });
    }
    if (dates.length <= 1) throw new AppError("AVAILABILITY_NEEDS_A_DATE");
    await deleteDate(context.db, date.id);
    const updated = await settle(context, availability);
    await context.audit({
      action: "availability_date.deleted",
      entity: "availability_date",
      entityId: dateCuid,
      before: { availability: cuid, ...dateAudit(date) },
    });
    return loadView(context, updated);
  },

  /**
   * The dates of a schedule added to an existing availability (the next term of a weekly class),
   * each at the availability's capacity; a date it already has (same start and end) is skipped.
   */
  async addFromSchedule(
    context: ConsoleContext,
    cuid: string,
    schedule: ScheduleInput,
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    const generated = scheduleDates(context, schedule);
    const existing = await datesOf(context, availability);
    const known = new Set(existing.map(({ date }) => periodKey(date.startAt, date.endAt)));
    const fresh = generated.filter(
      (date) => !known.has(periodKey(new Date(date.start_at), new Date(date.end_at))),
    );
    refuseTooMany(existing.length, fresh.length);
    await insertDates(
      context.db,
      newDates(fresh, availability.capacity, availability.status).map((row) => ({
        ...row,
        organiserId: context.organiser.id,
        availabilityId: availability.id,
      })),
    );
    const updated = await settle(context, availability);
    await context.audit({
      action: "availability.dates_generated",
      entity: "availability",
      entityId: cuid,
      after: { schedule, added: fresh.length, skipped_existing: generated.length - fresh.length },
    });
    return loadView(context, updated);
  },
};

const periodKey = (start: Date, end: Date) => `${start.getTime()}-${end.getTime()}`;

/** A date opened again: CLOSED becomes OPEN (then FULL if its places are taken), others stay. */
function reopened(status: DateRow["status"]): DateRow["status"] {
  return status === "CLOSED" ? "OPEN" : status;
}
