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
  type ChosenOption,
  estimateRegistration,
  fullName,
  hasFreePlaces,
  isDateSelectable,
  type PlacePricing,
  prefixErrors,
  type QuestionAnswer,
  type RegistrationEstimate,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { cartPaymentState } from "../checkout/payment-state.ts";
import { choicesView } from "../registration-requests/service.ts";
import { bookingDate, requireBookable, requireEligibleAge } from "./booking-checks.ts";
import { addBookingItems, bookingItemView } from "./booking-items.ts";
import { cartConstraintNotes, requireConstraintsOnAdd } from "./constraint-checks.ts";
import { type CartPricing, estimateInCart, priceCartRows } from "./pricing.ts";
import { type CustomerPricing, findCustomerPricing } from "./pricing-queries.ts";
import {
  type AvailabilityForCart,
  type CartRow,
  type DateWithHolds,
  deleteItem,
  findCouponByCode,
  findCustomerCart,
  findOpenCart,
  findOwnOpenCart,
  findOwnOpenItem,
  findOwnParticipants,
  findProducts,
  findRegistrationTargets,
  type HoldLine,
  type ItemDateRow,
  insertItems,
  type LiveItemRow,
  listDatesWithHolds,
  listLiveItems,
  listLiveItemsWithPayment,
  type NewCartItem,
  type OwnParticipant,
  openCartWithHolds,
  type RegistrationTarget,
  setCartCoupon,
} from "./queries.ts";
import { checkRequestItems, requestItemView } from "./request-items.ts";

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
  /** The pricing of ONE place; the line is `quantity` of them. */
  pricing: PlacePricing;
};

/**
 * What the registration checks read: the availabilities asked for (`findRegistrationTargets`) and
 * the dates asked for with every date of those availabilities, with their live holds
 * (`listDatesWithHolds`). Public data, the same for every customer: a page's first estimate reads
 * it through the public answers cache (decision 0090), the calls in their own transaction.
 */
export type RegistrationRead = { targets: Map<number, RegistrationTarget>; dates: DateWithHolds[] };

type ReadScope = { availabilityIds: number[]; dateIds: number[] };

/** The availabilities and dates the checks of `registrations` read. */
function readScope(
  registrations: ReadonlyArray<Pick<RegistrationRequest, "availability_id" | "availability_dates">>,
): ReadScope {
  return {
    availabilityIds: unique(registrations.map((registration) => registration.availability_id)),
    dateIds: unique(
      registrations.flatMap((registration) =>
        registration.availability_dates.map((date) => date.date_id),
      ),
    ),
  };
}

/** What an estimate's checks read (`estimateCartItem`'s `known.read`). */
export const estimateReadScope = (input: EstimateInput): ReadScope => readScope([input]);

/** The registration checks' read, in two statements. */
export async function readRegistrationData(
  db: ServiceContext["db"],
  organiserId: number,
  { availabilityIds, dateIds }: ReadScope,
  now: Date,
): Promise<RegistrationRead> {
  const targets = await findRegistrationTargets(db, organiserId, availabilityIds);
  // An availability not found is refused before its dates matter.
  if (availabilityIds.some((id) => !targets.has(id))) return { targets, dates: [] };
  const dates = await listDatesWithHolds(db, organiserId, { ids: dateIds, availabilityIds }, now);
  return { targets, dates };
}

/**
 * Checks registrations as the add call does, in this order: availability of this organiser
 * bookable now by the one booking state (404 AVAILABILITY_NOT_FOUND, 409 AVAILABILITY_FULL /
 * AVAILABILITY_NOT_OPEN, `booking-checks.ts`); the participant's age on its first date (409
 * AGE_OUT_OF_RANGE / BIRTHDATE_REQUIRED); options (and, for an add, questions) against the activity's configuration (400
 * VALIDATION_ERROR with `{prefix}{i}.options.{j}.price_id` … keys); then the dates: each a date of
 * that availability, selectable (OPEN, free places counting the live holds of every cart, in the
 * future) and with room for every place asked (409 DATE_NOT_SELECTABLE / AVAILABILITY_FULL).
 *
 * Nothing is locked: the dates and their live holds are read in one statement. For an add this
 * refuses at once a date already full (on an opening rush most adds find no place left); the
 * check that guarantees the capacity is made when the holds commit (`openCartWithHolds`, decision
 * docs/decisions/0008-cart-holds.md).
 *
 * Partial registration (decision in docs/decisions/0009-cart-pricing.md): only when the activity's
 * `settings.partial_registrations` is true. Then a place costs price × k / n, k the chosen dates
 * and n the availability's dates selectable now (a past, closed or full date is not one the
 * customer could have bought). Otherwise the availability is sold whole, whatever the dates.
 */
async function checkRegistrations(
  context: ServiceContext,
  registrations: readonly RegistrationRequest[],
  participants: ReadonlyMap<number, OwnParticipant>,
  now: Date,
  options: {
    mode: "add" | "estimate";
    fieldPrefix: (index: number) => string;
    /** the read already made (a page's first estimate, before its transaction) */
    read?: RegistrationRead;
  },
): Promise<CheckedRegistration[]> {
  const { organiser } = context;
  if (registrations.length === 0) return [];

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
  // Availabilities of this organiser (published activities), open for registrations now, each
  // with its activity's option prices and questions; the chosen dates and every date of the
  // availabilities, with their live holds: the booking state counts them, and partial
  // registration prices over them (k / n below).
  const { targets: availabilities, dates: dateRows } =
    options.read ??
    (await readRegistrationData(context.db, organiser.id, readScope(registrations), now));
  if (registrations.some((registration) => !availabilities.has(registration.availability_id))) {
    throw new AppError("AVAILABILITY_NOT_FOUND");
  }
  // The one booking state (bookable now, else 409 with its reason), then the age limits.
  for (const registration of registrations) {
    const availability = availabilities.get(registration.availability_id)!;
    // An activity taking requests is asked for through registrations_requests, never sold directly.
    if (availability.registrationFlow === "REQUEST")
      throw new AppError("REGISTRATION_FLOW_REQUEST");
    requireBookable(
      availability,
      dateRows.filter((date) => date.availabilityId === availability.id).map(bookingDate),
      now,
    );
    requireEligibleAge(
      availability,
      { id: registration.participant_id, ...participants.get(registration.participant_id)! },
      organiser.timezone,
    );
  }

  // Options and questions, by the activity's configuration (pure rules of packages/domain).
  let errors: AnswerErrors = {};
  const answers = registrations.map((registration, index) => {
    const target = availabilities.get(registration.availability_id)!;
    const prefix = options.fieldPrefix(index);
    const chosen = validateRegistrationOptions(
      registration.options,
      target.optionPrices.map((price) => ({
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
        ? validateRegistrationQuestions(registration.questions ?? [], target.questions)
        : { ok: true as const, value: [] as QuestionAnswer[] };
    if (!answered.ok) errors = { ...errors, ...prefixErrors(prefix, answered.errors) };
    return {
      options: chosen.ok ? chosen.value : [],
      prices: chosen.ok ? chosen.prices : [],
      questions: answered.ok ? answered.value : [],
    };
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const locked = new Map(dateRows.map((row) => [row.id, row]));
  const selectable = (date: DateWithHolds) =>
    isDateSelectable({ id: date.id, ...bookingDate(date) }, now);

  registrations.forEach((registration, index) => {
    for (const dateId of datesOf[index]!) {
      const date = locked.get(dateId);
      // A date of another availability (or organiser) cannot be picked for this one.
      if (!date || date.availabilityId !== registration.availability_id) {
        throw new AppError("DATE_NOT_SELECTABLE");
      }
      // Places taken: the registrations plus the live holds of every cart (this one included).
      const count = bookingDate(date);
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
      ? dateRows.filter((date) => date.availabilityId === availability.id && selectable(date))
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
        // The chosen dates are all selectable (checked above), so chosen ≤ selectable.
        dates: partial ? { chosen: dates.length, selectable: selectableCount } : null,
        // No per-date fee is configurable yet: partial registration prorates only.
        partial: partial ? {} : null,
        options: answer.prices,
      },
    };
  });
}

/**
 * At checkout, the registrations of a cart are checked again by the rules of an add, except for
 * the places, which their holds keep (`placesHeld`): an availability whose registrations closed
 * since, or a participant outside its age limits, is refused (409, as the add answers).
 */
export async function requireHeldRegistrationsBookable(
  context: ServiceContext,
  customerId: number,
  rows: readonly LiveItemRow[],
  now: Date,
): Promise<void> {
  const held = rows.filter((row) => row.item.type === "REGISTRATION" && row.availability);
  if (held.length === 0) return;
  const participantIds = unique(held.map((row) => row.participant?.id));
  const availabilities = await findRegistrationTargets(
    context.db,
    context.organiser.id,
    unique(held.map((row) => row.availability?.id)),
  );
  const participants = await requireOwnParticipants(context, customerId, participantIds);
  for (const row of held) {
    const availability = availabilities.get(row.availability!.id);
    if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");
    requireBookable(availability, [], now, { placesHeld: true });
    if (row.participant) {
      requireEligibleAge(
        availability,
        { id: row.participant.id, ...participants.get(row.participant.id)! },
        context.organiser.timezone,
      );
    }
  }
}

/** The customer's own participants among `ids`, else 404 PARTICIPANT_NOT_FOUND. */
async function requireOwnParticipants(
  context: ServiceContext,
  customerId: number,
  ids: number[],
): Promise<Map<number, OwnParticipant>> {
  const own = await findOwnParticipants(context.db, context.organiser.id, customerId, ids);
  if (ids.some((id) => !own.has(id))) throw new AppError("PARTICIPANT_NOT_FOUND");
  return own;
}

/** What a request already read of the customer in its session's transaction. */
export type EstimateKnown = {
  participants: ReadonlyArray<OwnParticipant & { id: number }>;
  /** their open cart's id, null without one */
  openCartId: number | null;
  /**
   * the availability and its dates of `estimateReadScope(input)`, read from the public answers
   * cache before the estimate's transaction began (a page's, decision 0090)
   */
  read?: RegistrationRead;
  /**
   * the customer's pricing (`findCustomerPricing` without coupon), read in the session's
   * transaction of an availability page (decision 0099)
   */
  pricing?: CustomerPricing;
};

function knownParticipant(known: EstimateKnown, id: number): Map<number, OwnParticipant> {
  const participant = known.participants.find((own) => own.id === id);
  if (!participant) throw new AppError("PARTICIPANT_NOT_FOUND");
  const { firstname, lastname, birthdate } = participant;
  return new Map([[id, { firstname, lastname, birthdate }]]);
}

/**
 * POST /api/carts/items/estimate (storefront.md §3 "Estimate", §7): the price of one
 * registration as the cart would charge it once added, by `estimateRegistration` (the only place
 * prices are computed): with the customer bundles left after the open cart's registrations and
 * the volume-discount tier the cart reaches with it (`estimateInCart`). Validated like an add,
 * except that the answers of options that ask one are not required yet and questions are not
 * read; nothing is held or written.
 *
 * `known`: what the request read of the customer in its session's transaction (a page's first
 * estimate, decision 0058): their participants and open cart are not read again, and the estimate
 * agrees with the cart the page shows.
 */
export async function estimateCartItem(
  context: ServiceContext,
  input: EstimateInput,
  known?: EstimateKnown,
): Promise<EstimateView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  if (input.cart_id !== undefined && input.cart_id !== null) {
    const cart = await findOwnOpenCart(db, organiser.id, customer.customerId, input.cart_id);
    if (!cart) throw new AppError("CART_NOT_FOUND");
  }
  const participants = known
    ? knownParticipant(known, input.participant_id)
    : await requireOwnParticipants(context, customer.customerId, [input.participant_id]);
  const now = new Date();
  const [line] = await checkRegistrations(context, [input], participants, now, {
    mode: "estimate",
    fieldPrefix: () => "",
    read: known?.read,
  });
  // The cart the add would put it in: its registrations count for the volume discount and take
  // the bundles' room first.
  const cartId = known
    ? known.openCartId
    : ((await findOpenCart(db, organiser.id, customer.customerId))?.id ?? null);
  return estimateInCart(context, {
    customer:
      known?.pricing ??
      (await findCustomerPricing(db, organiser.id, customer.customerId, { couponId: null, now })),
    rows: cartId !== null ? await listLiveItems(db, organiser.id, cartId, now) : [],
    activityId: line!.availability.activityId,
    participantId: line!.participantId,
    pricing: line!.pricing,
    quantity: line!.quantity,
    now,
  });
}

/**
 * POST /api/carts/items: adds registrations, bundles, vouchers and memberships to the customer's
 * open cart, in ONE transaction (the request's). Every item holds its places until
 * `now + organiser.settings.carts_expiration_delay` seconds.
 *
 * Capacity is never exceeded, whatever the concurrency (docs/decisions/0008-cart-holds.md): a
 * date already full is refused at once by `checkRegistrations` (no lock); the holds are then
 * inserted, and when the transaction commits each held date is locked and registered + live
 * holds compared with its capacity (`cart_item_dates_capacity`, migration 0015). An add that
 * finds the date full only then fails to commit and is answered 409 AVAILABILITY_FULL like the
 * others (`isCapacityViolation`). The date's row lock is held only while the commit runs, so
 * concurrent adds and checkouts of one date do not queue behind this request's statements.
 *
 * A registration of quantity q is q items, each priced by `estimateRegistration` for one place
 * (the estimate of q places is exactly q times it) before bundles and volume discounts, which
 * depend on the rest of the cart and are applied by the cart's pricing; its chosen options
 * (price ids and answers), question answers (normalised) and the pricing of its place are stored
 * in the item's payload.
 */
export async function addCartItems(context: ServiceContext, input: AddInput): Promise<CartView> {
  const customer = requireCustomer(context);
  // An add naming nothing would only open an empty cart.
  const lists = [
    input.registrations,
    input.bundles,
    input.vouchers,
    input.memberships,
    input.registrations_requests,
    input.bookings,
  ];
  if (lists.every((list) => list.length === 0))
    throw validationError({ registrations: "REQUIRED" });
  const { db, organiser } = context;
  const organiserId = organiser.id;
  // The body names the customer (spec §7): it can only be the logged-in one.
  if (input.customer_id !== undefined && input.customer_id !== customer.customerId) {
    throw new AppError("CUSTOMER_NOT_FOUND");
  }
  const now = nowOf(context);
  const expiresAt = new Date(now.getTime() + organiser.settings.carts_expiration_delay * 1000);

  // Participants: the customer's own, else they do not exist here.
  const participants = await requireOwnParticipants(
    context,
    customer.customerId,
    unique([
      ...input.registrations.map((registration) => registration.participant_id),
      ...input.bundles.map((bundle) => bundle.participant_id),
      ...input.memberships.map((membership) => membership.participant_id),
    ]),
  );

  // Products (404s), then the registrations: a date already full is refused here.
  // One after the other: statements cannot overlap on the transaction's one connection.
  const bundles = await findProducts(
    db,
    organiserId,
    "bundle",
    unique(input.bundles.map((entry) => entry.bundle_id)),
  );
  const vouchers = await findProducts(
    db,
    organiserId,
    "voucher",
    unique(input.vouchers.map((entry) => entry.voucher_id)),
  );
  const memberships = await findProducts(
    db,
    organiserId,
    "membership",
    unique(input.memberships.map((entry) => entry.membership_id)),
  );
  const registrations = await checkRegistrations(context, input.registrations, participants, now, {
    mode: "add",
    fieldPrefix: (index) => `registrations.${index}.`,
  });
  await requireConstraintsOnAdd(context, customer.customerId, registrations, participants, now);
  if (input.bundles.some((entry) => !bundles.has(entry.bundle_id))) {
    throw new AppError("BUNDLE_NOT_FOUND");
  }
  if (input.vouchers.some((entry) => !vouchers.has(entry.voucher_id))) {
    throw new AppError("VOUCHER_NOT_FOUND");
  }
  if (input.memberships.some((entry) => !memberships.has(entry.membership_id))) {
    throw new AppError("MEMBERSHIP_NOT_FOUND");
  }
  const requests = await checkRequestItems(context, customer.customerId, input, now);
  // In one statement: the cart row, locked (checkout locks it first too, and an add waiting on a
  // cart being checked out opens a new cart once it is processed); its expired items deleted
  // (they hold nothing any more); the registrations' places held: one item per place, the
  // units of one registration being interchangeable. A cart awaiting its payment refuses the
  // add, and the transaction rolls all of it back.
  const cart = await openCartWithHolds(
    db,
    { organiserId, customerId: customer.customerId, now, expiresAt },
    registrations.map((registration): HoldLine => {
      const place: RegistrationEstimate = estimateRegistration(registration.pricing);
      return {
        participantId: registration.participantId,
        availabilityId: registration.availability.id,
        quantity: registration.quantity,
        dateIds: registration.dateIds,
        price: place.price,
        deposit: place.deposit,
        payload: {
          options: registration.options,
          questions: registration.questions,
          pricing: registration.pricing,
        },
      };
    }),
  );
  requireChangeable(cart);
  const base = { organiserId, cartId: cart.id, expiresAt };
  // Bundles, vouchers and memberships: one item per unit at the product's price; requests.
  await insertItems(db, [
    ...requests.map((item): NewCartItem => ({ ...base, ...item })),
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
  await addBookingItems(
    context,
    { id: cart.id, customerId: customer.customerId, participantId: input.participant_id ?? null },
    input.bookings,
    { now, expiresAt },
  );
  return cartView(context, cart, now);
}

/** DELETE /api/carts/items?item_id=: an item of the customer's open cart, live or expired. */
export async function removeCartItem(context: ServiceContext, itemId: number): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  // The cart row first, like every cart change: a cart awaiting its payment is frozen.
  const cart = await findOpenCart(db, organiser.id, customer.customerId, { lock: true });
  const item = cart ? await findOwnOpenItem(db, organiser.id, customer.customerId, itemId) : null;
  if (!cart || !item) throw new AppError("CART_ITEM_NOT_FOUND");
  requireChangeable(cart);
  await deleteItem(db, organiser.id, item.id);
  return cartView(context, cart, new Date());
}

/**
 * A cart awaiting its online payment is frozen (docs/decisions/0011-online-payments.md): what is
 * being paid for cannot change — 409 CART_AWAITING_PAYMENT; the customer cancels the payment
 * from /checkout first (DELETE /api/carts/{cuid}/payment).
 */
function requireChangeable(cart: CartRow): void {
  if (cart.paymentPendingAt !== null) throw new AppError("CART_AWAITING_PAYMENT");
}

/** The customer's open cart of this id, locked for a change; 404 CART_NOT_FOUND, 409 if frozen. */
async function changeableCart(
  context: ServiceContext,
  customerId: number,
  cartId: number,
): Promise<CartRow> {
  const cart = await findCustomerCart(context.db, context.organiser.id, customerId, {
    id: cartId,
    state: "open",
    lock: true,
  });
  if (!cart) throw new AppError("CART_NOT_FOUND");
  requireChangeable(cart);
  return cart;
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
  const cart = await changeableCart(context, customer.customerId, input.cart_id);
  const coupon = await findCouponByCode(db, organiser.id, input.coupon.trim().toUpperCase());
  if (!coupon) throw new AppError("COUPON_NOT_FOUND");
  if (!coupon.active) throw new AppError("COUPON_INACTIVE");
  return cartView(context, await setCartCoupon(db, organiser.id, cart.id, coupon.id), new Date());
}

/** DELETE /api/carts/coupons?cart_id=: detaches the coupon of the customer's open cart, if any. */
export async function detachCoupon(context: ServiceContext, cartId: number): Promise<CartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const cart = await changeableCart(context, customer.customerId, cartId);
  const updated =
    cart.couponId === null ? cart : await setCartCoupon(db, organiser.id, cart.id, null);
  return cartView(context, updated, new Date());
}

/**
 * The cart with its LIVE items only: an expired item is neither shown, counted nor totalled.
 * Order of the cart panel: non-registration items first, then registrations by first date. Its
 * latest online payment comes with its items, in the same statement.
 */
async function cartView(context: ServiceContext, cart: CartRow, now: Date): Promise<CartView> {
  const { db, organiser } = context;
  const { rows, dates, payment } = await listLiveItemsWithPayment(db, organiser.id, cart.id, now);
  const datesByItem = new Map<number, ItemDateRow[]>();
  for (const date of dates) {
    const list = datesByItem.get(date.cartItemId) ?? [];
    list.push(date);
    datesByItem.set(date.cartItemId, list);
  }
  const customer = await findCustomerPricing(db, organiser.id, cart.customerId, {
    couponId: cart.couponId,
    now,
  });
  const { coupon, wallet } = customer;
  const pricing = await priceCartRows(context, rows, { customer, wallet, now });
  const choices = await itemsChoices(context, rows);
  // Each item at what it costs in this cart: after the bundle paying for it and the volume
  // discount, before the coupon (shown apart in the totals); its deposit never above that.
  const items = rows.map((row, index): CartItemView => {
    const priced = pricing.price.items[index]!;
    return {
      ...itemView(row, datesByItem.get(row.item.id) ?? []),
      ...choices[index]!,
      price: priced.subtotal,
      deposit: Math.min(row.item.deposit, priced.subtotal),
    };
  });
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
    coupon: coupon
      ? { id: coupon.id, code: coupon.code, title: coupon.title, label: coupon.label }
      : null,
    items: ordered,
    total: ordered.reduce((sum, item) => sum + item.price, 0),
    deposit: ordered.reduce((sum, item) => sum + item.deposit, 0),
    count: ordered.length,
    totals: cartTotals(pricing, wallet, ordered.length),
    processed_at: cart.processedAt?.toISOString() ?? null,
    awaiting_payment: cart.paymentPendingAt !== null,
    payment: cartPaymentState(payment),
    constraints: await cartConstraintNotes(context, rows, dates, now),
    created_at: cart.createdAt.toISOString(),
  };
}

/**
 * The totals of the live items, priced by `priceCartRows` (bundles, volume discounts, coupon,
 * wallet, service fees).
 */
function cartTotals({ price }: CartPricing, wallet: number, itemsCount: number): CartTotals {
  return {
    subtotal: price.subtotal,
    bundle_total: price.bundle_total,
    discounts_total: price.discounts_total,
    volume_discounts_total: price.volume_discounts_total,
    customer_discounts: price.customer_discounts.map(({ name, amount }) => ({ name, amount })),
    customer_discounts_total: price.customer_discounts_total,
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
    items_count: itemsCount,
  };
}

/**
 * The chosen options and answers of each item (storefront.md §3 Cart item, shown by the cart
 * panel and the checkout), in the items' order: read together, one look-up of the option prices
 * and one of the questions for the whole cart (none when no item has any).
 */
async function itemsChoices(
  context: ServiceContext,
  rows: LiveItemRow[],
): Promise<Array<Pick<CartItemView, "options" | "questions">>> {
  const chosen = rows.map(({ item }) => ({
    options: item.payload.options ?? [],
    questions: item.payload.questions ?? [],
  }));
  const all = await choicesView(context, {
    options: chosen.flatMap((item) => item.options),
    questions: chosen.flatMap((item) => item.questions),
  });
  let options = 0;
  let questions = 0;
  return chosen.map((item) => {
    const views = {
      options: all.options.slice(options, options + item.options.length),
      questions: all.questions.slice(questions, questions + item.questions.length),
    };
    options += item.options.length;
    questions += item.questions.length;
    return views;
  });
}

/** An item as the cart and the processed cart show it, without its options and answers. */
export function itemView(
  row: LiveItemRow,
  dates: ItemDateRow[],
): Omit<CartItemView, "options" | "questions"> {
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
    request: requestItemView(item.payload),
    ...bookingItemView(item.payload),
    created_at: item.createdAt.toISOString(),
  };
}
