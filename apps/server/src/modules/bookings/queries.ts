import {
  bookingDates,
  bookingParticipations,
  bookings,
  locations,
  participants,
  resources,
  type TenantTx,
  walletTransactions,
} from "@booking/db";
import { and, asc, desc, eq, exists, inArray, type SQL, sql } from "@booking/db/orm";
import { countRows } from "../account-items/queries.ts";
import { participantColumns, refersTo } from "../carts/queries.ts";

// Every query filters by organiser explicitly, and by the customer's participations
// (platform-and-account.md §6); row-level security is the second wall.

export type BookingListRow = {
  booking: typeof bookings.$inferSelect;
  resource: { id: number; cuid: string; name: string };
  location: typeof locations.$inferSelect | null;
  firstStart: Date | null;
  lastEnd: Date | null;
};

/** The bookings in which one of the customer's participants takes part. */
function customerTakesPart(tx: TenantTx, organiserId: number, customerId: number) {
  return exists(
    tx
      .select({ one: sql`1` })
      .from(bookingParticipations)
      .where(
        and(
          eq(bookingParticipations.organiserId, organiserId),
          eq(bookingParticipations.bookingId, bookings.id),
          eq(bookingParticipations.customerId, customerId),
        ),
      ),
  );
}

/** A booking's first start and last end, correlated with the outer `bookings` row. */
function dateBound(tx: TenantTx, bound: "first" | "last") {
  const value =
    bound === "first" ? sql`min(${bookingDates.startAt})` : sql`max(${bookingDates.endAt})`;
  const query = tx
    .select({ value })
    .from(bookingDates)
    .where(
      and(
        eq(bookingDates.organiserId, bookings.organiserId),
        eq(bookingDates.bookingId, bookings.id),
      ),
    );
  // Decoded as the column it aggregates (the driver's timestamp text to a Date; null stays null).
  return sql<Date | null>`(${query})`.mapWith(
    bound === "first" ? bookingDates.startAt : bookingDates.endAt,
  );
}

function selectBookings(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select({
      booking: bookings,
      resource: { id: resources.id, cuid: resources.cuid, name: resources.name },
      location: locations,
      firstStart: dateBound(tx, "first"),
      lastEnd: dateBound(tx, "last"),
    })
    .from(bookings)
    .innerJoin(resources, refersTo(resources, bookings, bookings.resourceId))
    .leftJoin(locations, refersTo(locations, resources, resources.locationId))
    .where(where);
}

/**
 * One page of the customer's bookings: those not over yet first, soonest first, then the past
 * ones, latest first.
 */
export async function listCustomerBookings(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: { limit: number; offset: number; now: Date },
): Promise<{ rows: BookingListRow[]; count: number }> {
  // A cancelled booking stays, shown as cancelled, among the past ones (decision 0072).
  const where = and(
    eq(bookings.organiserId, organiserId),
    customerTakesPart(tx, organiserId, customerId),
  );
  const lastEnd = dateBound(tx, "last");
  const firstStart = dateBound(tx, "first");
  const over = sql`(${bookings.canceledAt} is not null or coalesce(${lastEnd} <= ${page.now}, false))`;
  const rows = await selectBookings(tx, where)
    .orderBy(
      asc(over),
      sql`case when ${over} then null else ${firstStart} end asc nulls last`,
      desc(firstStart),
      desc(bookings.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: await countRows(tx, bookings, where) };
}

/** The customer's booking with this cuid; null unless one of their participants takes part. */
export async function findCustomerBooking(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<BookingListRow | null> {
  const [row] = await selectBookings(
    tx,
    and(
      eq(bookings.organiserId, organiserId),
      eq(bookings.cuid, cuid),
      customerTakesPart(tx, organiserId, customerId),
    ),
  ).limit(1);
  return row ?? null;
}

/** The dates of some bookings, each booking's by start. */
export function listBookingDates(tx: TenantTx, organiserId: number, bookingIds: number[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(bookingDates)
    .where(
      and(eq(bookingDates.organiserId, organiserId), inArray(bookingDates.bookingId, bookingIds)),
    )
    .orderBy(asc(bookingDates.bookingId), asc(bookingDates.startAt), asc(bookingDates.id));
}

/** What was refunded to the customer's wallet for each of some participations (a cancelled booking). */
export async function walletRefunds(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  participationIds: number[],
): Promise<Map<number, number>> {
  if (participationIds.length === 0) return new Map();
  const rows = await tx
    .select({
      participationId: walletTransactions.bookingParticipationId,
      amount: sql<number>`sum(${walletTransactions.amount})`.mapWith(Number),
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.organiserId, organiserId),
        eq(walletTransactions.customerId, customerId),
        eq(walletTransactions.reason, "REFUND"),
        inArray(walletTransactions.bookingParticipationId, participationIds),
      ),
    )
    .groupBy(walletTransactions.bookingParticipationId);
  return new Map(rows.map((row) => [row.participationId!, row.amount]));
}

/**
 * Gives the share its payment reference unless it has one: the share's row locked first, so two
 * requests at once give it one reference (the second finds the first's). Answers the reference.
 */
export async function giveShareReference(
  tx: TenantTx,
  organiserId: number,
  participationId: number,
  newReference: () => Promise<string>,
): Promise<string | null> {
  const [row] = await tx
    .select({ reference: bookingParticipations.reference })
    .from(bookingParticipations)
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.id, participationId),
      ),
    )
    .for("update");
  if (!row) return null;
  if (row.reference !== null) return row.reference;
  const reference = await newReference();
  await tx
    .update(bookingParticipations)
    .set({ reference })
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.id, participationId),
      ),
    );
  return reference;
}

/** The customer's participations in some bookings, by participant name. */
export function listCustomerParticipations(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  bookingIds: number[],
) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ participation: bookingParticipations, participant: participantColumns })
    .from(bookingParticipations)
    .innerJoin(
      participants,
      refersTo(participants, bookingParticipations, bookingParticipations.participantId),
    )
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.customerId, customerId),
        inArray(bookingParticipations.bookingId, bookingIds),
      ),
    )
    .orderBy(
      asc(participants.firstname),
      asc(participants.lastname),
      asc(bookingParticipations.id),
    );
}
