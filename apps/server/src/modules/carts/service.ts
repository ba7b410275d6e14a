import type { addCartItemsBody, CartItemView, CartView } from "@booking/contracts";
import { addFormState, fullName, hasFreePlaces, isDateSelectable } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import {
  type CartRow,
  countLiveHolds,
  deleteExpiredItems,
  deleteItem,
  findAvailabilitiesForCart,
  findOpenCart,
  findOwnOpenItem,
  findOwnParticipantIds,
  findProducts,
  type ItemDateRow,
  insertItemDates,
  insertItems,
  type LiveItemRow,
  listItemDates,
  listLiveItems,
  lockDates,
  type NewCartItem,
  openCart,
} from "./queries.ts";

type AddInput = z.output<typeof addCartItemsBody>;

const unique = (values: Array<number | null | undefined>) => [
  ...new Set(values.filter((value): value is number => typeof value === "number")),
];

/**
 * POST /api/carts/items: adds registrations, bundles, vouchers and memberships to the customer's
 * open cart, in ONE transaction (the request's). Every item holds its places until
 * `now + organiser.settings.carts_expiration_delay` seconds.
 *
 * Capacity is never exceeded, whatever the concurrency: the chosen dates are locked
 * (`SELECT … FOR UPDATE`, in id order), then registered + live holds + the places asked for are
 * compared with each date's capacity, and only then are the holds inserted. A concurrent add on
 * the same dates waits on the lock and counts these holds once this transaction commits.
 */
export async function addCartItems(context: ServiceContext, input: AddInput): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const organiserId = organiser.id;
  // The body names the customer (spec §7): it can only be the logged-in one.
  if (input.customer_id !== undefined && input.customer_id !== customer.customerId) {
    throw new AppError("CUSTOMER_NOT_FOUND");
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + organiser.settings.carts_expiration_delay * 1000);

  // Participants: the customer's own, else they do not exist here.
  const participantIds = unique([
    ...input.registrations.map((registration) => registration.participant_id),
    ...input.bundles.map((bundle) => bundle.participant_id),
    ...input.memberships.map((membership) => membership.participant_id),
  ]);
  const own = await findOwnParticipantIds(db, organiserId, customer.customerId, participantIds);
  if (participantIds.some((id) => !own.has(id))) throw new AppError("PARTICIPANT_NOT_FOUND");

  // Availabilities of this organiser (published activities), open for registrations now.
  const availabilities = await findAvailabilitiesForCart(
    db,
    organiserId,
    unique(input.registrations.map((registration) => registration.availability_id)),
  );
  for (const registration of input.registrations) {
    const availability = availabilities.get(registration.availability_id);
    if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");
    const state = addFormState(
      {
        status: availability.status,
        start_at: availability.startAt,
        end_at: availability.endAt,
        registrations_start_at: availability.registrationsStartAt,
        registrations_end_at: availability.registrationsEndAt,
        allow_registrations_after_start: availability.allowRegistrationsAfterStart,
      },
      now,
    );
    if (state.kind === "full") throw new AppError("AVAILABILITY_FULL");
    if (state.kind !== "open") throw new AppError("AVAILABILITY_NOT_OPEN");
  }

  const [bundles, vouchers, memberships] = await Promise.all([
    findProducts(db, organiserId, "bundle", unique(input.bundles.map((entry) => entry.bundle_id))),
    findProducts(
      db,
      organiserId,
      "voucher",
      unique(input.vouchers.map((entry) => entry.voucher_id)),
    ),
    findProducts(
      db,
      organiserId,
      "membership",
      unique(input.memberships.map((entry) => entry.membership_id)),
    ),
  ]);
  if (input.bundles.some((entry) => !bundles.has(entry.bundle_id))) {
    throw new AppError("BUNDLE_NOT_FOUND");
  }
  if (input.vouchers.some((entry) => !vouchers.has(entry.voucher_id))) {
    throw new AppError("VOUCHER_NOT_FOUND");
  }
  if (input.memberships.some((entry) => !memberships.has(entry.membership_id))) {
    throw new AppError("MEMBERSHIP_NOT_FOUND");
  }

  // Places asked for on each date: a registration of quantity q holds q places on each of its
  // (distinct) dates.
  const asked = new Map<number, number>();
  const datesOf = input.registrations.map((registration) =>
    unique(registration.availability_dates.map((date) => date.date_id)),
  );
  input.registrations.forEach((registration, index) => {
    for (const dateId of datesOf[index]!) {
      asked.set(dateId, (asked.get(dateId) ?? 0) + registration.quantity);
    }
  });

  // Capacity: lock, count, refuse or go on. Locks are taken before anything is written.
  const dateIds = [...asked.keys()];
  const locked = new Map((await lockDates(db, organiserId, dateIds)).map((row) => [row.id, row]));
  const holds = await countLiveHolds(db, organiserId, dateIds, now);
  input.registrations.forEach((registration, index) => {
    for (const dateId of datesOf[index]!) {
      const date = locked.get(dateId);
      // A date of another availability (or organiser) cannot be picked for this one.
      if (!date || date.availabilityId !== registration.availability_id) {
        throw new AppError("DATE_NOT_SELECTABLE");
      }
      // Places taken: the registrations plus the live holds of every cart (this one included).
      const taken = {
        capacity: date.capacity,
        registered: date.registered + (holds.get(dateId) ?? 0),
      };
      const selectable = isDateSelectable(
        { id: date.id, status: date.status, start_at: date.startAt, ...taken },
        now,
      );
      if (!selectable) {
        const full = date.status === "FULL" || (date.status === "OPEN" && !hasFreePlaces(taken));
        throw new AppError(full ? "AVAILABILITY_FULL" : "DATE_NOT_SELECTABLE");
      }
      if (taken.capacity !== null && taken.registered + asked.get(dateId)! > taken.capacity) {
        throw new AppError("AVAILABILITY_FULL");
      }
    }
  });

  const cart = await openCart(db, organiserId, customer.customerId);
  // Housekeeping: the expired items of this cart go (they already hold nothing).
  await deleteExpiredItems(db, organiserId, cart.id, now);

  const base = { organiserId, cartId: cart.id, expiresAt };
  for (const [index, registration] of input.registrations.entries()) {
    const availability = availabilities.get(registration.availability_id)!;
    // Price for now: the availability's price and deposit. Follow-up: the pricing engine of
    // packages/domain (the estimate of POST /api/carts/items/estimate: options, volume and
    // partial-registration rules) replaces it when it lands.
    const unit: NewCartItem = {
      ...base,
      type: "REGISTRATION",
      participantId: registration.participant_id,
      availabilityId: availability.id,
      price: availability.price,
      deposit: availability.deposit,
      payload: { options: registration.options, questions: registration.questions },
    };
    // One item per place: the units of one registration are interchangeable.
    const itemIds = await insertItems(
      db,
      Array.from({ length: registration.quantity }, () => unit),
    );
    await insertItemDates(db, organiserId, itemIds, datesOf[index]!);
  }
  // Same follow-up as above: the product's price stands until the pricing engine prices items.
  await insertItems(db, [
    ...input.bundles.map(
      (entry): NewCartItem => ({
        ...base,
        type: "BUNDLE",
        bundleId: entry.bundle_id,
        participantId: entry.participant_id,
        price: bundles.get(entry.bundle_id)!.price,
      }),
    ),
    ...input.vouchers.map(
      (entry): NewCartItem => ({
        ...base,
        type: "VOUCHER",
        voucherId: entry.voucher_id,
        price: vouchers.get(entry.voucher_id)!.price,
      }),
    ),
    ...input.memberships.map(
      (entry): NewCartItem => ({
        ...base,
        type: "MEMBERSHIP",
        membershipId: entry.membership_id,
        participantId: entry.participant_id,
        price: memberships.get(entry.membership_id)!.price,
      }),
    ),
  ]);
  return cartView(context, cart, now);
}

/** DELETE /api/carts/items?item_id=: an item of the customer's open cart, live or expired. */
export async function removeCartItem(context: ServiceContext, itemId: number): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const item = await findOwnOpenItem(db, organiser.id, customer.customerId, itemId);
  if (!item) throw new AppError("CART_ITEM_NOT_FOUND");
  await deleteItem(db, organiser.id, item.id);
  const cart = await findOpenCart(db, organiser.id, customer.customerId);
  return cartView(context, cart!, new Date());
}

/** GET /api/carts/current: the open cart with its live items, or null. */
export async function currentCart(context: ServiceContext): Promise<CartView | null> {
  const customer = requireCustomer(context);
  const cart = await findOpenCart(context.db, context.organiser.id, customer.customerId);
  return cart ? cartView(context, cart, new Date()) : null;
}

/**
 * The cart with its LIVE items only: an expired item is neither shown, counted nor totalled.
 * Order of the cart panel: non-registration items first, then registrations by first date.
 */
async function cartView(context: ServiceContext, cart: CartRow, now: Date): Promise<CartView> {
  const { db, organiser } = context;
  const rows = await listLiveItems(db, organiser.id, cart.id, now);
  const dates = await listItemDates(
    db,
    organiser.id,
    rows.map((row) => row.item.id),
  );
  const datesByItem = new Map<number, ItemDateRow[]>();
  for (const date of dates) {
    const list = datesByItem.get(date.cartItemId) ?? [];
    list.push(date);
    datesByItem.set(date.cartItemId, list);
  }
  const items = rows.map((row) => itemView(row, datesByItem.get(row.item.id) ?? []));
  const firstStart = (item: CartItemView) =>
    item.availability_dates[0]?.date.start_at ?? item.availability?.start_at ?? "";
  const ordered = [
    ...items.filter((item) => item.type !== "REGISTRATION"),
    ...items
      .filter((item) => item.type === "REGISTRATION")
      .map((item, index) => ({ item, index, start: firstStart(item) }))
      .sort((a, b) => a.start.localeCompare(b.start) || a.index - b.index)
      .map(({ item }) => item),
  ];
  return {
    id: cart.id,
    cuid: cart.cuid,
    reference: cart.reference,
    coupon_id: cart.couponId,
    items: ordered,
    total: ordered.reduce((sum, item) => sum + item.price, 0),
    deposit: ordered.reduce((sum, item) => sum + item.deposit, 0),
    count: ordered.length,
    processed_at: cart.processedAt?.toISOString() ?? null,
    created_at: cart.createdAt.toISOString(),
  };
}

function itemView(row: LiveItemRow, dates: ItemDateRow[]): CartItemView {
  const { item } = row;
  return {
    id: item.id,
    cuid: item.cuid,
    type: item.type,
    price: item.price,
    deposit: item.deposit,
    expires_at: item.expiresAt.toISOString(),
    participant: row.participant
      ? {
          id: row.participant.id,
          cuid: row.participant.cuid,
          fullname: fullName(row.participant.firstname, row.participant.lastname),
        }
      : null,
    availability:
      row.availability && row.activity
        ? {
            id: row.availability.id,
            cuid: row.availability.cuid,
            start_at: row.availability.startAt.toISOString(),
            end_at: row.availability.endAt.toISOString(),
            activity: row.activity,
          }
        : null,
    availability_dates: dates.map((date) => ({
      date: {
        id: date.id,
        cuid: date.cuid,
        start_at: date.startAt.toISOString(),
        end_at: date.endAt.toISOString(),
      },
    })),
    bundle: row.bundle,
    voucher: row.voucher,
    membership: row.membership,
    created_at: item.createdAt.toISOString(),
  };
}
