import type { AdminAvailabilitySummary } from "@booking/contracts";
import {
  activities,
  availabilities,
  availabilityDates,
  registrations,
  type TenantTx,
  waitingListEntries,
} from "@booking/db";
import { and, asc, eq, type SQL, sql } from "@booking/db/orm";
import { defaultDateSelection, hasPassed, remainingCapacity } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { type DateWithHolds, listDatesWithHolds, refersTo } from "../carts/queries.ts";

// An availability as the console's registration screens read it (registrations, waiting list,
// registering by hand, transfers): its activity, prices and the places of its dates, counting
// the registrations and every live hold (carts and waiting-list offers).

export type ConsoleAvailability = {
  id: number;
  cuid: string;
  status: "OPEN" | "CLOSED" | "FULL";
  startAt: Date;
  endAt: Date;
  price: number;
  deposit: number;
  /** age limits in whole years, both inclusive (docs/decisions/0031-age-limits.md) */
  ageMinimum: number | null;
  ageMaximum: number | null;
  activity: {
    id: number;
    cuid: string;
    title: string;
    partialRegistrations: boolean;
  };
};

export type ConsoleDate = DateWithHolds & { cuid: string; endAt: Date };

/** The organiser's availability of this cuid, else 404 AVAILABILITY_NOT_FOUND. */
export function requireAvailability(
  context: Pick<ConsoleContext, "db" | "organiser">,
  cuid: string,
): Promise<ConsoleAvailability> {
  return findAvailability(context, eq(availabilities.cuid, cuid));
}

/** The availability of a registration or an entry (by its id). */
export function requireAvailabilityById(
  context: Pick<ConsoleContext, "db" | "organiser">,
  id: number,
): Promise<ConsoleAvailability> {
  return findAvailability(context, eq(availabilities.id, id));
}

async function findAvailability(
  context: Pick<ConsoleContext, "db" | "organiser">,
  condition: SQL,
): Promise<ConsoleAvailability> {
  const [row] = await context.db
    .select({
      id: availabilities.id,
      cuid: availabilities.cuid,
      status: availabilities.status,
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
      price: availabilities.price,
      deposit: availabilities.deposit,
      ageMinimum: availabilities.ageMinimum,
      ageMaximum: availabilities.ageMaximum,
      activity: {
        id: activities.id,
        cuid: activities.cuid,
        title: activities.title,
        settings: activities.settings,
      },
    })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(and(eq(availabilities.organiserId, context.organiser.id), condition))
    .limit(1);
  if (!row) throw new AppError("AVAILABILITY_NOT_FOUND");
  const { settings, ...activity } = row.activity;
  return {
    ...row,
    activity: { ...activity, partialRegistrations: settings.partial_registrations === true },
  };
}

/** Every date of an availability by start, with its registrations and live holds at `now`. */
export async function listConsoleDates(
  context: Pick<ConsoleContext, "db" | "organiser">,
  availabilityId: number,
  now: Date,
): Promise<ConsoleDate[]> {
  const { db, organiser } = context;
  const counted = await listDatesWithHolds(
    db,
    organiser.id,
    { ids: [], availabilityIds: [availabilityId] },
    now,
  );
  const byId = new Map(counted.map((date) => [date.id, date]));
  const rows = await db
    .select({
      id: availabilityDates.id,
      cuid: availabilityDates.cuid,
      endAt: availabilityDates.endAt,
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiser.id),
        eq(availabilityDates.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
  return rows.flatMap((row) => {
    const date = byId.get(row.id);
    return date ? [{ ...date, ...row }] : [];
  });
}

/** Entries of the availability's waiting list whose participant holds no live registration. */
async function countWaiting(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.availabilityId, availabilityId),
        sql`not exists (select 1 from ${registrations} r
              where r.organiser_id = ${waitingListEntries.organiserId}
                and r.availability_id = ${waitingListEntries.availabilityId}
                and r.participant_id = ${waitingListEntries.participantId}
                and not r.cancelled)`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * The summary the screens show: its dates with their places, the free places left on the dates
 * still ahead (the most on any of them, as the storefront counts them: null when unlimited, 0
 * when none is ahead) and how many wait for one.
 */
export async function availabilitySummary(
  context: Pick<ConsoleContext, "db" | "organiser">,
  availability: ConsoleAvailability,
  now: Date,
): Promise<AdminAvailabilitySummary> {
  const dates = await listConsoleDates(context, availability.id, now);
  const upcoming = dates.filter((date) => !hasPassed(date.startAt, now));
  return {
    cuid: availability.cuid,
    activity: { cuid: availability.activity.cuid, title: availability.activity.title },
    start_at: availability.startAt.toISOString(),
    end_at: availability.endAt.toISOString(),
    status: availability.status,
    price: availability.price,
    free_places:
      upcoming.length === 0
        ? 0
        : remainingCapacity(
            upcoming.map((date) => ({
              capacity: date.capacity,
              registered: date.registered + date.held,
            })),
          ),
    dates: dates.map((date) => ({
      id: date.id,
      cuid: date.cuid,
      start_at: date.startAt.toISOString(),
      end_at: date.endAt.toISOString(),
      status: date.status,
      capacity: date.capacity,
      registered: date.registered,
      held: date.held,
    })),
    waiting_list_count: await countWaiting(context.db, context.organiser.id, availability.id),
  };
}

/**
 * The dates a place is given on when none are named (a waiting-list offer, a transfer): every
 * selectable one — OPEN, ahead, a free place counting registrations and live holds — as the
 * storefront's add form preselects them.
 */
export function defaultDateIds(dates: readonly ConsoleDate[], now: Date): number[] {
  return defaultDateSelection(
    dates.map((date) => ({
      id: date.id,
      status: date.status,
      start_at: date.startAt,
      capacity: date.capacity,
      registered: date.registered + date.held,
    })),
    now,
  );
}
