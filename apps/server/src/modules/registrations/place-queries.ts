import {
  type CartItemPayload,
  cartItems,
  carts,
  queryPrepared,
  registrations,
  type TenantTx,
} from "@booking/db";
import type { NewRegistration } from "../checkout/queries.ts";

// The writes of a batch of places given by staff (`givePlaces`): one multi-row statement per
// table and chunk of 1,000 places, whatever the number of places.

/** Rows per multi-row INSERT: bounds each statement's parameters and the memory it takes. */
const CHUNK = 1000;

function chunks<T>(values: readonly T[]): T[][] {
  const list: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) {
    list.push(values.slice(start, start + CHUNK));
  }
  return list;
}

/**
 * A cart of one place given by staff (`cuid` made by the caller, to find its id again), created
 * processed: it is never the customer's open cart and no add lands in it.
 */
export type NewProcessedCart = Pick<
  typeof carts.$inferInsert,
  | "cuid"
  | "organiserId"
  | "customerId"
  | "reference"
  | "processedAt"
  | "paymentPendingAt"
  | "termsAcceptedAt"
  | "paymentStrategy"
  | "totalAmount"
  | "depositAmount"
  | "paidAmount"
  | "walletUsed"
  | "serviceFees"
> & { cuid: string };

/** The carts' ids by their cuids. */
export async function insertProcessedCarts(
  tx: TenantTx,
  values: NewProcessedCart[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(values)) {
    const rows = await tx.insert(carts).values(chunk).returning({ id: carts.id, cuid: carts.cuid });
    for (const row of rows) ids.set(row.cuid, row.id);
  }
  return ids;
}

export type NewRegistrationItem = {
  cuid: string;
  organiserId: number;
  cartId: number;
  participantId: number;
  availabilityId: number;
  price: number;
  deposit: number;
  payload: CartItemPayload;
  expiresAt: Date;
};

/** REGISTRATION items (their holds are not written: the places are registered at once). */
export async function insertRegistrationItems(
  tx: TenantTx,
  values: NewRegistrationItem[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(values)) {
    const rows = await tx
      .insert(cartItems)
      .values(chunk.map((item) => ({ ...item, type: "REGISTRATION" as const })))
      .returning({ id: cartItems.id, cuid: cartItems.cuid });
    for (const row of rows) ids.set(row.cuid, row.id);
  }
  return ids;
}

/** Registrations with their dates; each one's id and cuid by its cart item id. */
export async function insertRegistrations(
  tx: TenantTx,
  values: Array<NewRegistration & { dateIds: number[] }>,
): Promise<Map<number, { id: number; cuid: string }>> {
  const created = new Map<number, { id: number; cuid: string }>();
  for (const chunk of chunks(values)) {
    const rows = await tx
      .insert(registrations)
      .values(chunk.map(({ dateIds: _dates, ...registration }) => registration))
      .returning({
        id: registrations.id,
        cuid: registrations.cuid,
        cartItemId: registrations.cartItemId,
      });
    for (const row of rows) created.set(row.cartItemId!, { id: row.id, cuid: row.cuid });
    const dates = chunk.flatMap((registration) =>
      registration.dateIds.map((dateId) => [created.get(registration.cartItemId!)!.id, dateId]),
    );
    await queryPrepared(tx, "places_insert_registration_dates", INSERT_DATES, [
      chunk[0]!.organiserId,
      dates.map(([registrationId]) => registrationId),
      dates.map(([, dateId]) => dateId),
    ]);
  }
  return created;
}

const INSERT_DATES = `insert into registration_dates (organiser_id, registration_id, availability_date_id)
  select $1, d.registration_id, d.date_id
    from unnest($2::int[], $3::int[]) as d(registration_id, date_id)`;

/**
 * `registered` += the places on each date, provided each still fits its capacity, in ONE
 * statement (the dates locked by the caller); false when one does not fit.
 */
export async function addRegistered(
  tx: TenantTx,
  organiserId: number,
  places: Map<number, number>,
  now: Date,
): Promise<boolean> {
  const sorted = [...places].sort((a, b) => a[0] - b[0]);
  const rows = await queryPrepared(tx, "places_add_registered", ADD_REGISTERED, [
    organiserId,
    sorted.map(([id]) => id),
    sorted.map(([, count]) => count),
    now,
  ]);
  return rows.length === sorted.length;
}

const ADD_REGISTERED = `update availability_dates d
     set registered = d.registered + p.places, updated_at = $4
    from unnest($2::int[], $3::int[]) as p(id, places)
   where d.organiser_id = $1 and d.id = p.id
     and (d.capacity is null or d.registered + p.places <= d.capacity)
  returning d.id`;
