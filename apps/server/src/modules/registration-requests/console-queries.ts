import {
  activities,
  availabilities,
  carts,
  containsPattern,
  customers,
  locations,
  participants,
  registrationRequestAvailabilities,
  registrationRequests,
  registrationRequestTiers,
  registrations,
  type TenantTx,
} from "@booking/db";
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";
import { OUTSTANDING } from "../customers/console-queries.ts";
import {
  consoleCustomerColumns,
  consoleParticipantColumns,
} from "../registrations/console-queries.ts";

// The console's reads and writes of registration requests. Every query names the organiser;
// row-level security is the second wall.

export type ConsoleRequestFilters = {
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED" | "ALL";
  q?: string;
  activityCuid?: string;
  tierCuid?: string;
  /** the participant's age in whole years on `today`, both bounds included */
  age?: { min: number | null; max: number | null; today: string };
  period?: { from: Date | null; to: Date | null };
};

const requestColumns = {
  request: registrationRequests,
  participant: consoleParticipantColumns,
  customer: consoleCustomerColumns,
  activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
  tier: {
    cuid: registrationRequestTiers.cuid,
    name: registrationRequestTiers.name,
    registrations: registrationRequestTiers.registrations,
  },
  // The order an approval made (null before): what the family owes once approved.
  cartTotal: sql<number | null>`(${carts.totalAmount} + ${carts.serviceFees})::int`,
  cartPaid: carts.paidAmount,
};

export type ConsoleRequestRow = {
  request: typeof registrationRequests.$inferSelect;
  participant: { cuid: string; firstname: string; lastname: string; birthdate: string | null };
  customer: {
    id: number;
    cuid: string;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    walletAmount: number;
  };
  activity: { id: number; cuid: string; title: string };
  tier: { cuid: string; name: string; registrations: number } | null;
  cartTotal: number | null;
  cartPaid: number | null;
};

function selectRequests(tx: TenantTx) {
  return tx
    .select(requestColumns)
    .from(registrationRequests)
    .innerJoin(
      participants,
      refersTo(participants, registrationRequests, registrationRequests.participantId),
    )
    .innerJoin(
      customers,
      refersTo(customers, registrationRequests, registrationRequests.customerId),
    )
    .innerJoin(
      activities,
      refersTo(activities, registrationRequests, registrationRequests.activityId),
    )
    .leftJoin(
      registrationRequestTiers,
      refersTo(registrationRequestTiers, registrationRequests, registrationRequests.tierId),
    )
    .leftJoin(carts, refersTo(carts, registrationRequests, registrationRequests.cartId));
}

function filterConditions(organiserId: number, filters: ConsoleRequestFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(registrationRequests.organiserId, organiserId)];
  if (filters.status !== "ALL") conditions.push(eq(registrationRequests.status, filters.status));
  if (filters.activityCuid) conditions.push(eq(activities.cuid, filters.activityCuid));
  if (filters.tierCuid) conditions.push(eq(registrationRequestTiers.cuid, filters.tierCuid));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      or(
        ilike(sql`${participants.firstname} || ' ' || ${participants.lastname}`, pattern),
        ilike(sql`${customers.firstname} || ' ' || ${customers.lastname}`, pattern),
        ilike(customers.email, pattern),
        ilike(registrationRequests.reference, pattern),
      ),
    );
  }
  if (filters.age) {
    // Whole years between the birthdate and today; a participant without one matches no bound.
    const years = sql`extract(year from age(${filters.age.today}::date, ${participants.birthdate}))`;
    if (filters.age.min !== null) conditions.push(sql`${years} >= ${filters.age.min}`);
    if (filters.age.max !== null) conditions.push(sql`${years} <= ${filters.age.max}`);
  }
  if (filters.period?.from)
    conditions.push(gte(registrationRequests.createdAt, filters.period.from));
  if (filters.period?.to) conditions.push(lte(registrationRequests.createdAt, filters.period.to));
  return and(...conditions);
}

/** One page of the organiser's requests, filtered, by request time. */
export async function listConsoleRequests(
  tx: TenantTx,
  organiserId: number,
  filters: ConsoleRequestFilters,
  page: { limit: number; offset: number; descending: boolean },
): Promise<{ rows: ConsoleRequestRow[]; count: number }> {
  const where = filterConditions(organiserId, filters);
  const order = page.descending ? desc : asc;
  const rows = await selectRequests(tx)
    .where(where)
    .orderBy(order(registrationRequests.createdAt), order(registrationRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrationRequests)
    .innerJoin(
      participants,
      refersTo(participants, registrationRequests, registrationRequests.participantId),
    )
    .innerJoin(
      customers,
      refersTo(customers, registrationRequests, registrationRequests.customerId),
    )
    .innerJoin(
      activities,
      refersTo(activities, registrationRequests, registrationRequests.activityId),
    )
    .leftJoin(
      registrationRequestTiers,
      refersTo(registrationRequestTiers, registrationRequests, registrationRequests.tierId),
    )
    .where(where);
  return { rows, count: counted?.count ?? 0 };
}

/** Every PENDING request of an activity (one tier of it, if given), the oldest first. */
export function listPendingOfActivity(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  tierCuid: string | null,
): Promise<ConsoleRequestRow[]> {
  return selectRequests(tx)
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.activityId, activityId),
        eq(registrationRequests.status, "PENDING"),
        tierCuid === null ? undefined : eq(registrationRequestTiers.cuid, tierCuid),
      ),
    )
    .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.id));
}

/** The organiser's request of this cuid; locked (FOR UPDATE) when `lock`. */
export async function findConsoleRequest(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<ConsoleRequestRow | null> {
  const query = selectRequests(tx)
    .where(
      and(eq(registrationRequests.organiserId, organiserId), eq(registrationRequests.cuid, cuid)),
    )
    .limit(1);
  const [row] = options.lock
    ? await query.for("update", { of: registrationRequests })
    : await query;
  return row ?? null;
}

export type RequestedAvailabilityRow = {
  requestId: number;
  id: number;
  /** its id again, as the approval rules name it */
  availability: number;
  cuid: string;
  startAt: Date;
  endAt: Date;
  location: string | null;
  position: number;
  /** the dates the customer chose on it; [] for its default dates */
  dateIds: number[];
};

/** The availabilities some requests ask for, each request's in its order of preference. */
export function listRequestedAvailabilities(
  tx: TenantTx,
  organiserId: number,
  requestIds: number[],
): Promise<RequestedAvailabilityRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  const requested = registrationRequestAvailabilities;
  return tx
    .select({
      requestId: requested.registrationRequestId,
      id: availabilities.id,
      availability: availabilities.id,
      cuid: availabilities.cuid,
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
      location: locations.title,
      position: requested.position,
      dateIds: requested.availabilityDateIds,
    })
    .from(requested)
    .innerJoin(availabilities, refersTo(availabilities, requested, requested.availabilityId))
    .leftJoin(locations, refersTo(locations, availabilities, availabilities.locationId))
    .where(
      and(
        eq(requested.organiserId, organiserId),
        inArray(requested.registrationRequestId, requestIds),
      ),
    )
    .orderBy(
      asc(requested.registrationRequestId),
      asc(requested.position),
      asc(availabilities.startAt),
    );
}

/** What the customer owes the organiser in all (the customers list's figure). */
export async function customerOutstanding(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<number> {
  const result = await tx.execute<{ outstanding: number }>(
    sql`select ${OUTSTANDING} as outstanding from customers c where c.organiser_id = ${organiserId} and c.id = ${customerId}`,
  );
  return result.rows[0]?.outstanding ?? 0;
}

const HISTORY_LIMIT = 20;

/** The family's latest registrations (every participant of the customer). */
export function listFamilyRegistrations(tx: TenantTx, organiserId: number, customerId: number) {
  return tx
    .select({
      cuid: registrations.cuid,
      firstname: participants.firstname,
      lastname: participants.lastname,
      activity: activities.title,
      startAt: availabilities.startAt,
      cancelled: registrations.cancelled,
      totalAmount: registrations.totalAmount,
      paidAmount: registrations.paidAmount,
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(eq(registrations.organiserId, organiserId), eq(registrations.customerId, customerId)),
    )
    .orderBy(desc(availabilities.startAt), desc(registrations.id))
    .limit(HISTORY_LIMIT);
}

/** The family's other requests, the newest first. */
export function listFamilyRequests(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  exceptId: number,
) {
  return tx
    .select({
      cuid: registrationRequests.cuid,
      firstname: participants.firstname,
      lastname: participants.lastname,
      activity: activities.title,
      status: registrationRequests.status,
      createdAt: registrationRequests.createdAt,
    })
    .from(registrationRequests)
    .innerJoin(
      participants,
      refersTo(participants, registrationRequests, registrationRequests.participantId),
    )
    .innerJoin(
      activities,
      refersTo(activities, registrationRequests, registrationRequests.activityId),
    )
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.customerId, customerId),
        ne(registrationRequests.id, exceptId),
      ),
    )
    .orderBy(desc(registrationRequests.createdAt))
    .limit(HISTORY_LIMIT);
}

/** The registrations an approval's cart made, in start order. */
export function listApprovedRegistrations(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({ cuid: registrations.cuid, startAt: availabilities.startAt })
    .from(registrations)
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cartId, cartId)))
    .orderBy(asc(availabilities.startAt));
}

/**
 * Records staff's answer to a PENDING request (APPROVED with its cart and total, or REJECTED
 * with the message), in one statement guarded by the status: false when it was no longer
 * PENDING (cancelled or answered meanwhile).
 */
export async function decideRequest(
  tx: TenantTx,
  organiserId: number,
  requestId: number,
  decision:
    | { status: "APPROVED"; cartId: number; totalAmount: number; depositAmount: number }
    | { status: "REJECTED"; message: string },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(registrationRequests)
    .set({
      ...(decision.status === "APPROVED"
        ? {
            status: "APPROVED" as const,
            cartId: decision.cartId,
            totalAmount: decision.totalAmount,
            depositAmount: decision.depositAmount,
          }
        : { status: "REJECTED" as const, message: decision.message }),
      statusChangedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.id, requestId),
        eq(registrationRequests.status, "PENDING"),
      ),
    )
    .returning({ id: registrationRequests.id });
  return rows.length > 0;
}

/** What an approval's cart charges: its total with the service fees, and its deposit. */
export async function findCartTotals(tx: TenantTx, organiserId: number, cartId: number) {
  const [row] = await tx
    .select({
      total: sql<number>`(coalesce(${carts.totalAmount}, 0) + ${carts.serviceFees})::int`,
      deposit: sql<number>`coalesce(${carts.depositAmount}, 0)::int`,
    })
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
  if (!row) throw new Error(`cart ${cartId} of an approval vanished`);
  return row;
}

/** The tiers of the organiser's activity of this cuid, in their order. */
export function listActivityTiers(tx: TenantTx, organiserId: number, activityCuid: string) {
  return tx
    .select({ cuid: registrationRequestTiers.cuid, name: registrationRequestTiers.name })
    .from(registrationRequestTiers)
    .innerJoin(
      activities,
      refersTo(activities, registrationRequestTiers, registrationRequestTiers.activityId),
    )
    .where(
      and(eq(registrationRequestTiers.organiserId, organiserId), eq(activities.cuid, activityCuid)),
    )
    .orderBy(asc(registrationRequestTiers.position), asc(registrationRequestTiers.id));
}

/** The availabilities each of some participants holds a live (not cancelled) registration on. */
export async function listRegisteredAvailabilities(
  tx: TenantTx,
  organiserId: number,
  participantIds: number[],
  availabilityIds: number[],
): Promise<Map<number, Set<number>>> {
  const taken = new Map<number, Set<number>>();
  if (participantIds.length === 0 || availabilityIds.length === 0) return taken;
  const rows = await tx
    .selectDistinct({
      participantId: registrations.participantId,
      availabilityId: registrations.availabilityId,
    })
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        inArray(registrations.participantId, participantIds),
        inArray(registrations.availabilityId, availabilityIds),
        eq(registrations.cancelled, false),
      ),
    );
  for (const row of rows) {
    const own = taken.get(row.participantId) ?? new Set<number>();
    own.add(row.availabilityId);
    taken.set(row.participantId, own);
  }
  return taken;
}
