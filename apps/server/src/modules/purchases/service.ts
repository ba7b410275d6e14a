import {
  type AccountItemsReader,
  type accountListQuery,
  CART_LIST_ITEMS_SHOWN,
  type CartListItem,
  type CustomerBundleDetail,
  type CustomerBundleListItem,
  type OwnedMembershipView,
} from "@booking/contracts";
import {
  bundleRemaining,
  customerBundleState,
  membershipState,
  orderPaymentBadge,
} from "@booking/domain";
import type { z } from "zod";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  amountsView,
  customerItemByCuid,
  customerListPage,
  iso,
  isoOrNull,
  ownerImages,
  participantRef,
} from "../account-items/views.ts";
import {
  type CustomerBundleRow,
  type CustomerMembershipRow,
  findCustomerBundle,
  findCustomerMembership,
  listBundleRegistrations,
  listCartItemTitles,
  listCustomerBundles,
  listCustomerMemberships,
  listProcessedCarts,
} from "./queries.ts";

// What the customer bought, in the account area (platform-and-account.md §2.3, §3.5, §4): their
// orders (processed carts; GET /api/carts/{cuid} of the checkout module is an order's detail),
// bundles and memberships. Decision record: docs/decisions/0018-account-items.md.

type ListQuery = z.output<typeof accountListQuery>;

/** GET /api/carts: one page of the customer's orders, the latest first. */
export function listOrders(
  context: ServiceContext,
  query: ListQuery,
): ReturnType<AccountItemsReader["carts"]> {
  return customerListPage(context, query, listProcessedCarts, (rows) => orderViews(context, rows));
}

async function orderViews(
  context: ServiceContext,
  rows: Awaited<ReturnType<typeof listProcessedCarts>>["rows"],
): Promise<CartListItem[]> {
  const { db, organiser } = context;
  const items = await listCartItemTitles(
    db,
    organiser.id,
    rows.map((row) => row.cart.id),
    CART_LIST_ITEMS_SHOWN,
  );
  return rows.map(({ cart, itemsCount, amountDue, bookingShares }): CartListItem => {
    const total = cart.totalAmount ?? 0;
    return {
      id: cart.id,
      cuid: cart.cuid,
      reference: cart.reference ?? "",
      processed_at: iso(cart.processedAt ?? cart.createdAt),
      created_at: iso(cart.createdAt),
      total_amount: total,
      paid_amount: cart.paidAmount,
      outstanding_amount: amountDue,
      payment: orderPaymentBadge({
        total,
        service_fees: cart.serviceFees,
        booking_shares: bookingShares,
        outstanding: amountDue,
      }),
      items_count: itemsCount,
      items: items
        .filter((item) => item.cartId === cart.id)
        .map((item) => ({
          type: item.type,
          title:
            item.activity ?? item.bundle ?? item.voucher ?? item.membership ?? item.resource ?? "",
          participant: item.participant ? participantRef(item.participant).fullname : null,
        })),
    };
  });
}

function cartRef(cart: { cuid: string; reference: string | null } | null) {
  return cart?.reference ? { cuid: cart.cuid, reference: cart.reference } : null;
}

async function bundleViews(
  context: ServiceContext,
  rows: CustomerBundleRow[],
  now: Date,
): Promise<CustomerBundleListItem[]> {
  const imagesOf = await ownerImages(
    context,
    "bundle",
    rows.map((row) => row.product.id),
  );
  return rows.map(({ row, product, participant, cart }) => ({
    id: row.id,
    cuid: row.cuid,
    bundle: { ...product, images: imagesOf(product.id) },
    participant: participant ? participantRef(participant) : null,
    capacity: row.capacity,
    used: row.used,
    remaining: bundleRemaining(row),
    expires_at: isoOrNull(row.expiresAt),
    state: customerBundleState(
      { capacity: row.capacity, used: row.used, expires_at: row.expiresAt },
      now,
    ),
    ...amountsView(row),
    cart: cartRef(cart),
    created_at: iso(row.createdAt),
  }));
}

/** GET /api/customer-bundles: one page of the customer's bundles, the latest first. */
export function listBundles(context: ServiceContext, query: ListQuery) {
  return customerListPage(context, query, listCustomerBundles, (rows) =>
    bundleViews(context, rows, new Date()),
  );
}

/** GET /api/customer-bundles/{cuid}: with the registrations it paid for; null when not theirs. */
export async function bundleByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<CustomerBundleDetail | null> {
  return customerItemByCuid(context, cuid, findCustomerBundle, async (row, customerId) => {
    const [view] = await bundleViews(context, [row], new Date());
    const used = await listBundleRegistrations(
      context.db,
      context.organiser.id,
      customerId,
      row.row.id,
    );
    return {
      ...view!,
      registrations: used.map(({ registration, participant, activity, startAt, endAt }) => ({
        ...registration,
        participant: participantRef(participant),
        activity,
        start_at: iso(startAt),
        end_at: iso(endAt),
      })),
    };
  });
}

async function membershipViews(
  context: ServiceContext,
  rows: CustomerMembershipRow[],
  now: Date,
): Promise<OwnedMembershipView[]> {
  const imagesOf = await ownerImages(
    context,
    "membership",
    rows.map((row) => row.product.id),
  );
  return rows.map(({ row, product, participant, cart }) => ({
    id: row.id,
    cuid: row.cuid,
    membership: { ...product, images: imagesOf(product.id) },
    participant: participant ? participantRef(participant) : null,
    start_at: iso(row.startAt),
    end_at: iso(row.endAt),
    cancelled: row.cancelled,
    state: membershipState(
      { cancelled: row.cancelled, start_at: row.startAt, end_at: row.endAt },
      now,
    ),
    ...amountsView(row, row.cancelled),
    cart: cartRef(cart),
    created_at: iso(row.createdAt),
  }));
}

/** GET /api/customer-memberships: one page of the customer's memberships, the latest first. */
export function listMemberships(context: ServiceContext, query: ListQuery) {
  return customerListPage(context, query, listCustomerMemberships, (rows) =>
    membershipViews(context, rows, new Date()),
  );
}

/** GET /api/customer-memberships/{cuid}: null when it is not the customer's. */
export async function membershipByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<OwnedMembershipView | null> {
  return customerItemByCuid(context, cuid, findCustomerMembership, async (row) => {
    const [view] = await membershipViews(context, [row], new Date());
    return view!;
  });
}
