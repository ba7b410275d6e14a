import {
  activities,
  availabilities,
  bundles,
  cartItems,
  carts,
  customerBundles,
  customerMemberships,
  memberships,
  participants,
  registrations,
  type TenantTx,
  vouchers,
} from "@booking/db";
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "@booking/db/orm";
import { countRows, ownedByCustomer } from "../account-items/queries.ts";
import { participantColumns, refersTo } from "../carts/queries.ts";
import { cartsWithDue } from "../payments/console-queries.ts";

// What the customer bought: their processed carts (orders), bundles and memberships. Every
// query filters by organiser and customer explicitly; row-level security is the second wall.

type Page = { limit: number; offset: number };

// --- Carts ------------------------------------------------------------------------------------

function processedCartsOf(organiserId: number, customerId: number) {
  return ownedByCustomer(carts, organiserId, customerId, isNotNull(carts.processedAt));
}

/** One page of the customer's processed carts, the latest first, with their item counts. */
export async function listProcessedCarts(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: Page,
) {
  const itemsCount = tx
    .select({ value: count() })
    .from(cartItems)
    .where(and(eq(cartItems.organiserId, carts.organiserId), eq(cartItems.cartId, carts.id)));
  // What the order itself still owes, by the rule of the account's payments and the console's
  // outstanding list, and the booking shares its total holds (owed on the bookings, decision 0079).
  const amountDue = sql`(select d.amount_due from (${cartsWithDue(organiserId)}) d where d.id = ${carts.id})`;
  const bookingShares = tx
    .select({ value: sql`coalesce(sum(${cartItems.price}), 0)` })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.organiserId, carts.organiserId),
        eq(cartItems.cartId, carts.id),
        eq(cartItems.type, "BOOKING"),
      ),
    );
  const rows = await tx
    .select({
      cart: carts,
      itemsCount: sql<number>`(${itemsCount})`.mapWith(Number),
      amountDue: sql<number>`${amountDue}`.mapWith(Number),
      bookingShares: sql<number>`(${bookingShares})`.mapWith(Number),
    })
    .from(carts)
    .where(processedCartsOf(organiserId, customerId))
    .orderBy(desc(carts.processedAt), desc(carts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: await countRows(tx, carts, processedCartsOf(organiserId, customerId)) };
}

/**
 * The first `perCart` items of each of some carts, in the cart's order, with the title of what
 * each is (activity, bundle, voucher, membership or booked resource) and its participant.
 */
export async function listCartItemTitles(
  tx: TenantTx,
  organiserId: number,
  cartIds: number[],
  perCart: number,
) {
  if (cartIds.length === 0) return [];
  const ranked = tx
    .select({
      id: cartItems.id,
      rank: sql<number>`row_number() over (partition by ${cartItems.cartId} order by ${cartItems.createdAt}, ${cartItems.id})`.as(
        "rank",
      ),
    })
    .from(cartItems)
    .where(and(eq(cartItems.organiserId, organiserId), inArray(cartItems.cartId, cartIds)))
    .as("ranked");
  return tx
    .select({
      cartId: cartItems.cartId,
      type: cartItems.type,
      participant: participantColumns,
      activity: activities.title,
      bundle: bundles.title,
      voucher: vouchers.title,
      membership: memberships.title,
      resource: sql<string | null>`${cartItems.payload} -> 'booking' -> 'resource' ->> 'name'`,
    })
    .from(cartItems)
    .innerJoin(ranked, eq(ranked.id, cartItems.id))
    .leftJoin(participants, refersTo(participants, cartItems, cartItems.participantId))
    .leftJoin(availabilities, refersTo(availabilities, cartItems, cartItems.availabilityId))
    .leftJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(bundles, refersTo(bundles, cartItems, cartItems.bundleId))
    .leftJoin(vouchers, refersTo(vouchers, cartItems, cartItems.voucherId))
    .leftJoin(memberships, refersTo(memberships, cartItems, cartItems.membershipId))
    .where(and(eq(cartItems.organiserId, organiserId), sql`${ranked.rank} <= ${perCart}`))
    .orderBy(asc(cartItems.cartId), asc(ranked.rank));
}

// --- Bundles ----------------------------------------------------------------------------------

function bundlesOf(organiserId: number, customerId: number, condition?: SQL) {
  return ownedByCustomer(customerBundles, organiserId, customerId, condition);
}

function selectBundles(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select({
      row: customerBundles,
      product: {
        id: bundles.id,
        cuid: bundles.cuid,
        title: bundles.title,
        entity: bundles.entity,
      },
      participant: participantColumns,
      cart: { cuid: carts.cuid, reference: carts.reference },
    })
    .from(customerBundles)
    .innerJoin(bundles, refersTo(bundles, customerBundles, customerBundles.bundleId))
    .leftJoin(participants, refersTo(participants, customerBundles, customerBundles.participantId))
    .leftJoin(carts, refersTo(carts, customerBundles, customerBundles.cartId))
    .where(where);
}

export type CustomerBundleRow = Awaited<ReturnType<typeof selectBundles>>[number];

/** One page of the customer's bundles, the latest first. */
export async function listCustomerBundles(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: Page,
) {
  const rows = await selectBundles(tx, bundlesOf(organiserId, customerId))
    .orderBy(desc(customerBundles.createdAt), desc(customerBundles.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: await countRows(tx, customerBundles, bundlesOf(organiserId, customerId)) };
}

export async function findCustomerBundle(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<CustomerBundleRow | null> {
  const [row] = await selectBundles(
    tx,
    bundlesOf(organiserId, customerId, eq(customerBundles.cuid, cuid)),
  ).limit(1);
  return row ?? null;
}

/** The customer's registrations a bundle paid for, by start. */
export function listBundleRegistrations(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  customerBundleId: number,
) {
  return tx
    .select({
      registration: {
        id: registrations.id,
        cuid: registrations.cuid,
        cancelled: registrations.cancelled,
      },
      participant: participantColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.customerId, customerId),
        eq(registrations.bundleId, customerBundleId),
      ),
    )
    .orderBy(asc(availabilities.startAt), asc(registrations.id));
}

// --- Memberships ------------------------------------------------------------------------------

function membershipsOf(organiserId: number, customerId: number, condition?: SQL) {
  return ownedByCustomer(customerMemberships, organiserId, customerId, condition);
}

function selectMemberships(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select({
      row: customerMemberships,
      product: {
        id: memberships.id,
        cuid: memberships.cuid,
        title: memberships.title,
        entity: memberships.entity,
      },
      participant: participantColumns,
      cart: { cuid: carts.cuid, reference: carts.reference },
    })
    .from(customerMemberships)
    .innerJoin(
      memberships,
      refersTo(memberships, customerMemberships, customerMemberships.membershipId),
    )
    .leftJoin(
      participants,
      refersTo(participants, customerMemberships, customerMemberships.participantId),
    )
    .leftJoin(carts, refersTo(carts, customerMemberships, customerMemberships.cartId))
    .where(where);
}

export type CustomerMembershipRow = Awaited<ReturnType<typeof selectMemberships>>[number];

/** One page of the customer's memberships, the latest period first. */
export async function listCustomerMemberships(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: Page,
) {
  const rows = await selectMemberships(tx, membershipsOf(organiserId, customerId))
    .orderBy(desc(customerMemberships.startAt), desc(customerMemberships.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows,
    count: await countRows(tx, customerMemberships, membershipsOf(organiserId, customerId)),
  };
}

export async function findCustomerMembership(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<CustomerMembershipRow | null> {
  const [row] = await selectMemberships(
    tx,
    membershipsOf(organiserId, customerId, eq(customerMemberships.cuid, cuid)),
  ).limit(1);
  return row ?? null;
}
