import type { ImageView, ListEnvelope } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { fullName, paymentBadge } from "@booking/domain";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { loadImages } from "../catalogue/queries.ts";
import { imageView } from "../catalogue/views.ts";
import { transferEpcQr } from "../payments/epc-qr.ts";

// What the account-item modules (registration requests, bookings, attendance charges, purchases)
// share: the paging of their lists and the small views every item shows.

/** page_number / page_size of a list call as the limit and offset of its query. */
export function pageOf(query: { page_number: number; page_size: number }): {
  limit: number;
  offset: number;
} {
  return { limit: query.page_size, offset: (query.page_number - 1) * query.page_size };
}

/** The list envelope of one page. */
export function envelope<T>(
  data: T[],
  count: number,
  page: { limit: number; offset: number },
): ListEnvelope<T> {
  return { data, count, limit: page.limit, offset: page.offset };
}

export const iso = (value: Date) => value.toISOString();
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** A participant as the account items name them. */
export function participantRef(row: {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
}): { id: number; cuid: string; fullname: string } {
  return { id: row.id, cuid: row.cuid, fullname: fullName(row.firstname, row.lastname) };
}

/**
 * One page of a list of the logged-in customer's rows (401 UNAUTHENTICATED for a visitor): the
 * rows of `read` for that page, turned into their views by `view`.
 */
export async function customerListPage<Row, Item>(
  context: ServiceContext,
  query: { page_number: number; page_size: number },
  read: (
    db: TenantTx,
    organiserId: number,
    customerId: number,
    page: { limit: number; offset: number },
  ) => Promise<{ rows: Row[]; count: number }>,
  view: (rows: Row[], customerId: number) => Promise<Item[]>,
): Promise<ListEnvelope<Item>> {
  const customer = requireCustomer(context);
  const page = pageOf(query);
  const { rows, count } = await read(context.db, context.organiser.id, customer.customerId, page);
  return envelope(await view(rows, customer.customerId), count, page);
}

/**
 * The logged-in customer's item with this cuid, as its view: null for a visitor and when it is
 * not theirs (the routes answer 404, the page loaders their 404 page).
 */
export async function customerItemByCuid<Row, Item>(
  context: ServiceContext,
  cuid: string,
  find: (
    db: TenantTx,
    organiserId: number,
    customerId: number,
    cuid: string,
  ) => Promise<Row | null>,
  view: (row: Row, customerId: number) => Promise<Item>,
): Promise<Item | null> {
  if (context.actor.kind !== "customer") return null;
  const { customerId } = context.actor;
  const row = await find(context.db, context.organiser.id, customerId, cuid);
  return row ? view(row, customerId) : null;
}

/**
 * The bank transfer that settles what is still owed on an item (a registration, an approved
 * request): null when the organiser takes no transfers or nothing is owed.
 */
export function bankTransferView(
  organiser: ServiceContext["organiser"],
  amount: number,
  reference: string,
) {
  return organiser.settings.bank_transfers_payments_activated && amount > 0
    ? {
        beneficiary: organiser.legalName ?? organiser.name,
        iban: organiser.iban,
        bic: organiser.bic,
        amount,
        reference,
        epc_qr: transferEpcQr(organiser, amount, reference),
      }
    : null;
}

/**
 * An item's total, what was paid and its §4 payment badge (a booking, a bundle, a membership,
 * an attendance charge); `settled`: nothing more is asked (a cancelled membership), no badge.
 */
export function amountsView(row: { totalAmount: number; paidAmount: number }, settled = false) {
  return {
    total_amount: row.totalAmount,
    paid_amount: row.paidAmount,
    payment: settled ? null : paymentBadge({ total: row.totalAmount, paid: row.paidAmount }),
  };
}

/**
 * The images of some owners (activities, resources, products) read in one query; then each
 * owner's, in their order, as the API shows them.
 */
export async function ownerImages(
  context: ServiceContext,
  kind: Parameters<typeof loadImages>[2],
  ownerIds: number[],
): Promise<(ownerId: number) => ImageView[]> {
  const images = await loadImages(context.db, context.organiser.id, kind, [...new Set(ownerIds)]);
  return (ownerId) => images.filter((image) => image.ownerId === ownerId).map(imageView);
}
