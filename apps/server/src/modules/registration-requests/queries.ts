import {
  activities,
  availabilities,
  carts,
  locations,
  participants,
  registrationRequestAvailabilities,
  registrationRequests,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, inArray, type SQL, sql } from "@booking/db/orm";
import { countRows, ownedByCustomer } from "../account-items/queries.ts";
import { participantColumns, refersTo } from "../carts/queries.ts";

// Every query filters by organiser and customer explicitly; row-level security is the second wall.

export type RegistrationRequestRow = typeof registrationRequests.$inferSelect;

export type RegistrationRequestListRow = {
  request: RegistrationRequestRow;
  participant: { id: number; cuid: string; firstname: string; lastname: string };
  activity: { id: number; cuid: string; title: string };
  /** the order an approval made, through which the family pays (decision 0061); else nulls */
  order: { reference: string | null; total: number | null; paid: number | null } | null;
};

function ownedBy(organiserId: number, customerId: number, condition?: SQL) {
  return ownedByCustomer(registrationRequests, organiserId, customerId, condition);
}

function selectRequests(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select({
      request: registrationRequests,
      participant: participantColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      order: {
        reference: carts.reference,
        total: sql<number | null>`(${carts.totalAmount} + ${carts.serviceFees})::int`,
        paid: carts.paidAmount,
      },
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
    .leftJoin(carts, refersTo(carts, registrationRequests, registrationRequests.cartId))
    .where(where);
}

/** One page of the customer's requests, the newest first, and how many they have. */
export async function listCustomerRequests(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: RegistrationRequestListRow[]; count: number }> {
  const rows = await selectRequests(tx, ownedBy(organiserId, customerId))
    .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows,
    count: await countRows(tx, registrationRequests, ownedBy(organiserId, customerId)),
  };
}

/** The customer's request with this cuid or id; null when it is not theirs. */
export async function findCustomerRequest(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  key: { cuid: string } | { id: number },
): Promise<RegistrationRequestListRow | null> {
  const [row] = await selectRequests(
    tx,
    ownedBy(
      organiserId,
      customerId,
      "cuid" in key ? eq(registrationRequests.cuid, key.cuid) : eq(registrationRequests.id, key.id),
    ),
  ).limit(1);
  return row ?? null;
}

/**
 * Cancels the customer's request if it is still PENDING, in one statement (a concurrent
 * approval and this cancel cannot both win): answers whether it was cancelled. Without a
 * request id, every pending request of the customer (their account is being deleted).
 */
export async function cancelPendingRequest(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  requestId: number | null,
  now: Date,
): Promise<boolean> {
  const pending = eq(registrationRequests.status, "PENDING");
  const rows = await tx
    .update(registrationRequests)
    .set({ status: "CANCELLED", statusChangedAt: now, updatedAt: now })
    .where(
      ownedBy(
        organiserId,
        customerId,
        requestId === null ? pending : and(eq(registrationRequests.id, requestId), pending),
      ),
    )
    .returning({ id: registrationRequests.id });
  return rows.length > 0;
}

export type RequestAvailabilityRow = {
  requestId: number;
  availability: { id: number; cuid: string; startAt: Date; endAt: Date };
  location: { title: string; city: string | null } | null;
};

/** The availabilities of some requests, each request's in its order of preference. */
export async function listRequestAvailabilities(
  tx: TenantTx,
  organiserId: number,
  requestIds: number[],
): Promise<RequestAvailabilityRow[]> {
  if (requestIds.length === 0) return [];
  return tx
    .select({
      requestId: registrationRequestAvailabilities.registrationRequestId,
      availability: {
        id: availabilities.id,
        cuid: availabilities.cuid,
        startAt: availabilities.startAt,
        endAt: availabilities.endAt,
      },
      location: { title: locations.title, city: locations.city },
    })
    .from(registrationRequestAvailabilities)
    .innerJoin(
      availabilities,
      refersTo(
        availabilities,
        registrationRequestAvailabilities,
        registrationRequestAvailabilities.availabilityId,
      ),
    )
    .leftJoin(locations, refersTo(locations, availabilities, availabilities.locationId))
    .where(
      and(
        eq(registrationRequestAvailabilities.organiserId, organiserId),
        inArray(registrationRequestAvailabilities.registrationRequestId, requestIds),
      ),
    )
    .orderBy(
      asc(registrationRequestAvailabilities.registrationRequestId),
      asc(registrationRequestAvailabilities.position),
      asc(availabilities.startAt),
    );
}
