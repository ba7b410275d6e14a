import type {
  addCartItemsBody,
  attachCouponBody,
  CartItemView,
  CartTotals,
  CartView,
  EstimateView,
  estimateCartItemBody,
} from "@booking/contracts";
import {
  type AnswerErrors,
  addFormState,
  type CartItemInput,
  type CartPrice,
  type ChosenOption,
  estimateRegistration,
  fullName,
  hasFreePlaces,
  isDateSelectable,
  prefixErrors,
  priceCart,
  type QuestionAnswer,
  type RegistrationEstimate,
  type RegistrationPricingInput,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import {
  type AvailabilityForCart,
  type CartRow,
  type CouponRow,
  countLiveHolds,
  deleteExpiredItems,
  deleteItem,
  findAvailabilitiesForCart,
  findCouponByCode,
  findCouponById,
  findOpenCart,
  findOwnOpenCart,
  findOwnOpenItem,
  findOwnParticipantIds,
  findProducts,
  findWalletAmount,
  type ItemDateRow,
  insertItemDates,
  insertItems,
  type LiveItemRow,
  type LockedDate,
  listAvailabilityDates,
  listItemDates,
  listLiveItems,
  listOptionPrices,
  listQuestions,
  lockDates,
  type NewCartItem,
  openCart,
  setCartCoupon,
} from "./queries.ts";

type AddInput = z.output<typeof addCartItemsBody>;
type EstimateInput = z.output<typeof estimateCartItemBody>;
type AttachCouponInput = z.output<typeof attachCouponBody>;

const unique = (values: Array<number | null | undefined>) => [
  ...new Set(values.filter((value): value is number => typeof value === "number")),
];

/** What the registration checks need of one registration (an add entry or an estimate). */
type RegistrationRequest = {
  availability_id: number;
  participant_id: number;
  quantity: number;
  availability_dates: Array<{ date_id: number }>;
  options: Array<{ price_id: number; content?: string | null }>;
  questions?: Array<{ question_id: number; content?: unknown }>;
};

/** A registration that passed every check, with its price. */
type CheckedRegistration = {
  participantId: number;
  availability: AvailabilityForCart;
  quantity: number;
  /** Distinct chosen dates. */
  dateIds: number[];
  options: ChosenOption[];
  questions: QuestionAnswer[];
  /** The pricing input of ONE place (quantity 1); the line is `quantity` of them. */
  pricing: RegistrationPricingInput;
};

/**
 * Checks registrations as the add call does, in this order: availability of this organiser open
 * for registrations (404 AVAILABILITY_NOT_FOUND, 409 AVAILABILITY_FULL / AVAILABILITY_NOT_OPEN);
 * options (and, for an add, questions) against the activity's configuration (400
 * VALIDATION_ERROR with `{prefix}{i}.options.{j}.price_id` … keys); then the dates: each a date of
 * that availability, selectable (OPEN, free places counting the live holds of every cart, in the
 * future) and with room for every place asked (409 DATE_NOT_SELECTABLE / AVAILABILITY_FULL).
 *
 * With `lock`, the chosen dates are locked (`SELECT … FOR UPDATE`, id order) before they are
 * counted, so that the holds the caller inserts next cannot overbook them; the estimate reads
 * without locking.
 *
 * Partial registration (decision in docs/decisions/0009-cart-pricing.md): only when the activity's
 * `settings.partial_registrations` is true. Then a place costs price × k / n, k the chosen dates
 * and n the availability's dates selectable now (a past, closed or full date is not one the
 * customer could have bought). Otherwise the availability is sold whole, whatever the dates.
 */
async function checkRegistrations(
  context: ServiceContext,
  registrations: readonly RegistrationRequest[],
  now: Date,
  options: { lock: boolean; mode: "add" | "estimate"; fieldPrefix: (index: number) => string },
): Promise<CheckedRegistration[]> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  if (registrations.length === 0) return [];

  // Availabilities of this organiser (published activities), open for registrations now.
  const availabilities = await findAvailabilitiesForCart(
    db,
    organiserId,
    unique(registrations.map((registration) => registration.availability_id)),
  );
  for (const registration of registrations) {
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

  // Options and questions, by the activity's configuration (pure rules of packages/domain).
  const activityIds = unique([...availabilities.values()].map((row) => row.activityId));
  const [optionPrices, questions] = await Promise.all([
    listOptionPrices(db, organiserId, activityIds),
    options.mode === "add" ? listQuestions(db, organiserId, activityIds) : Promise.resolve([]),
  ]);
  let errors: AnswerErrors = {};
  const answers = registrations.map((registration, index) => {
    const activityId = availabilities.get(registration.availability_id)!.activityId;
    const prefix = options.fieldPrefix(index);
    const chosen = validateRegistrationOptions(
      registration.options,
      optionPrices
        .filter((price) => price.activityId === activityId)
        .map((price) => ({
          id: price.id,
          option_id: price.optionId,
          answer_required: price.answerRequired,
          amount: price.amount,
          percentage: price.percentage,
        })),
      { requireAnswers: options.mode === "add" },
    );
    if (!chosen.ok) errors = { ...errors, ...prefixErrors(prefix, chosen.errors) };
    const answered =
      options.mode === "add"
        ? validateRegistrationQuestions(
            registration.questions ?? [],
            questions.filter((question) => question.activityId === activityId),
          )
        : { ok: true as const, value: [] as QuestionAnswer[] };
    if (!answered.ok) errors = { ...errors, ...prefixErrors(prefix, answered.errors) };
    return {
      options: chosen.ok ? chosen.value : [],
      prices: chosen.ok ? chosen.prices : [],
      questions: answered.ok ? answered.value : [],
    };
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);

  // Places asked for on each date: a registration of quantity q holds q places on each of its
  // (distinct) dates.
  const asked = new Map<number, number>();
  const datesOf = registrations.map((registration) =>
    unique(registration.availability_dates.map((date) => date.date_id)),
  );
  registrations.forEach((registration, index) => {
    for (const dateId of datesOf[index]!) {
      asked.set(dateId, (asked.get(dateId) ?? 0) + registration.quantity);
    }
  });

  // Capacity: lock (for an add), count, refuse or go on. Locks are taken before anything is
  // written.
  const dateIds = [...asked.keys()];
  const chosenRows = options.lock
    ? await lockDates(db, organiserId, dateIds)
    : (await listAvailabilityDates(db, organiserId, unique([...availabilities.keys()]))).filter(
        (row) => asked.has(row.id),
      );
  const locked = new Map(chosenRows.map((row) => [row.id, row]));

  // Every date of the availabilities sold partially: n of the k / n proration.
  const partialIds = [...availabilities.values()]
    .filter((availability) => availability.partialRegistrations)
    .map((availability) => availability.id);
  const allDates = await listAvailabilityDates(db, organiserId, partialIds);
  const holds = await countLiveHolds(
    db,
    organiserId,
    unique([...dateIds, ...allDates.map((date) => date.id)]),
    now,
  );
  const taken = (date: LockedDate) => ({
    capacity: date.capacity,
    registered: date.registered + (holds.get(date.id) ?? 0),
  });
  const selectable = (date: LockedDate) =>
    isDateSelectable(
      { id: date.id, status: date.status, start_at: date.startAt, ...taken(date) },
      now,
    );

  registrations.forEach((registration, index) => {
    for (const dateId of datesOf[index]!) {
      const date = locked.get(dateId);
      // A date of another availability (or organiser) cannot be picked for this one.
      if (!date || date.availabilityId !== registration.availability_id) {
        throw new AppError("DATE_NOT_SELECTABLE");
      }
      // Places taken: the registrations plus the live holds of every cart (this one included).
      const count = taken(date);
      if (!selectable(date)) {
        const full = date.status === "FULL" || (date.status === "OPEN" && !hasFreePlaces(count));
        throw new AppError(full ? "AVAILABILITY_FULL" : "DATE_NOT_SELECTABLE");
      }
      if (count.capacity !== null && count.registered + asked.get(dateId)! > count.capacity) {
        throw new AppError("AVAILABILITY_FULL");
      }
    }
  });

  return registrations.map((registration, index) => {
    const availability = availabilities.get(registration.availability_id)!;
    const dates = datesOf[index]!;
    const partial = availability.partialRegistrations;
    const selectableCount = partial
      ? allDates.filter((date) => date.availabilityId === availability.id && selectable(date))
          .length
      : 0;
    const answer = answers[index]!;
    return {
      participantId: registration.participant_id,
      availability,
      quantity: registration.quantity,
      dateIds: dates,
      options: answer.options,
      questions: answer.questions,
      pricing: {
        price: availability.price,
        deposit: availability.deposit,
        quantity: 1,
        // The chosen dates are all selectable (checked above), so chosen ≤ selectable.
        dates: partial ? { chosen: dates.length, selectable: selectableCount } : null,
        // No per-date fee is configurable yet: partial registration prorates only.
        partial: partial ? {} : null,
        options: answer.prices,
      },
    };
  });
}

/** The customer's own participants among `ids`, else 404 PARTICIPANT_NOT_FOUND. */
async function requireOwnParticipants(
  context: ServiceContext,
  customerId: number,
  ids: number[],
): Promise<void> {
  const own = await findOwnParticipantIds(context.db, context.organiser.id, customerId, ids);
  if (ids.some((id) => !own.has(id))) throw new AppError("PARTICIPANT_NOT_FOUND");
}

/**
 * POST /api/carts/items/estimate (storefront.md §3 "Estimate", §7): the price of one
 * registration as the add call would store it, by `estimateRegistration` (the only place prices
 * are computed). Validated like an add, except that the answers of options that ask one are not
 * required yet and questions are not read; nothing is held or written.
 */
export async function estimateCartItem(
  context: ServiceContext,
  input: EstimateInput,
): Promise<EstimateView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  if (input.cart_id !== undefined && input.cart_id !== null) {
    const cart = await findOwnOpenCart(db, organiser.id, customer.customerId, input.cart_id);
    if (!cart) throw new AppError("CART_NOT_FOUND");
  }
  await requireOwnParticipants(context, customer.customerId, [input.participant_id]);
  const [line] = await checkRegistrations(context, [input], new Date(), {
    lock: false,
    mode: "estimate",
    fieldPrefix: () => "",
  });
  return estimateRegistration({ ...line!.pricing, quantity: line!.quantity });
}

/**
 * POST /api/carts/items: adds registrations, bundles, vouchers and memberships to the customer's
 * open cart, in ONE transaction (the request's). Every item holds its places until
 * `now + organiser.settings.carts_expiration_delay` seconds.
 *
 * Capacity is never exceeded, whatever the concurrency: the chosen dates are locked
 * (`SELECT … FOR UPDATE`, in id order), then registered + live holds + the places asked for are
 * compared with each date's capacity, and only then are the holds inserted. A concurrent add on
 * the same dates waits on the lock and counts these holds once this transaction commits.
 *
 * A registration of quantity q is q items, each priced by `estimateRegistration` for one place
 * (the estimate of q places is exactly q times it); its chosen options (price ids and answers)
 * and question answers, normalised, are stored in the item's payload.
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
  await requireOwnParticipants(
    context,
    customer.customerId,
    unique([
      ...input.registrations.map((registration) => registration.participant_id),
      ...input.bundles.map((bundle) => bundle.participant_id),
      ...input.memberships.map((membership) => membership.participant_id),
    ]),
  );

  // Products first (404s), then the registrations, whose date check locks the dates.
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
  // A full date is refused before queuing on its row lock: on an opening rush most adds find no
  // place left, and they must not wait in line to learn it. The locked check below stays the
  // guard against overbooking.
  await checkRegistrations(context, input.registrations, now, {
    lock: false,
    mode: "add",
    fieldPrefix: (index) => `registrations.${index}.`,
  });
  // The cart row first, then the dates: checkout locks in the same order (no deadlock), and an
  // add waiting on a cart being checked out opens a new cart once it is processed.
  const cart = await openCart(db, organiserId, customer.customerId);
  const registrations = await checkRegistrations(context, input.registrations, now, {
    lock: true,
    mode: "add",
    fieldPrefix: (index) => `registrations.${index}.`,
  });
  if (input.bundles.some((entry) => !bundles.has(entry.bundle_id))) {
    throw new AppError("BUNDLE_NOT_FOUND");
  }
  if (input.vouchers.some((entry) => !vouchers.has(entry.voucher_id))) {
    throw new AppError("VOUCHER_NOT_FOUND");
  }
  if (input.memberships.some((entry) => !memberships.has(entry.membership_id))) {
    throw new AppError("MEMBERSHIP_NOT_FOUND");
  }

  // Housekeeping: the expired items of this cart go (they already hold nothing).
  await deleteExpiredItems(db, organiserId, cart.id, now);

  const base = { organiserId, cartId: cart.id, expiresAt };
  for (const registration of registrations) {
    const place: RegistrationEstimate = estimateRegistration(registration.pricing);
    const unit: NewCartItem = {
      ...base,
      type: "REGISTRATION",
      participantId: registration.participantId,
      availabilityId: registration.availability.id,
      price: place.price,
      deposit: place.deposit,
      payload: { options: registration.options, questions: registration.questions },
    };
    // One item per place: the units of one registration are interchangeable.
    const itemIds = await insertItems(
      db,
      Array.from({ length: registration.quantity }, () => unit),
    );
    await insertItemDates(db, organiserId, itemIds, registration.dateIds);
  }
  // Bundles, vouchers and memberships: one item per unit at the product's price.
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
/** A visitor has no cart (like GET /api/session answers nulls): the drawer shows its login prompt. */
export async function currentCart(context: ServiceContext): Promise<CartView | null> {
  if (context.actor.kind !== "customer") return null;
  const cart = await findOpenCart(context.db, context.organiser.id, context.actor.customerId);
  return cart ? cartView(context, cart, new Date()) : null;
}

/**
 * POST /api/carts/coupons: attaches the organiser's coupon of this code (trimmed, compared
 * upper-case as stored) to the customer's open cart, replacing any other. Unknown code (or
 * another organiser's) → 404 COUPON_NOT_FOUND; inactive → 409 COUPON_INACTIVE. Its
 * min_total_amount is not checked here: the totals report MINIMUM_NOT_REACHED while the cart is
 * below it, and apply the coupon as soon as it is reached.
 */
export async function attachCoupon(
  context: ServiceContext,
  input: AttachCouponInput,
): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const cart = await findOwnOpenCart(db, organiser.id, customer.customerId, input.cart_id);
  if (!cart) throw new AppError("CART_NOT_FOUND");
  const coupon = await findCouponByCode(db, organiser.id, input.coupon.trim().toUpperCase());
  if (!coupon) throw new AppError("COUPON_NOT_FOUND");
  if (!coupon.active) throw new AppError("COUPON_INACTIVE");
  return cartView(context, await setCartCoupon(db, organiser.id, cart.id, coupon.id), new Date());
}

/** DELETE /api/carts/coupons?cart_id=: detaches the coupon of the customer's open cart, if any. */
export async function detachCoupon(context: ServiceContext, cartId: number): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const cart = await findOwnOpenCart(db, organiser.id, customer.customerId, cartId);
  if (!cart) throw new AppError("CART_NOT_FOUND");
  const updated =
    cart.couponId === null ? cart : await setCartCoupon(db, organiser.id, cart.id, null);
  return cartView(context, updated, new Date());
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
  const coupon =
    cart.couponId === null ? null : await findCouponById(db, organiser.id, cart.couponId);
  const wallet = await findWalletAmount(db, organiser.id, cart.customerId);
  return {
    id: cart.id,
    cuid: cart.cuid,
    reference: cart.reference,
    coupon_id: cart.couponId,
    coupon: coupon
      ? { id: coupon.id, code: coupon.code, title: coupon.title, label: coupon.label }
      : null,
    items: ordered,
    total: ordered.reduce((sum, item) => sum + item.price, 0),
    deposit: ordered.reduce((sum, item) => sum + item.deposit, 0),
    count: ordered.length,
    totals: cartTotals(context, ordered, coupon, wallet),
    processed_at: cart.processedAt?.toISOString() ?? null,
    created_at: cart.createdAt.toISOString(),
  };
}

/**
 * Totals of the live items by `priceCart`. Each item is one place (or one unit) at its stored
 * price and deposit: a registration item was priced by the estimate when it was added (its
 * options and partial proration included), and keeps that price while it holds its place.
 * Registration requests and bookings (not sold yet) would count as registration lines.
 */
function cartTotals(
  context: ServiceContext,
  items: readonly CartItemView[],
  coupon: Awaited<ReturnType<typeof findCouponById>>,
  wallet: number,
): CartTotals {
  const price = priceCartItems(context, items, coupon, wallet);
  return {
    subtotal: price.subtotal,
    discounts_total: price.discounts_total,
    volume_discounts_total: price.volume_discounts_total,
    coupon: price.coupon
      ? price.coupon.applied
        ? { ...price.coupon }
        : {
            applied: false,
            title: price.coupon.title,
            label: price.coupon.label,
            discount: 0,
            reason: price.coupon.reason,
          }
      : null,
    total: price.total,
    wallet: { balance: wallet, use: price.wallet_use },
    service_fees: price.service_fees,
    payable: price.payable,
    deposit: price.deposit,
    deposit_payable: price.deposit_payable,
    items_count: items.length,
  };
}

/**
 * `priceCart` over cart items at their stored price and deposit, with the coupon, the wallet and
 * the organiser's service fees: the one pricing of a cart, shared by the cart view and checkout.
 * The priced items keep the order and ids of `items`.
 */
export function priceCartItems(
  context: ServiceContext,
  items: ReadonlyArray<{ id: number; type: CartItemView["type"]; price: number; deposit: number }>,
  coupon: CouponRow | null,
  wallet: number,
): CartPrice {
  const { billing } = context.organiser;
  const lines: CartItemInput[] = items.map((item) =>
    item.type === "BUNDLE" || item.type === "VOUCHER" || item.type === "MEMBERSHIP"
      ? { type: item.type, id: item.id, price: item.price }
      : {
          type: "REGISTRATION",
          id: item.id,
          price: item.price,
          deposit: item.deposit,
          quantity: 1,
        },
  );
  return priceCart(lines, {
    coupon: coupon
      ? {
          title: coupon.title,
          label: coupon.label,
          active: coupon.active,
          amount: coupon.amount,
          percentage: coupon.percentage,
          min_total_amount: coupon.minTotalAmount,
        }
      : null,
    wallet,
    serviceFees: {
      amount: billing.customers_service_fee_amount ?? 0,
      percentage: billing.customers_service_fee_percentage ?? 0,
    },
  });
}

export function itemView(row: LiveItemRow, dates: ItemDateRow[]): CartItemView {
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
