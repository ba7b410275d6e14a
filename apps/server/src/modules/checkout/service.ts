import { randomInt } from "node:crypto";
import type {
  CheckoutResult,
  checkoutBody,
  ProcessedCartView,
  RegistrationView,
} from "@booking/contracts";
import {
  allocateLargestRemainder,
  expiryOf,
  fullName,
  membershipPeriod,
  structuredCommunication,
  usablePaymentReferencePrefix,
  voucherCode,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { findActiveCustomer } from "../accounts/queries.ts";
import {
  type CartRow,
  deleteExpiredItems,
  findCouponByCode,
  findCouponById,
  findCustomerCart,
  findWalletAmount,
  listItemDates,
  listLiveItems,
  lockDates,
  setCartCoupon,
} from "../carts/queries.ts";
import { itemView, priceCartItems } from "../carts/service.ts";
import { queueEmail } from "../mail/outbox.ts";
import { cartConfirmationEmail } from "../mail/templates/cart-confirmation.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { openPaymentResult, startCartPayment } from "../payments/service.ts";
import {
  debitWallet,
  findBundles,
  findMemberships,
  findVouchers,
  incrementRegistered,
  insertCustomerBundle,
  insertCustomerMembership,
  insertCustomerVoucher,
  insertRegistration,
  listCartBundles,
  listCartMemberships,
  listCartRegistrations,
  listCartVouchers,
  listRegistrationDates,
  markProcessed,
  nextReferenceNumber,
} from "./queries.ts";

type CheckoutInput = z.output<typeof checkoutBody>;

export interface CheckoutMail {
  /** enqueues delivery of an e-mail row written by the transaction */
  dispatchEmail(emailId: number): Promise<void>;
  /** the customer's page of a processed cart, linked from the confirmation */
  cartUrl(cuid: string): string;
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
 * POST /api/carts/checkout (storefront.md §4 "Checkout", §7): processes the customer's open cart
 * in ONE transaction (the request's), so that either everything below happens or nothing does.
 *
 * 1. The cart row is locked (`FOR UPDATE`). Another customer's or an unknown cart → 404
 *    CART_NOT_FOUND. A cart already processed answers the same result again: a double submit,
 *    even concurrent, processes once (the second call waits on the lock, then sees processed_at).
 * 2. The coupon of the body, when given, is attached as POST /api/carts/coupons does.
 * 3. Expired items are deleted (they hold nothing); no live item left → 409 CART_EMPTY.
 * 4. The held dates are locked in id order (as the add does, so no deadlock with a concurrent
 *    add), and each is checked to still fit: a live item holds its places by construction, so
 *    this only fails if the organiser lowered a capacity meanwhile (409 AVAILABILITY_FULL).
 * 5. Pricing by `priceCart` (coupon, wallet, service fees), then the payment method: IMMEDIATE
 *    and IMMEDIATE_DEPOSIT → 409 PAYMENT_METHOD_UNAVAILABLE while the organiser's online payments
 *    are off; DELAYED with something to pay while bank transfers are off → 409
 *    PAYMENT_METHOD_UNAVAILABLE.
 * 6. Writes: the wallet debit, the registrations (with their dates; `registered` incremented on
 *    each held date: the cart's holds stop counting once it is processed, so the places are
 *    counted once), customer bundles, memberships and vouchers (unique codes), and the cart's
 *    reference `structuredCommunication(n, prefix)`, processed_at, strategy and totals. A stored
 *    prefix that is not 0 to 7 digits is ignored (warning logged), never a failed checkout.
 * 7. The confirmation e-mail (platform-and-account.md §9: cart.processed, sent immediately) is
 *    written to the outbox in this transaction and handed to the queue after commit. A replayed
 *    checkout returns at step 1, before this, so it never sends a second one.
 * 8. Online payment (IMMEDIATE: the payable; IMMEDIATE_DEPOSIT: the deposit, at most the
 *    payable), when something is owed: the payment is created with the provider and the answer
 *    is `next_action: "payment"` with its hosted page (docs/decisions/0011-online-payments.md).
 *    A replay answers that page again while the payment is open, else the success page.
 */
export async function checkout(
  context: ServiceContext,
  input: CheckoutInput,
  mail: CheckoutMail,
  payments: CheckoutPayments,
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
  if (locked.processedAt !== null) {
    return (await openPaymentResult(context, locked.id)) ?? successResult(locked);
  }
  let cart = locked;

  const code = input.coupon?.trim();
  if (code) {
    const coupon = await findCouponByCode(db, organiserId, code.toUpperCase());
    if (!coupon) throw new AppError("COUPON_NOT_FOUND");
    if (!coupon.active) throw new AppError("COUPON_INACTIVE");
    cart = await setCartCoupon(db, organiserId, cart.id, coupon.id);
  }

  const now = new Date();
  await deleteExpiredItems(db, organiserId, cart.id, now);
  const rows = await listLiveItems(db, organiserId, cart.id, now);
  if (rows.length === 0) throw new AppError("CART_EMPTY");

  // Places held by the registration items, per date; the dates locked like an add locks them.
  const itemDates = await listItemDates(
    db,
    organiserId,
    rows.filter((row) => row.item.type === "REGISTRATION").map((row) => row.item.id),
  );
  const places = new Map<number, number>();
  for (const date of itemDates) places.set(date.id, (places.get(date.id) ?? 0) + 1);
  const dates = await lockDates(db, organiserId, [...places.keys()]);
  for (const date of dates) {
    // registered + this cart's holds: other carts' live holds were admitted next to these.
    if (date.capacity !== null && date.registered + places.get(date.id)! > date.capacity) {
      throw new AppError("AVAILABILITY_FULL");
    }
  }

  const coupon =
    cart.couponId === null ? null : await findCouponById(db, organiserId, cart.couponId);
  const wallet = await findWalletAmount(db, organiserId, customerId, { lock: true });
  const price = priceCartItems(
    context,
    rows.map((row) => row.item),
    coupon,
    wallet,
  );

  // Online payment (IMMEDIATE, IMMEDIATE_DEPOSIT) only when the organiser turned it on.
  const online = input.payment_strategy !== "DELAYED";
  if (online && !organiser.settings.online_payments_activated) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  }
  if (!online && price.payable > 0 && !organiser.settings.bank_transfers_payments_activated) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  }
  // What the provider is asked for: everything owed, or the deposit (never more than owed).
  const onlineAmount = !online
    ? 0
    : input.payment_strategy === "IMMEDIATE_DEPOSIT"
      ? Math.min(price.payable, price.deposit)
      : price.payable;

  // The wallet pays first; its use is spread over the items by their totals (largest
  // remainder), as the part of each already paid.
  const paid = allocateLargestRemainder(
    price.wallet_use,
    price.items.map((item) => item.total),
  );
  if (price.wallet_use > 0) {
    const debited = await debitWallet(db, {
      organiserId,
      customerId,
      amount: price.wallet_use,
      cartId: cart.id,
    });
    if (!debited) throw new Error(`wallet of customer ${customerId} short at checkout`);
  }

  // The reference number last before the writes: its row lock is held until commit.
  const reference = structuredCommunication(
    await nextReferenceNumber(db, organiserId),
    referencePrefix(context),
  );

  const datesByItem = new Map<number, number[]>();
  for (const date of itemDates) {
    const list = datesByItem.get(date.cartItemId) ?? [];
    list.push(date.id);
    datesByItem.set(date.cartItemId, list);
  }
  // One connection: statements of a transaction run one after the other.
  const bundles = await findBundles(db, organiserId, ids(rows.map((row) => row.item.bundleId)));
  const memberships = await findMemberships(
    db,
    organiserId,
    ids(rows.map((row) => row.item.membershipId)),
  );
  const vouchers = await findVouchers(db, organiserId, ids(rows.map((row) => row.item.voucherId)));

  for (const [index, { item }] of rows.entries()) {
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
        await insertRegistration(
          db,
          {
            ...base,
            reference,
            participantId: item.participantId,
            availabilityId: item.availabilityId,
            depositAmount: priced.deposit,
            options: item.payload.options ?? [],
            questions: item.payload.questions ?? [],
          },
          datesByItem.get(item.id) ?? [],
        );
        break;
      }
      case "BUNDLE": {
        const bundle = bundles.get(item.bundleId!)!;
        await insertCustomerBundle(db, {
          ...base,
          participantId: item.participantId,
          bundleId: bundle.id,
          capacity: bundle.capacity,
          expiresAt: expiryOf(now, bundle.duration, bundle.expiresAt),
        });
        break;
      }
      case "MEMBERSHIP": {
        const membership = memberships.get(item.membershipId!)!;
        const period = membershipPeriod(
          membership.periodType === "FIXED"
            ? {
                period_type: "FIXED",
                fixed_start_at: membership.fixedPeriodStartAt!,
                fixed_end_at: membership.fixedPeriodEndAt!,
              }
            : {
                period_type: "ROLLING",
                rolling_type: membership.rollingPeriodType!,
                rolling_duration: membership.rollingPeriodDuration!,
              },
          now,
        );
        await insertCustomerMembership(db, {
          ...base,
          participantId: item.participantId,
          membershipId: membership.id,
          startAt: period.start_at,
          endAt: period.end_at,
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
      default:
        // Registration requests and bookings cannot be added yet (their modules come later).
        throw new Error(`cart item type ${item.type} cannot be checked out yet`);
    }
  }
  await incrementRegistered(db, organiserId, places);

  await markProcessed(db, organiserId, cart.id, {
    reference,
    processedAt: now,
    paymentStrategy: input.payment_strategy,
    totalAmount: price.total,
    depositAmount: price.deposit,
    paidAmount: price.wallet_use,
    walletUsed: price.wallet_use,
    serviceFees: price.service_fees,
  });
  await queueConfirmation(context, cart.cuid, mail);
  if (onlineAmount > 0) {
    return startCartPayment(context, {
      cart: { id: cart.id, cuid: cart.cuid, reference },
      amount: onlineAmount,
      origin: payments.origin,
      provider: payments.provider(),
    });
  }
  return successResult(cart);
}

/**
 * The organiser's payment reference prefix, when usable (0 to 7 digits): a bad stored setting
 * must not fail checkouts, so it is ignored with a warning for the organiser's support.
 */
function referencePrefix(context: ServiceContext): string {
  const stored: unknown = context.organiser.settings.payments_references_prefix;
  const prefix = usablePaymentReferencePrefix(stored);
  if (prefix !== null) return prefix;
  context.log.warn(
    { organiserId: context.organiser.id, prefix: stored },
    "invalid settings.payments_references_prefix ignored: payment reference without prefix",
  );
  return "";
}

/**
 * Writes the confirmation e-mail of the cart just processed into the outbox (this transaction)
 * and dispatches it after commit: in the organiser's language, to the customer's address, with
 * what the success page shows (items, amounts, bank transfer instructions).
 */
async function queueConfirmation(
  context: ServiceContext,
  cartCuid: string,
  mail: CheckoutMail,
): Promise<void> {
  const { db, organiser } = context;
  const customer = await findActiveCustomer(db, organiser.id, requireCustomer(context).customerId);
  if (!customer) return;
  const view = await processedCart(context, cartCuid);
  const message = cartConfirmationEmail({
    language: organiser.language,
    organiserName: organiser.name,
    currency: organiser.currency,
    timezone: organiser.timezone,
    firstname: customer.firstname,
    cartUrl: mail.cartUrl(cartCuid),
    cart: view,
  });
  const emailId = await queueEmail(db, {
    organiserId: organiser.id,
    to: customer.email,
    ...message,
  });
  context.afterCommit(() => mail.dispatchEmail(emailId));
}

function ids(values: Array<number | null>): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

const iso = (date: Date) => date.toISOString();
const iso0 = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET /api/carts/{cuid}: the customer's own processed cart, for the success page: its items,
 * what they became (registrations by the start of their first date, bundles, memberships,
 * vouchers with their codes), the figures stored at checkout and the bank transfer to make.
 */
export async function processedCart(
  context: ServiceContext,
  cuid: string,
): Promise<ProcessedCartView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const cart = await findCustomerCart(db, organiserId, customer.customerId, {
    cuid,
    state: "processed",
  });
  if (!cart || cart.processedAt === null || cart.reference === null) {
    throw new AppError("CART_NOT_FOUND");
  }
  const rows = await listLiveItems(db, organiserId, cart.id, null);
  const itemDates = await listItemDates(
    db,
    organiserId,
    rows.map((row) => row.item.id),
  );
  const items = rows.map((row) => {
    const { expires_at: _expires, ...view } = itemView(
      row,
      itemDates.filter((date) => date.cartItemId === row.item.id),
    );
    return view;
  });

  const registrationRows = await listCartRegistrations(db, organiserId, cart.id);
  const registrationDateRows = await listRegistrationDates(
    db,
    organiserId,
    registrationRows.map((row) => row.registration.id),
  );
  const registrations: RegistrationView[] = registrationRows
    .map(
      ({ registration, participant, availability, activity }): RegistrationView => ({
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
        dates: registrationDateRows
          .filter((date) => date.registrationId === registration.id)
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
  const bundleRows = await listCartBundles(db, organiserId, cart.id);
  const membershipRows = await listCartMemberships(db, organiserId, cart.id);
  const voucherRows = await listCartVouchers(db, organiserId, cart.id);

  const total = cart.totalAmount ?? 0;
  const deposit = cart.depositAmount ?? 0;
  const payable = Math.max(0, total - cart.walletUsed + cart.serviceFees);
  const outstanding = Math.max(0, total + cart.serviceFees - cart.paidAmount);
  const strategy = cart.paymentStrategy ?? "DELAYED";
  // What to transfer: everything still owed; with a deposit strategy, the deposit still owed
  // (the rest is asked later).
  const transfer =
    strategy === "IMMEDIATE_DEPOSIT"
      ? Math.min(outstanding, Math.max(0, deposit - (cart.paidAmount - cart.walletUsed)))
      : outstanding;
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
    },
    bank_transfer:
      transfer > 0 && organiser.settings.bank_transfers_payments_activated
        ? {
            beneficiary: organiser.legalName ?? organiser.name,
            iban: organiser.iban,
            bic: organiser.bic,
            amount: transfer,
            reference: cart.reference,
          }
        : null,
  };
}
