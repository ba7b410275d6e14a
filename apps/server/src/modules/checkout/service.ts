import { randomInt } from "node:crypto";
import type {
  CheckoutResult,
  checkoutBody,
  PaymentStrategy,
  ProcessedCartView,
  RegistrationView,
} from "@booking/contracts";
import {
  allocateLargestRemainder,
  type CartPrice,
  cartAmountDue,
  expiryOf,
  fullName,
  paymentDueDay,
  paymentReference,
  paymentReferenceKind,
  usablePaymentReferencePrefix,
  voucherCode,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { requireBookingRulesAtCheckout } from "../bookings/booking-rules.ts";
import { bookingItemOf } from "../carts/booking-items.ts";
import { requireConstraintsAtCheckout } from "../carts/constraint-checks.ts";
import { type BundleUse, type CartPricing, priceCartRows } from "../carts/pricing.ts";
import { type CustomerPricing, findCustomerPricing } from "../carts/pricing-queries.ts";
import {
  type CartRow,
  countLiveHolds,
  findCouponByCode,
  findCustomerCart,
  type ItemDateRow,
  type ItemDateWithPlaces,
  type LiveItemRow,
  listItemDates,
  listLiveItems,
  listLiveItemsWithDates,
  lockDates,
  setCartCoupon,
} from "../carts/queries.ts";
import { itemView, requireHeldRegistrationsBookable } from "../carts/service.ts";
import { markDiscountsApplied } from "../discounts/queries.ts";
import { emitEvents, type NewEvent } from "../events/emit.ts";
import { transferEpcQr } from "../payments/epc-qr.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { openPaymentResult, startCartPayment } from "../payments/service.ts";
import { convertBookingItem } from "./booking-conversion.ts";
import { membershipPeriodOf } from "./membership-period.ts";
import { orderItemOutcomes } from "./order-outcomes.ts";
import {
  awaitPayment,
  consumeCustomerBundles,
  debitWallet,
  extendLiveHolds,
  findBundles,
  findMemberships,
  findVouchers,
  finishConversion,
  insertCustomerBundle,
  insertCustomerMembership,
  insertCustomerVoucher,
  insertRegistration,
  listCartBundles,
  listCartMemberships,
  listCartRegistrations,
  listCartVouchers,
  lockReferenceNumber,
  nextReferenceNumber,
  takeReferenceNumber,
} from "./queries.ts";
import { convertRequestItem } from "./request-conversion.ts";

type CheckoutInput = z.output<typeof checkoutBody>;

export interface CheckoutMail {
  /** enqueues delivery of an e-mail row written by the transaction */
  dispatchEmail(emailId: number): Promise<void>;
  /** the configured public addresses the e-mails link to (the cart's account page, the storefront) */
  urls: PublicUrls;
}

/** How checkout reaches the online payment provider (modules/payments). */
export interface CheckoutPayments {
  /** the request's origin, for the provider's return and webhook URLs */
  origin: string;
  /** the provider of new payments (called only when one is needed) */
  provider(): PaymentProvider;
}

/** Where the browser goes after a checkout that needs no online payment. */
function successResult(cart: Pick<CartRow, "cuid">): CheckoutResult {
  return { next_action: "success", next_action_url: `/checkout/${cart.cuid}/success` };
}

const VOUCHER_CODE_ATTEMPTS = 8;

/**
 * POST /api/carts/checkout (storefront.md §4 "Checkout", §7), in ONE transaction, preceded by the
 * short one of `takeCheckoutReference` for a DELAYED checkout (its number: `referenceNumber`).
 *
 * 1. The cart row is locked (`FOR UPDATE`). Another customer's or an unknown cart → 404
 *    CART_NOT_FOUND. A processed cart answers the success page again: a double submit, even
 *    concurrent, processes once (the second call waits on the lock, then sees processed_at). A
 *    cart awaiting its online payment answers that payment's page again.
 * 2. The coupon of the body, when given, is attached as POST /api/carts/coupons does.
 * 3. Expired items are deleted (they hold nothing); no live item left → 409 CART_EMPTY. Each
 *    registration is checked again like an add, its places aside (they are held): bookable by
 *    the one booking state and within the age limits (`requireHeldRegistrationsBookable`).
 * 4. `lockAndPrice`: the held dates checked, the customer's wallet and bundles locked, the cart
 *    priced (coupon, wallet, service fees).
 * 5. The payment method: IMMEDIATE and IMMEDIATE_DEPOSIT → 409 PAYMENT_METHOD_UNAVAILABLE while
 *    the organiser's online payments are off; DELAYED with something to pay while bank transfers
 *    are off → 409 PAYMENT_METHOD_UNAVAILABLE.
 * 6. Online (IMMEDIATE: the payable; IMMEDIATE_DEPOSIT: the deposit, at most the payable) with
 *    something to pay: the cart is NOT processed. It records the checkout's choices (strategy,
 *    wallet use, terms), awaits the payment (`payment_pending_at`: frozen, see
 *    modules/carts), its live holds are extended to now + carts_expiration_delay, and the
 *    provider's payment is created: `next_action: "payment"` with its hosted page. The
 *    payment's webhook then processes the cart with `convertCart`, as below, or refunds it
 *    (docs/decisions/0011-online-payments.md, `settleCartPayment`).
 * 7. Otherwise (DELAYED, or nothing to pay online) the cart is processed now by `convertCart`.
 */
export async function checkout(
  context: ServiceContext,
  input: CheckoutInput,
  payments: CheckoutPayments,
  /** the number `takeCheckoutReference` took for this checkout, if any */
  referenceNumber: number | null = null,
): Promise<CheckoutResult> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const customerId = customer.customerId;

  // Locks the cart (open or processed) for the rest of the transaction. A concurrent checkout of
  // the same cart waits here, then reads the row as the first one committed it (READ COMMITTED
  // re-reads a locked row), so it sees `processed_at` and converts nothing.
  const locked = await findCustomerCart(db, organiserId, customerId, {
    id: input.cart_id,
    lock: true,
  });
  if (!locked) throw new AppError("CART_NOT_FOUND");
  if (locked.processedAt !== null) return successResult(locked);
  if (locked.paymentPendingAt !== null) {
    // A replayed online checkout: the payment in progress (the only open one of the cart).
    const open = await openPaymentResult(context, locked.id);
    if (!open) throw new Error(`cart ${locked.id} awaits a payment but has none open`);
    return open;
  }
  let cart = locked;

  const code = input.coupon?.trim();
  if (code) {
    const coupon = await findCouponByCode(db, organiserId, code.toUpperCase());
    if (!coupon) throw new AppError("COUPON_NOT_FOUND");
    if (!coupon.active) throw new AppError("COUPON_INACTIVE");
    cart = await setCartCoupon(db, organiserId, cart.id, coupon.id);
  }

  const now = nowOf(context);
  // One statement deletes the expired items (they hold nothing) and reads the live ones with
  // their dates.
  const { rows, dates } = await listLiveItemsWithDates(db, organiserId, cart.id, now, {
    dropExpired: true,
  });
  if (rows.length === 0) throw new AppError("CART_EMPTY");
  await requireHeldRegistrationsBookable(context, customerId, rows, now);
  await requireConstraintsAtCheckout(context, rows, dates, now);
  await requireBookingRulesAtCheckout(context, customerId, rows, now);
  const priced = await lockAndPrice(context, cart, rows, now, null, dates);
  if (!priced) throw new AppError("AVAILABILITY_FULL");
  const { price } = priced;

  // Online payment (IMMEDIATE, IMMEDIATE_DEPOSIT) only when the organiser turned it on.
  const online = input.payment_strategy !== "DELAYED";
  if (online && !organiser.settings.online_payments_activated) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  }
  if (!online && price.payable > 0 && !organiser.settings.bank_transfers_payments_activated) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  }
  const onlineAmount = onlineAmountOf(input.payment_strategy, price);
  if (onlineAmount > 0) {
    await awaitPayment(db, organiserId, cart.id, {
      paymentPendingAt: now,
      termsAcceptedAt: now,
      paymentStrategy: input.payment_strategy,
      walletUsed: price.wallet_use,
    });
    // The places stay held while the customer pays, from now on.
    const holdUntil = new Date(now.getTime() + organiser.settings.carts_expiration_delay * 1000);
    await extendLiveHolds(db, organiserId, cart.id, now, holdUntil);
    return startCartPayment(context, {
      cart,
      amount: onlineAmount,
      origin: payments.origin,
      provider: payments.provider(),
    });
  }
  await convertCart(context, cart, priced, {
    strategy: input.payment_strategy,
    paidOnline: 0,
    termsAcceptedAt: now,
    now,
    referenceNumber,
  });
  return successResult(cart);
}

/**
 * The payment-reference number of a DELAYED checkout of `cartId`, taken in a transaction of its
 * own run just BEFORE the checkout's (docs/decisions/0010-checkout.md), so that the organiser's
 * reference row is not locked for the rest of the checkout: on an opening rush the organiser's
 * checkouts would otherwise commit one after the other. The number is lost (a gap in the
 * organiser's references) when the checkout then fails or replays a processed cart; null when
 * the cart cannot be checked out (not the customer's open cart, frozen or empty): the checkout
 * answers why. Online strategies take none: they convert when their payment is confirmed.
 */
export async function takeCheckoutReference(
  context: ServiceContext,
  input: CheckoutInput,
): Promise<number | null> {
  if (input.payment_strategy !== "DELAYED" || context.actor.kind !== "customer") return null;
  return takeReferenceNumber(context.db, {
    organiserId: context.organiser.id,
    customerId: context.actor.customerId,
    cartId: input.cart_id,
    now: new Date(),
  });
}

/**
 * What the provider is asked for: everything owed (IMMEDIATE), or the deposit, never more than
 * owed (IMMEDIATE_DEPOSIT); nothing for DELAYED.
 */
export function onlineAmountOf(strategy: PaymentStrategy, price: CartPrice): number {
  if (strategy === "DELAYED") return 0;
  return strategy === "IMMEDIATE_DEPOSIT" ? price.deposit_payable : price.payable;
}

/** A cart's items with their held dates, locked and priced, ready to be converted. */
export interface PricedCart {
  rows: LiveItemRow[];
  itemDates: ItemDateRow[];
  /** places held per date id */
  places: Map<number, number>;
  price: CartPrice;
  /** the bundle paying for each covered registration item, by item id */
  coverage: CartPricing["coverage"];
  /** whom to confirm the processed cart to (none for an anonymised customer) */
  contact: CustomerPricing["contact"];
}

/**
 * Locks what a conversion changes and prices the cart. Rows shared between customers are locked
 * in one order by every conversion: the organiser's reference row (by those that take their
 * number inside the transaction), then the held dates in id order (an add locks its dates only
 * when it commits: docs/decisions/0008-cart-holds.md, 0010-checkout.md). The customer's wallet
 * and bundles are contended only by the same customer, whose cart row the caller locked first.
 *
 * Capacity: a live item holds its places by construction, so registered + this cart's places
 * must fit (it only fails if the organiser lowered a capacity; the other carts' live holds were
 * admitted next to these). That is read here without locking the dates, and checked again,
 * atomically, by the conversion's last statement (`finishConversion`), which only then locks
 * them: the adds and checkouts of a date do not wait for this whole conversion. An item whose
 * hold EXPIRED (an online payment confirmed late) holds nothing any more: its places are counted
 * again like an add counts them, registered + every live hold + its places, under the dates' row
 * locks, taken here then. null when they do not fit.
 *
 * `walletCap` (the wallet use recorded by an online checkout): the wallet is used up to it, so
 * that a payment confirmed later never uses more wallet than the payment was computed with.
 */
export async function lockAndPrice(
  context: ServiceContext,
  cart: CartRow,
  rows: LiveItemRow[],
  now: Date,
  walletCap: number | null,
  /** the dates of `rows`, when the caller read them with the rows */
  knownDates?: ItemDateWithPlaces[],
): Promise<PricedCart | null> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const registrationIds = rows
    .filter((row) => row.item.type === "REGISTRATION")
    .map((row) => row.item.id);
  const expiredIds = new Set(
    rows.filter((row) => row.item.expiresAt <= now).map((row) => row.item.id),
  );
  const itemDates = knownDates ?? (await listItemDates(db, organiserId, registrationIds));
  const places = new Map<number, number>();
  const expiredPlaces = new Map<number, number>();
  for (const date of itemDates) {
    places.set(date.id, (places.get(date.id) ?? 0) + 1);
    if (expiredIds.has(date.cartItemId)) {
      expiredPlaces.set(date.id, (expiredPlaces.get(date.id) ?? 0) + 1);
    }
  }
  if (expiredPlaces.size > 0) {
    // A conversion that takes its number inside the transaction locks the organiser's reference
    // row before the dates (at its end): taking it first here keeps the two from waiting for
    // each other.
    await lockReferenceNumber(db, organiserId);
  }
  const dates =
    expiredPlaces.size > 0
      ? await lockDates(db, organiserId, [...places.keys()])
      : [...new Map(itemDates.map((date) => [date.id, date])).values()];
  // Live holds of every cart (this one's live items included) on the dates of expired holds.
  const liveHolds = await countLiveHolds(db, organiserId, [...expiredPlaces.keys()], now);
  for (const date of dates) {
    if (date.capacity === null) continue;
    const expired = expiredPlaces.get(date.id) ?? 0;
    const taken =
      expired > 0
        ? date.registered + (liveHolds.get(date.id) ?? 0) + expired
        : date.registered + places.get(date.id)!;
    if (taken > date.capacity) return null;
  }

  // The customer's row (wallet) and the customer bundles whose room is counted are locked.
  const customer = await findCustomerPricing(db, organiserId, cart.customerId, {
    couponId: cart.couponId,
    now,
    lock: true,
  });
  const { price, coverage } = await priceCartRows(context, rows, {
    customer,
    wallet: walletCap === null ? customer.wallet : Math.min(customer.wallet, walletCap),
    now,
  });
  return { rows, itemDates, places, price, coverage, contact: customer.contact };
}

export interface Conversion {
  strategy: PaymentStrategy;
  /** received online for this cart (0 for DELAYED): paid with the wallet use */
  paidOnline: number;
  termsAcceptedAt: Date;
  now: Date;
  /** the payment-reference number taken before the transaction (`takeCheckoutReference`) */
  referenceNumber?: number | null;
  /** when a rolling membership of the cart starts (staff's gift: decision 0104); now otherwise */
  membershipStartAt?: Date;
}

/**
 * Processes a cart locked and priced by `lockAndPrice`: the one conversion of a DELAYED checkout
 * and of a confirmed online payment (`settleCartPayment`).
 *
 * Writes: the wallet debit, the registrations (with their dates; `registered` incremented on
 * each held date: the cart's holds stop counting once it is processed, so the places are counted
 * once), customer bundles, memberships and vouchers (unique codes), and the cart's reference
 * `paymentReference(kind, n, prefix)` — a structured communication for a Belgian account in euros,
 * else an ISO 11649 creditor reference —, processed_at, strategy and totals. A stored prefix that
 * is not 0 to 7 digits is ignored (warning logged), never a failed checkout.
 *
 * Paid amounts: the wallet use is spread over the items by their totals, then the online
 * payment over what each still owes (largest remainder both); a part of the payment beyond the
 * items (service fees) stays on the cart only. The cart's paid_amount is wallet + payment.
 *
 * The confirmation e-mail is not written here: the conversion emits `cart.processed` in this
 * transaction, and the organiser's default notification rule sends it right after (decision
 * 0052), off the request path.
 */
export async function convertCart(
  context: ServiceContext,
  cart: CartRow,
  priced: PricedCart,
  conversion: Conversion,
): Promise<void> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const customerId = cart.customerId;
  const { rows, itemDates, places, price, coverage } = priced;
  const { now } = conversion;

  const paid = paidShares(price, conversion.paidOnline);
  if (price.wallet_use > 0) {
    const debited = await debitWallet(db, {
      organiserId,
      customerId,
      amount: price.wallet_use,
      cartId: cart.id,
    });
    if (!debited) throw new Error(`wallet of customer ${customerId} short at checkout`);
  }

  const datesOfItem = new Map<number, ItemDateRow[]>();
  for (const date of itemDates) {
    const list = datesOfItem.get(date.cartItemId) ?? [];
    list.push(date);
    datesOfItem.set(date.cartItemId, list);
  }
  // What the conversion causes (platform-and-account.md §9), written in one statement at its end.
  const emitted: NewEvent[] = [{ type: "cart.processed", payload: { cart_cuid: cart.cuid } }];
  // One connection: statements of a transaction run one after the other.
  const bundles = await findBundles(db, organiserId, ids(rows.map((row) => row.item.bundleId)));
  const memberships = await findMemberships(
    db,
    organiserId,
    ids(rows.map((row) => row.item.membershipId)),
  );
  const vouchers = await findVouchers(db, organiserId, ids(rows.map((row) => row.item.voucherId)));

  // Bundles first: a registration paid by a bundle of this cart points at its customer bundle.
  const customerBundleOfItem = new Map<number, number>();
  const bundleUses = new Map<number, number>();
  const customerBundleOf = (use: BundleUse | undefined): number | null =>
    use === undefined
      ? null
      : "customerBundleId" in use
        ? use.customerBundleId
        : customerBundleOfItem.get(use.bundleItemId)!;
  const writeOrder = [...rows.keys()].sort(
    (a, b) => Number(rows[b]!.item.type === "BUNDLE") - Number(rows[a]!.item.type === "BUNDLE"),
  );
  for (const index of writeOrder) {
    const { item } = rows[index]!;
    const priced = price.items[index]!;
    const base = {
      organiserId,
      customerId,
      cartId: cart.id,
      cartItemId: item.id,
      totalAmount: priced.total,
      paidAmount: paid[index]!,
    };
    switch (item.type) {
      case "REGISTRATION": {
        if (item.participantId === null || item.availabilityId === null) {
          throw new Error(`registration item ${item.id} without participant or availability`);
        }
        const { participant, availability, activity } = rows[index]!;
        if (!participant || !availability || !activity) {
          throw new Error(`registration item ${item.id} without its participant or activity`);
        }
        const bundleId = customerBundleOf(coverage.get(item.id));
        if (bundleId !== null) bundleUses.set(bundleId, (bundleUses.get(bundleId) ?? 0) + 1);
        const registration = await insertRegistration(
          db,
          {
            ...base,
            // Given by `finishConversion` once the reference is known.
            reference: PENDING_REFERENCE,
            participantId: item.participantId,
            availabilityId: item.availabilityId,
            depositAmount: priced.deposit,
            bundleId,
            // What the customer discount gave, kept as it was (decision 0100).
            customerDiscountName: priced.customer_discount?.name ?? null,
            customerDiscountAmount: priced.customer_discount?.amount ?? 0,
            options: item.payload.options ?? [],
            questions: item.payload.questions ?? [],
          },
          (datesOfItem.get(item.id) ?? []).map((date) => date.id),
        );
        emitted.push({
          type: "registration.created",
          payload: { registration_cuid: registration.cuid },
        });
        break;
      }
      case "BUNDLE": {
        const bundle = bundles.get(item.bundleId!)!;
        const customerBundleId = await insertCustomerBundle(db, {
          ...base,
          participantId: item.participantId,
          bundleId: bundle.id,
          capacity: bundle.capacity,
          expiresAt: expiryOf(now, bundle.duration, bundle.expiresAt),
        });
        customerBundleOfItem.set(item.id, customerBundleId);
        break;
      }
      case "MEMBERSHIP": {
        const membership = memberships.get(item.membershipId!)!;
        const period = membershipPeriodOf(membership, conversion.membershipStartAt ?? now);
        const membershipCuid = await insertCustomerMembership(db, {
          ...base,
          participantId: item.participantId,
          membershipId: membership.id,
          startAt: period.start_at,
          endAt: period.end_at,
        });
        emitted.push({
          type: "membership.created",
          payload: { customer_membership_cuid: membershipCuid },
        });
        break;
      }
      case "VOUCHER": {
        const voucher = vouchers.get(item.voucherId!)!;
        let inserted = false;
        // A clash among 31^10 codes is rare; a few draws make it vanishingly so.
        for (let attempt = 0; !inserted && attempt < VOUCHER_CODE_ATTEMPTS; attempt += 1) {
          inserted = await insertCustomerVoucher(db, {
            ...base,
            voucherId: voucher.id,
            code: voucherCode((size) => randomInt(size)),
            expiresAt: expiryOf(now, voucher.duration),
          });
        }
        if (!inserted) throw new Error("no free voucher code after several draws");
        break;
      }
      case "BOOKING":
        await convertBookingItem(db, organiserId, bookingItemOf(item), paid[index]!);
        break;
      case "REGISTRATION_REQUEST":
        await convertRequestItem(context, customerId, item);
        break;
      default:
        // An item type the cart takes without a conversion here is a programming error.
        throw new Error(`cart item type ${item.type} cannot be checked out yet`);
    }
  }
  await consumeCustomerBundles(db, organiserId, bundleUses);
  await markDiscountsApplied(
    db,
    organiserId,
    price.customer_discounts.map((applied) => applied.key),
    now,
  );
  await emitEvents(db, organiserId, emitted);

  const figures = processedFigures(price, conversion);
  // The reference: the number the checkout took before its transaction, else (a webhook's
  // conversion) the organiser's next one, whose row then stays locked until commit: taken last,
  // followed only by the conversion's last statement, which writes the reference
  // and takes the dates' locks (docs/decisions/0010-checkout.md).
  const reference = paymentReference(
    paymentReferenceKind(context.organiser),
    conversion.referenceNumber ?? (await nextReferenceNumber(db, organiserId)),
    referencePrefix(context),
  );
  const fits = await finishConversion(db, {
    organiserId,
    cartId: cart.id,
    cart: { ...figures, reference },
    places,
    now,
  });
  if (!fits) throw new AppError("AVAILABILITY_FULL");
}

/**
 * What each item of a converted cart is paid: the wallet use spread over the items by their
 * totals, then the online payment over what each still owes (largest remainder both); a part of
 * the payment beyond the items (service fees) stays on the cart only.
 */
export function paidShares(price: CartPrice, paidOnline: number): number[] {
  const totals = price.items.map((item) => item.total);
  const walletShares = allocateLargestRemainder(price.wallet_use, totals);
  const owed = totals.map((total, index) => total - walletShares[index]!);
  const onlineShares = allocateLargestRemainder(
    Math.min(
      paidOnline,
      owed.reduce((sum, value) => sum + value, 0),
    ),
    owed,
  );
  return walletShares.map((share, index) => share + onlineShares[index]!);
}

/** The figures a processed cart stores (its reference aside). */
export function processedFigures(price: CartPrice, conversion: Conversion) {
  return {
    processedAt: conversion.now,
    paymentPendingAt: null,
    termsAcceptedAt: conversion.termsAcceptedAt,
    paymentStrategy: conversion.strategy,
    totalAmount: price.total,
    depositAmount: price.deposit,
    paidAmount: price.wallet_use + conversion.paidOnline,
    walletUsed: price.wallet_use,
    serviceFees: price.service_fees,
  };
}

/**
 * What the registrations and the cart carry as their reference until `finishConversion` writes
 * the real one, in the same transaction: nobody else ever reads it.
 */
const PENDING_REFERENCE = "";

/**
 * The organiser's payment reference prefix, when usable (0 to 7 digits): a bad stored setting
 * must not fail checkouts, so it is ignored with a warning for the organiser's support.
 */
export function referencePrefix(context: Pick<ServiceContext, "organiser" | "log">): string {
  const stored: unknown = context.organiser.settings.payments_references_prefix;
  const prefix = usablePaymentReferencePrefix(stored);
  if (prefix !== null) return prefix;
  context.log.warn(
    { organiserId: context.organiser.id, prefix: stored },
    "invalid settings.payments_references_prefix ignored: payment reference without prefix",
  );
  return "";
}

function ids(values: Array<number | null>): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

const iso = (date: Date) => date.toISOString();
const iso0 = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET /api/carts/{cuid}: the customer's own processed cart, for the success page (404
 * CART_NOT_FOUND for another customer's, an unknown or an unprocessed one).
 */
export async function processedCart(
  context: ServiceContext,
  cuid: string,
): Promise<ProcessedCartView> {
  const customer = requireCustomer(context);
  const cart = await findCustomerCart(context.db, context.organiser.id, customer.customerId, {
    cuid,
    state: "processed",
  });
  if (!cart) throw new AppError("CART_NOT_FOUND");
  return processedCartView(context, cart);
}

/**
 * A processed cart as the success page and the confirmation e-mail show it: its items, what
 * they became (registrations by the start of their first date, bundles, memberships, vouchers
 * with their codes), the figures stored at processing and the bank transfer still to make.
 */
export async function processedCartView(
  context: Pick<ServiceContext, "db" | "organiser">,
  cart: CartRow,
): Promise<ProcessedCartView> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  if (cart.processedAt === null || cart.reference === null) {
    throw new Error(`cart ${cart.id} is not processed`);
  }
  const rows = await listLiveItems(db, organiserId, cart.id, null);
  const itemDates = await listItemDates(
    db,
    organiserId,
    rows.map((row) => row.item.id),
  );
  // What each kind of item became is read only when the cart has one.
  const has = (type: LiveItemRow["item"]["type"]) => rows.some((row) => row.item.type === type);
  const items = rows.map((row) => {
    const { expires_at: _expires, ...view } = itemView(
      row,
      itemDates.filter((date) => date.cartItemId === row.item.id),
    );
    return view;
  });

  const registrationRows = has("REGISTRATION")
    ? await listCartRegistrations(db, organiserId, cart.id)
    : [];
  const registrations: RegistrationView[] = registrationRows
    .map(
      ({ registration, participant, availability, activity, dates }): RegistrationView => ({
        id: registration.id,
        cuid: registration.cuid,
        reference: registration.reference,
        participant: {
          id: participant.id,
          cuid: participant.cuid,
          fullname: fullName(participant.firstname, participant.lastname),
        },
        total_amount: registration.totalAmount,
        deposit_amount: registration.depositAmount,
        paid_amount: registration.paidAmount,
        cancelled: registration.cancelled,
        bundle_id: registration.bundleId,
        dates: [...dates]
          .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id)
          .map((date) => ({
            date_id: date.id,
            date: {
              id: date.id,
              cuid: date.cuid,
              start_at: iso(date.startAt),
              end_at: iso(date.endAt),
            },
          })),
        options: registration.options,
        questions: registration.questions,
        availability: {
          id: availability.id,
          cuid: availability.cuid,
          start_at: iso(availability.startAt),
          end_at: iso(availability.endAt),
          activity,
        },
        created_at: iso(registration.createdAt),
      }),
    )
    .map((view, index) => ({
      view,
      index,
      start: view.dates[0]?.date.start_at ?? view.availability.start_at,
    }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.index - b.index)
    .map(({ view }) => view);

  const participantOf = (
    participant: { id: number; cuid: string; firstname: string; lastname: string } | null,
  ) =>
    participant
      ? {
          id: participant.id,
          cuid: participant.cuid,
          fullname: fullName(participant.firstname, participant.lastname),
        }
      : null;
  const bundleRows = has("BUNDLE") ? await listCartBundles(db, organiserId, cart.id) : [];
  const membershipRows = has("MEMBERSHIP")
    ? await listCartMemberships(db, organiserId, cart.id)
    : [];
  const voucherRows = has("VOUCHER") ? await listCartVouchers(db, organiserId, cart.id) : [];

  const total = cart.totalAmount ?? 0;
  const deposit = cart.depositAmount ?? 0;
  const payable = Math.max(0, total - cart.walletUsed + cart.serviceFees);
  // What each part still owes (a cancelled registration nothing, an edited one its new total)
  // and the fees: the rule of the account's payments too (docs/decisions/0019).
  const outstanding = cartAmountDue({
    service_fees: cart.serviceFees,
    paid: cart.paidAmount,
    parts: [
      ...registrationRows.map(({ registration }) => ({
        total: registration.totalAmount,
        paid: registration.paidAmount,
        cancelled: registration.cancelled,
      })),
      ...[...bundleRows, ...voucherRows].map(({ row }) => ({
        total: row.totalAmount,
        paid: row.paidAmount,
        cancelled: false,
      })),
      ...membershipRows.map(({ row }) => ({
        total: row.totalAmount,
        paid: row.paidAmount,
        cancelled: row.cancelled,
      })),
    ],
  });
  const outcomes = await orderItemOutcomes(db, organiserId, cart.customerId, items);
  const strategy = cart.paymentStrategy ?? "DELAYED";
  // What is owed by bank transfer: everything still owed — all of it (DELAYED), the remainder
  // after a deposit paid online (IMMEDIATE_DEPOSIT), nothing once paid in full — while the
  // organiser takes bank transfers.
  const transfer = organiser.settings.bank_transfers_payments_activated ? outstanding : 0;
  return {
    id: cart.id,
    cuid: cart.cuid,
    reference: cart.reference,
    payment_strategy: strategy,
    processed_at: iso(cart.processedAt),
    items,
    registrations,
    bundles: bundleRows.map(({ row, product, participant }) => ({
      id: row.id,
      cuid: row.cuid,
      bundle: product,
      participant: participantOf(participant),
      total_amount: row.totalAmount,
      paid_amount: row.paidAmount,
      capacity: row.capacity,
      used: row.used,
      expires_at: iso0(row.expiresAt),
    })),
    memberships: membershipRows.map(({ row, product, participant }) => ({
      id: row.id,
      cuid: row.cuid,
      membership: product,
      participant: participantOf(participant),
      total_amount: row.totalAmount,
      paid_amount: row.paidAmount,
      start_at: iso(row.startAt),
      end_at: iso(row.endAt),
    })),
    ...outcomes,
    vouchers: voucherRows.map(({ row, product }) => ({
      id: row.id,
      cuid: row.cuid,
      voucher: product,
      code: row.code,
      total_amount: row.totalAmount,
      paid_amount: row.paidAmount,
      expires_at: iso0(row.expiresAt),
    })),
    totals: {
      total,
      deposit,
      wallet_used: cart.walletUsed,
      service_fees: cart.serviceFees,
      payable,
      paid: cart.paidAmount,
      outstanding,
      booking_shares: items
        .filter((item) => item.type === "BOOKING")
        .reduce((sum, item) => sum + item.price, 0),
    },
    bank_transfer:
      transfer > 0
        ? {
            beneficiary: organiser.legalName ?? organiser.name,
            iban: organiser.iban,
            bic: organiser.bic,
            amount: transfer,
            reference: cart.reference,
            due_on: paymentDueDay(cart.processedAt, firstStart(itemDates), organiser.timezone),
            epc_qr: transferEpcQr(organiser, transfer, cart.reference),
          }
        : null,
  };
}

/** The earliest start among an order's dates, null when it has none (bundles, vouchers…). */
function firstStart(dates: ReadonlyArray<{ startAt: Date }>): Date | null {
  if (dates.length === 0) return null;
  return new Date(Math.min(...dates.map((date) => date.startAt.getTime())));
}
