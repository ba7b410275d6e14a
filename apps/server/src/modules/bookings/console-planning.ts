import type { AdminResourceList, ResourcePlanningView } from "@booking/contracts";
import {
  bookingDates,
  bookingParticipations,
  bookings,
  cartItems,
  customers,
  locations,
  participants,
  resourceClosures,
  resourceGroups,
  resourceReservations,
  resourceSlots,
  resources,
} from "@booking/db";
import { and, asc, eq, gt, gte, isNull, lt, sql } from "@booking/db/orm";
import { dayRangeInZone, fullName, localDay } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { refersTo } from "../carts/queries.ts";

// The console's resources and their planning (issue 15 §3; docs/decisions/0063-resource-bookings.md):
// read-only, what the storefront's bookings, holds and closures make of a resource's days.

/** GET /api/admin/resources: the organiser's resources by name. */
export async function listConsoleResources(context: ConsoleContext): Promise<AdminResourceList> {
  const { db, organiser } = context;
  const rows = await db
    .select({
      id: resources.id,
      cuid: resources.cuid,
      name: resources.name,
      location: locations.title,
      group: resourceGroups.name,
    })
    .from(resources)
    .leftJoin(
      locations,
      and(eq(locations.organiserId, resources.organiserId), eq(locations.id, resources.locationId)),
    )
    .leftJoin(
      resourceGroups,
      and(
        eq(resourceGroups.organiserId, resources.organiserId),
        eq(resourceGroups.id, resources.groupId),
      ),
    )
    .where(eq(resources.organiserId, organiser.id))
    .orderBy(asc(resources.name), asc(resources.id));
  return { data: rows };
}

const iso = (date: Date) => date.toISOString();

/**
 * GET /api/admin/resources/{cuid}/planning?from&days: the bookings (with their participants,
 * customers and amounts), live holds and closures of the resource overlapping `days` days from
 * `from` (the organiser's local days; today by default).
 */
export async function resourcePlanning(
  context: ConsoleContext,
  cuid: string,
  query: { from?: string | undefined; days: number },
): Promise<ResourcePlanningView> {
  const { db, organiser } = context;
  const [resource] = await db
    .select({ id: resources.id, cuid: resources.cuid, name: resources.name })
    .from(resources)
    .where(and(eq(resources.organiserId, organiser.id), eq(resources.cuid, cuid)));
  if (!resource) throw new AppError("RESOURCE_NOT_FOUND");
  const from = query.from ?? localDay(new Date(), organiser.timezone);
  const start = dayRangeInZone(from, organiser.timezone).start;
  const last = new Date(`${from}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + query.days - 1);
  const end = dayRangeInZone(last.toISOString().slice(0, 10), organiser.timezone).end;
  const window = { organiserId: organiser.id, resourceId: resource.id, start, end };
  // One after the other: statements cannot overlap on the transaction's one connection.
  const dates = await bookingDatesIn(context, window);
  const holds = await liveHoldsIn(context, window);
  const free = await freeSlotsIn(context, window);
  const closures = await db
    .select({ startAt: resourceClosures.startAt, endAt: resourceClosures.endAt })
    .from(resourceClosures)
    .where(
      and(
        eq(resourceClosures.organiserId, organiser.id),
        eq(resourceClosures.resourceId, resource.id),
        lt(resourceClosures.startAt, end),
        gt(resourceClosures.endAt, start),
      ),
    )
    .orderBy(asc(resourceClosures.startAt));
  const byBooking = new Map<number, typeof dates.participants>();
  for (const row of dates.participants) {
    byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  }
  return {
    resource: { cuid: resource.cuid, name: resource.name },
    from,
    days: query.days,
    bookings: dates.periods.map((date) => ({
      cuid: date.cuid,
      start_at: iso(date.startAt),
      end_at: iso(date.endAt),
      participants: (byBooking.get(date.bookingId) ?? []).map((row) => ({
        fullname: fullName(row.firstname, row.lastname),
        customer: {
          cuid: row.customerCuid,
          fullname: fullName(row.customerFirstname, row.customerLastname),
        },
        total_amount: row.totalAmount,
        paid_amount: row.paidAmount,
      })),
    })),
    holds: holds.map((hold) => ({
      start_at: iso(hold.startAt),
      end_at: iso(hold.endAt),
      expires_at: iso(hold.expiresAt),
    })),
    closures: closures.map((closure) => ({
      start_at: iso(closure.startAt),
      end_at: iso(closure.endAt),
    })),
    free_slots: free.map((slot) => ({ start_at: iso(slot.startAt), prices: slot.prices })),
  };
}

type Window = { organiserId: number; resourceId: number; start: Date; end: Date };

async function bookingDatesIn(context: ConsoleContext, window: Window) {
  const { db } = context;
  const periods = await db
    .select({
      cuid: bookings.cuid,
      bookingId: bookings.id,
      startAt: bookingDates.startAt,
      endAt: bookingDates.endAt,
    })
    .from(bookingDates)
    .innerJoin(bookings, refersTo(bookings, bookingDates, bookingDates.bookingId))
    .where(
      and(
        eq(bookingDates.organiserId, window.organiserId),
        eq(bookings.resourceId, window.resourceId),
        isNull(bookings.canceledAt),
        lt(bookingDates.startAt, window.end),
        gt(bookingDates.endAt, window.start),
      ),
    )
    .orderBy(asc(bookingDates.startAt));
  const ids = [...new Set(periods.map((period) => period.bookingId))];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({
            bookingId: bookingParticipations.bookingId,
            firstname: participants.firstname,
            lastname: participants.lastname,
            customerCuid: customers.cuid,
            customerFirstname: customers.firstname,
            customerLastname: customers.lastname,
            totalAmount: bookingParticipations.totalAmount,
            paidAmount: bookingParticipations.paidAmount,
          })
          .from(bookingParticipations)
          .innerJoin(
            participants,
            refersTo(participants, bookingParticipations, bookingParticipations.participantId),
          )
          .innerJoin(
            customers,
            refersTo(customers, bookingParticipations, bookingParticipations.customerId),
          )
          .where(
            and(
              eq(bookingParticipations.organiserId, window.organiserId),
              sql`${bookingParticipations.bookingId} = any(${sql.param(ids)}::int[])`,
            ),
          )
          .orderBy(asc(bookingParticipations.id));
  return { periods, participants: people };
}

function liveHoldsIn(context: ConsoleContext, window: Window) {
  return context.db
    .select({
      startAt: sql<Date>`lower(${resourceReservations.period})`.mapWith((value) => new Date(value)),
      endAt: sql<Date>`upper(${resourceReservations.period})`.mapWith((value) => new Date(value)),
      expiresAt: cartItems.expiresAt,
    })
    .from(resourceReservations)
    .innerJoin(
      cartItems,
      refersTo(cartItems, resourceReservations, resourceReservations.cartItemId),
    )
    .where(
      and(
        eq(resourceReservations.organiserId, window.organiserId),
        eq(resourceReservations.resourceId, window.resourceId),
        gt(cartItems.expiresAt, new Date()),
        sql`${resourceReservations.period} && tstzrange(${window.start}, ${window.end})`,
      ),
    )
    .orderBy(sql`lower(${resourceReservations.period})`);
}

/**
 * The resource's slots to come in the window whose first duration no booking, live hold or
 * closure overlaps (an activity session there is refused when booking).
 */
function freeSlotsIn(context: ConsoleContext, window: Window) {
  const now = new Date();
  const slotPeriod = sql`tstzrange(${resourceSlots.startAt}, ${resourceSlots.startAt}
    + ((${resourceSlots.prices}->0->>'duration')::int * interval '1 second'))`;
  return context.db
    .select({ startAt: resourceSlots.startAt, prices: resourceSlots.prices })
    .from(resourceSlots)
    .where(
      and(
        eq(resourceSlots.organiserId, window.organiserId),
        eq(resourceSlots.resourceId, window.resourceId),
        gte(resourceSlots.startAt, window.start),
        lt(resourceSlots.startAt, window.end),
        gt(resourceSlots.startAt, now),
        sql`not exists (
          select 1 from ${resourceReservations} r
          left join ${cartItems} i on i.organiser_id = r.organiser_id and i.id = r.cart_item_id
          where r.organiser_id = ${window.organiserId} and r.resource_id = ${window.resourceId}
            and r.period && ${slotPeriod}
            and (r.booking_date_id is not null or i.expires_at > ${now}))`,
        sql`not exists (
          select 1 from ${resourceClosures} c
          where c.organiser_id = ${window.organiserId} and c.resource_id = ${window.resourceId}
            and tstzrange(c.start_at, c.end_at) && ${slotPeriod})`,
      ),
    )
    .orderBy(asc(resourceSlots.startAt));
}
