import {
  availabilities,
  availabilityDates,
  cartItems,
  carts,
  participants,
  resourceClosures,
  resourceReservations,
  resourceSlots,
  resources,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";

// The periods resources are taken (docs/decisions/0063-resource-bookings.md): cart holds and
// bookings in `resource_reservations`, whose exclusion constraint refuses any overlap.

export type Period = { startAt: Date; endAt: Date };

/** `[start,end)` as PostgreSQL's tstzrange reads it. */
export function rangeOf(period: Period): string {
  return `[${period.startAt.toISOString()},${period.endAt.toISOString()})`;
}

/** The exclusion constraint of migration 0054. */
const NO_OVERLAP = "resource_reservations_no_overlap";

/** Whether `error` (or its cause) is the refusal of a period overlapping another one. */
export function isOverlapViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23P01" && constraint === NO_OVERLAP) return true;
  }
  return false;
}

export type BookableResource = {
  id: number;
  cuid: string;
  name: string;
  bookingDaysAhead: number | null;
  bookingConfigurationId: number | null;
};

export async function findResource(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<BookableResource | null> {
  const [row] = await tx
    .select({
      id: resources.id,
      cuid: resources.cuid,
      name: resources.name,
      bookingDaysAhead: resources.bookingDaysAhead,
      bookingConfigurationId: resources.bookingConfigurationId,
    })
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), eq(resources.id, id)));
  return row ?? null;
}

/** The resource's slots starting at one of `starts`. */
export function findSlotsAt(tx: TenantTx, organiserId: number, resourceId: number, starts: Date[]) {
  return tx
    .select({ startAt: resourceSlots.startAt, prices: resourceSlots.prices })
    .from(resourceSlots)
    .where(
      and(
        eq(resourceSlots.organiserId, organiserId),
        eq(resourceSlots.resourceId, resourceId),
        inArray(resourceSlots.startAt, starts),
      ),
    );
}

/** The resource's closures overlapping [from, to). */
export function findClosures(tx: TenantTx, organiserId: number, resourceId: number, span: Period) {
  return tx
    .select({ startAt: resourceClosures.startAt, endAt: resourceClosures.endAt })
    .from(resourceClosures)
    .where(
      and(
        eq(resourceClosures.organiserId, organiserId),
        eq(resourceClosures.resourceId, resourceId),
        lt(resourceClosures.startAt, span.endAt),
        gt(resourceClosures.endAt, span.startAt),
      ),
    )
    .orderBy(asc(resourceClosures.startAt));
}

/** Whether an activity's date held on the resource overlaps one of `periods`. */
export async function overlapsActivityDates(
  tx: TenantTx,
  organiserId: number,
  resourceId: number,
  periods: Period[],
): Promise<boolean> {
  const [row] = await tx
    .select({ id: availabilityDates.id })
    .from(availabilityDates)
    .innerJoin(
      availabilities,
      refersTo(availabilities, availabilityDates, availabilityDates.availabilityId),
    )
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.resourceId, resourceId),
        or(
          ...periods.map((period) =>
            and(
              lt(availabilityDates.startAt, period.endAt),
              gt(availabilityDates.endAt, period.startAt),
            ),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type BookingPartner = {
  id: number;
  customerId: number;
  firstname: string;
  lastname: string;
};

/** Participants of the organiser (any customer's, not deleted) among `ids`. */
export async function findBookingParticipants(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Map<number, BookingPartner>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: participants.id,
      customerId: participants.customerId,
      firstname: participants.firstname,
      lastname: participants.lastname,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        inArray(participants.id, ids),
        isNull(participants.deletedAt),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Deletes the expired holds overlapping `periods` of the resource: an expired cart item holds
 * nothing (0008), but its row would still be in the exclusion constraint's way. The holds of a
 * cart awaiting its online payment stay, as the cart sweep leaves them (a late payment is
 * processed with them).
 */
export async function freeExpiredHolds(
  tx: TenantTx,
  organiserId: number,
  resourceId: number,
  periods: Period[],
  now: Date,
): Promise<void> {
  const overlaps = sql.join(
    periods.map((period) => sql`r.period && ${rangeOf(period)}::tstzrange`),
    sql` or `,
  );
  await tx.execute(sql`
    delete from ${resourceReservations} r
     using ${cartItems} i, ${carts} c
     where r.organiser_id = ${organiserId}
       and r.resource_id = ${resourceId}
       and (${overlaps})
       and i.organiser_id = r.organiser_id and i.id = r.cart_item_id
       and i.expires_at <= ${now}
       and c.organiser_id = i.organiser_id and c.id = i.cart_id
       and c.payment_pending_at is null`);
}

/**
 * Takes `periods` of the resource for a cart item (a hold) or a booking date; throws the
 * exclusion violation (`isOverlapViolation`) when one is taken.
 */
export async function insertHolds(
  tx: TenantTx,
  holder: { organiserId: number; resourceId: number } & (
    | { cartItemId: number }
    | { bookingDateId: number }
  ),
  periods: Period[],
): Promise<void> {
  await tx
    .insert(resourceReservations)
    .values(periods.map((period) => ({ ...holder, period: rangeOf(period) })));
}
