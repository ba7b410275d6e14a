import type {
  AdminAvailabilityFormChoices,
  AdminAvailabilityList,
  AdminAvailabilityView,
  adminAvailabilitiesQuery,
  availabilitySettingsBody,
  createAvailabilityBody,
  createScheduledAvailabilityBody,
} from "@booking/contracts";
import { dayRangeInZone, minimumCapacity, shiftAvailabilityToPeriod } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import { countPendingPaymentItems } from "../carts/pending-payment-items.ts";
import { availabilityCategoryLink, replaceLinkedCategories } from "../categories/category-links.ts";
import { listDateConfigurations } from "../date-configurations/console-queries.ts";
import {
  auditSnapshot,
  insertAvailabilityWithDates,
  instantOrNull,
  loadView,
  newDates,
  type ResolvedSettings,
  requireAvailability,
  resolveSettings,
  settle,
} from "./availability-records.ts";
import {
  countCommitments,
  deleteAvailability,
  findActivity,
  listAvailabilities,
  listCategoryIds,
  listChoices,
  listDates,
  lockDates,
  updateAvailability,
  updateDatesOf,
} from "./console-queries.ts";
import { listItemView } from "./console-views.ts";
import { scheduleDates } from "./schedule.ts";

type ListQuery = z.output<typeof adminAvailabilitiesQuery>;

async function requireActivity(context: ConsoleContext, cuid: string) {
  const activity = await findActivity(context.db, context.organiser.id, cuid);
  if (!activity) throw new AppError("ACTIVITY_NOT_FOUND");
  return activity;
}

/** The activity of a new availability: one of the organiser's, INVALID_CHOICE otherwise. */
async function chosenActivity(context: ConsoleContext, cuid: string) {
  const activity = await findActivity(context.db, context.organiser.id, cuid);
  if (!activity) throw validationError({ activity: "INVALID_CHOICE" });
  return activity;
}

async function list(
  context: ConsoleContext,
  query: ListQuery,
  activityId: number | undefined,
): Promise<AdminAvailabilityList> {
  const { timezone } = context.organiser;
  const page = pageOf(query);
  const { rows, count } = await listAvailabilities(
    context.db,
    context.organiser.id,
    {
      activityId,
      status: query.status,
      search: query.q,
      endsFrom: query.from ? dayRangeInZone(query.from, timezone).start : undefined,
      startsBefore: query.to ? dayRangeInZone(query.to, timezone).end : undefined,
      assignedTo: query.staff === "mine" ? context.actor.collaboratorId : undefined,
    },
    query.sort,
    page,
  );
  return envelope(
    rows.map((row) => listItemView(row, timezone)),
    count,
    page,
  );
}

/** A capacity below the places already taken on some date is refused with that number. */
async function checkCapacity(
  context: ConsoleContext,
  availabilityId: number,
  capacity: number | null,
): Promise<void> {
  if (capacity === null) return;
  // Locked first, so that no hold or checkout takes a place between the count and the change.
  await lockDates(context.db, context.organiser.id, availabilityId);
  const dates = await listDates(context.db, context.organiser.id, availabilityId, new Date());
  const taken = minimumCapacity(
    dates.map((row) => ({ registered: row.date.registered, held: row.held })),
  );
  if (capacity < taken) {
    throw new AppError("CAPACITY_BELOW_TAKEN", { capacity: "CAPACITY_BELOW_TAKEN" }, { taken });
  }
}

export const availabilityConsole = {
  async list(context: ConsoleContext, query: ListQuery): Promise<AdminAvailabilityList> {
    if (!query.activity) return list(context, query, undefined);
    const activity = await findActivity(context.db, context.organiser.id, query.activity);
    // An activity that is not the organiser's has no availabilities here.
    return activity ? list(context, query, activity.id) : envelope([], 0, pageOf(query));
  },

  async listOfActivity(context: ConsoleContext, activityCuid: string, query: ListQuery) {
    const activity = await requireActivity(context, activityCuid);
    const page = await list(context, query, activity.id);
    return { ...page, activity: { cuid: activity.cuid, title: activity.title } };
  },

  async detail(context: ConsoleContext, cuid: string): Promise<AdminAvailabilityView> {
    return loadView(context, await requireAvailability(context, cuid));
  },

  async choices(context: ConsoleContext): Promise<AdminAvailabilityFormChoices> {
    const choices = await listChoices(context.db, context.organiser.id);
    const patterns = await listDateConfigurations(context.db, context.organiser.id);
    return {
      ...choices,
      date_configurations: patterns.map(({ cuid, name, weekdays, slots }) => ({
        cuid,
        name,
        weekdays,
        slots,
      })),
    };
  },

  /** A new availability with its dates given one by one. */
  async create(
    context: ConsoleContext,
    input: z.output<typeof createAvailabilityBody>,
  ): Promise<AdminAvailabilityView> {
    const activity = await chosenActivity(context, input.activity);
    const settings = await resolveSettings(context, input);
    const availability = await insertAvailabilityWithDates(context, {
      activityId: activity.id,
      status: input.status,
      settings,
      dates: newDates(input.dates, settings.columns.capacity, input.status),
    });
    await context.audit({
      action: "availability.created",
      entity: "availability",
      entityId: availability.cuid,
      after: {
        activity: activity.cuid,
        ...(await auditSnapshot(context, availability)),
        dates: input.dates.length,
      },
    });
    return loadView(context, availability);
  },

  /** A new availability whose dates a weekly schedule gives (errors under `schedule.`). */
  async createFromSchedule(
    context: ConsoleContext,
    input: z.output<typeof createScheduledAvailabilityBody>,
  ): Promise<AdminAvailabilityView> {
    const activity = await chosenActivity(context, input.activity);
    const settings = await resolveSettings(context, input);
    const dates = scheduleDates(context, input.schedule, "schedule.");
    const availability = await insertAvailabilityWithDates(context, {
      activityId: activity.id,
      status: input.status,
      settings,
      dates: newDates(dates, settings.columns.capacity, input.status),
    });
    await context.audit({
      action: "availability.created",
      entity: "availability",
      entityId: availability.cuid,
      after: {
        activity: activity.cuid,
        ...(await auditSnapshot(context, availability)),
        schedule: input.schedule,
        dates: dates.length,
      },
    });
    return loadView(context, availability);
  },

  /**
   * Its settings. A new capacity applies to every date and may not fall below the places taken
   * on any (CAPACITY_BELOW_TAKEN with `taken`).
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof availabilitySettingsBody>,
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    const settings = await resolveSettings(context, input);
    const before = await auditSnapshot(context, availability);
    if (settings.columns.capacity !== availability.capacity) {
      await checkCapacity(context, availability.id, settings.columns.capacity);
      await updateDatesOf(context.db, context.organiser.id, availability.id, {
        capacity: settings.columns.capacity,
      });
    }
    await updateAvailability(context.db, availability.id, settings.columns);
    await replaceLinkedCategories(
      context.db,
      availabilityCategoryLink,
      context.organiser.id,
      availability.id,
      settings.categoryIds,
    );
    const updated = await settle(context, { ...availability, ...settings.columns });
    await context.audit({
      action: "availability.updated",
      entity: "availability",
      entityId: cuid,
      before,
      after: await auditSnapshot(context, updated),
    });
    return loadView(context, updated);
  },

  /**
   * Deletes an availability nobody registered for (registrations, requests or a cart paying
   * online): AVAILABILITY_HAS_REGISTRATIONS otherwise, with the counts; close it instead.
   */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const availability = await requireAvailability(context, cuid);
    const organiserId = context.organiser.id;
    const commitments = await countCommitments(context.db, organiserId, availability.id);
    const pendingPayments = await countPendingPaymentItems(context.db, organiserId, {
      availabilityId: availability.id,
    });
    if (commitments.registrations + commitments.requests + pendingPayments > 0) {
      throw new AppError("AVAILABILITY_HAS_REGISTRATIONS", undefined, {
        ...commitments,
        pending_payments: pendingPayments,
      });
    }
    const before = await auditSnapshot(context, availability);
    await deleteAvailability(context.db, availability.id);
    await context.audit({
      action: "availability.deleted",
      entity: "availability",
      entityId: cuid,
      before,
    });
  },

  /**
   * Closes (it and its open dates stop taking registrations) or reopens (every closed date opens
   * again, FULL where the places are taken). Asking for the status it has changes nothing.
   */
  async setStatus(
    context: ConsoleContext,
    cuid: string,
    target: "OPEN" | "CLOSED",
  ): Promise<AdminAvailabilityView> {
    const availability = await requireAvailability(context, cuid);
    const closed = availability.status === "CLOSED";
    if ((target === "CLOSED") === closed) return loadView(context, availability);
    const organiserId = context.organiser.id;
    await updateDatesOf(
      context.db,
      organiserId,
      availability.id,
      { status: target },
      target === "CLOSED" ? ["OPEN", "FULL"] : ["CLOSED"],
    );
    await updateAvailability(context.db, availability.id, { status: target });
    const updated = await settle(context, { ...availability, status: target });
    await context.audit({
      action: target === "CLOSED" ? "availability.closed" : "availability.reopened",
      entity: "availability",
      entityId: cuid,
      before: { status: availability.status },
      after: { status: updated.status },
    });
    return loadView(context, updated);
  },

  /**
   * A copy whose first date is on `firstDay` (local times kept), with the same activity, place,
   * prices, capacities, categories and registration window moved by as many days. The copy
   * holds no registration; it is CLOSED only if the original is.
   */
  async duplicate(
    context: ConsoleContext,
    cuid: string,
    firstDay: string,
  ): Promise<AdminAvailabilityView> {
    const source = await requireAvailability(context, cuid);
    const organiserId = context.organiser.id;
    const rows = await listDates(context.db, organiserId, source.id, new Date());
    const shifted = shiftAvailabilityToPeriod(
      {
        dates: rows.map(({ date }) => ({ start_at: date.startAt, end_at: date.endAt })),
        registrations_start_at: source.registrationsStartAt,
        registrations_end_at: source.registrationsEndAt,
      },
      context.organiser.timezone,
      firstDay,
    );
    const status = source.status === "CLOSED" ? "CLOSED" : "OPEN";
    const settings: ResolvedSettings = {
      columns: {
        locationId: source.locationId,
        capacity: source.capacity,
        price: source.price,
        deposit: source.deposit,
        registrationsStartAt: instantOrNull(shifted.registrations_start_at),
        registrationsEndAt: instantOrNull(shifted.registrations_end_at),
        ageMinimum: source.ageMinimum,
        ageMaximum: source.ageMaximum,
      },
      categoryIds: await listCategoryIds(context.db, organiserId, source.id),
    };
    const copy = await insertAvailabilityWithDates(context, {
      activityId: source.activityId,
      resourceId: source.resourceId,
      status,
      settings,
      dates: rows.map(({ date }, index) => ({
        startAt: new Date(shifted.dates[index]!.start_at),
        endAt: new Date(shifted.dates[index]!.end_at),
        capacity: date.capacity,
        status: date.status === "CLOSED" || status === "CLOSED" ? "CLOSED" : "OPEN",
      })),
    });
    await context.audit({
      action: "availability.duplicated",
      entity: "availability",
      entityId: copy.cuid,
      after: { source: cuid, first_day: firstDay, ...(await auditSnapshot(context, copy)) },
    });
    return loadView(context, copy);
  },
};
