import type {
  CartAdminDetail,
  CartAdminList,
  CartAdminSummary,
  cartCancelBody,
  cartListQuery,
  holdExtendBody,
} from "@booking/contracts";
import { fullName, grants } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { deleteItem } from "../carts/queries.ts";
import { creditWallet } from "../checkout/queries.ts";
import { requireCustomer } from "../customers/console-service.ts";
import { cancelRegistrationPlaces } from "../registrations/cancellation.ts";
import { lockRegistration } from "../registrations/console-queries.ts";
import {
  type CartSummaryRow,
  countCarts,
  extendHold,
  findCart,
  findHold,
  type HoldRow,
  listCartRegistrations,
  listCarts,
  listHolds,
  lockCart,
} from "./queries.ts";

// Customers' carts in the console (issue 17 §4, decision 0092): open and abandoned carts with
// their holds, a hold extended or released, a processed cart cancelled. Every change locks the
// cart's row first, as an add and a checkout do, so a change and a checkout of the same cart
// run one after the other; every change is audited.

function summaryView(row: CartSummaryRow): CartAdminSummary {
  const processed = row.processed_at !== null;
  const state = processed
    ? "processed"
    : row.payment_pending || row.live_holds > 0
      ? "open"
      : "abandoned";
  return {
    cuid: row.cuid,
    state,
    reference: row.reference,
    customer: {
      cuid: row.customer_cuid,
      fullname: fullName(row.customer_firstname, row.customer_lastname),
      email: row.customer_email,
    },
    items: row.items,
    live_holds: processed ? 0 : row.live_holds,
    expires_at: processed ? null : row.expires_at,
    total: processed ? (row.total_amount ?? 0) : row.items_total,
    paid_amount: row.paid_amount,
    payment_pending: row.payment_pending,
    created_at: row.created_at,
    processed_at: row.processed_at,
    proofs_erased_at: row.proofs_erased_at,
  };
}

function holdView(row: HoldRow) {
  return {
    cuid: row.cuid,
    type: row.type,
    title: row.title ?? row.type,
    participant: row.participant,
    price: row.price,
    expires_at: row.expires_at,
    live: row.live,
    dates: row.dates,
  };
}

async function detail(context: ConsoleContext, cuid: string): Promise<CartAdminDetail> {
  const { db, organiser } = context;
  const now = nowOf(context);
  const row = await findCart(db, organiser.id, cuid, now);
  if (!row) throw new AppError("CART_NOT_FOUND");
  const processed = row.processed_at !== null;
  // A processed cart's items became its registrations and products: what it holds is nothing.
  const holds = processed ? [] : await listHolds(db, organiser.id, row.id, now);
  const registrations = processed ? await listCartRegistrations(db, organiser.id, row.id) : [];
  return {
    ...summaryView(row),
    holds: holds.map(holdView),
    registrations: registrations.map(({ id: _, ...registration }) => registration),
  };
}

/** The hold's cart, locked; the hold read again under the lock (a checkout may have taken it). */
async function lockedHold(context: ConsoleContext, itemCuid: string) {
  const { db, organiser } = context;
  const now = nowOf(context);
  const found = await findHold(db, organiser.id, itemCuid, now);
  if (!found) throw new AppError("CART_ITEM_NOT_FOUND");
  const cart = await lockCart(db, organiser.id, { id: found.cart_id });
  const hold = cart ? await findHold(db, organiser.id, itemCuid, now) : null;
  if (!cart || !hold) throw new AppError("CART_ITEM_NOT_FOUND");
  if (cart.processed) throw new AppError("CART_PROCESSED");
  return { cart, hold, now };
}

export const customerCartsConsole = {
  /** GET /api/admin/carts: open, abandoned or processed carts, the latest first. */
  async list(
    context: ConsoleContext,
    query: z.output<typeof cartListQuery>,
  ): Promise<CartAdminList> {
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const now = nowOf(context);
    const filters = { state: query.state, q: query.q, customer: query.customer };
    const rows = await listCarts(context.db, context.organiser.id, filters, { limit, offset }, now);
    const count =
      rows.length > 0
        ? rows[0]!.total_count
        : await countCarts(context.db, context.organiser.id, filters, now);
    return { data: rows.map(summaryView), count, limit, offset };
  },

  /** GET /api/admin/customers/:cuid/carts: the customer's carts of every state, the latest first. */
  async ofCustomer(context: ConsoleContext, customerCuid: string): Promise<CartAdminDetail[]> {
    const customer = await requireCustomer(context, customerCuid);
    const now = nowOf(context);
    const page = { limit: 20, offset: 0 };
    const carts: CartAdminDetail[] = [];
    for (const state of ["open", "abandoned", "processed"] as const) {
      const rows = await listCarts(
        context.db,
        context.organiser.id,
        { state, customer: customer.cuid },
        page,
        now,
      );
      for (const row of rows) carts.push(await detail(context, row.cuid));
    }
    return carts;
  },

  detail,

  /**
   * POST /api/admin/cart-items/:item/extend: a live hold's end pushed back by `minutes`; an
   * expired hold (its places may be someone else's by now) is 409 HOLD_EXPIRED, a processed
   * cart's item 409 CART_PROCESSED. A cart awaiting its online payment may be extended: its
   * holds wait for the payment.
   */
  async extend(
    context: ConsoleContext,
    itemCuid: string,
    input: z.output<typeof holdExtendBody>,
  ): Promise<CartAdminDetail> {
    const { cart, hold, now } = await lockedHold(context, itemCuid);
    const expiresAt = await extendHold(
      context.db,
      context.organiser.id,
      hold.id,
      input.minutes,
      now,
    );
    if (!expiresAt) throw new AppError("HOLD_EXPIRED");
    await context.audit({
      action: "cart_item.hold_extended",
      entity: "cart_item",
      entityId: hold.cuid,
      before: { expires_at: hold.expires_at },
      after: { expires_at: expiresAt, minutes: input.minutes },
    });
    return detail(context, cart.cuid);
  },

  /**
   * POST /api/admin/cart-items/:item/release: the item leaves the cart and its places are free
   * at once (its held dates and resource periods go with it). A cart awaiting its online payment
   * is frozen: 409 CART_AWAITING_PAYMENT.
   */
  async release(context: ConsoleContext, itemCuid: string): Promise<CartAdminDetail> {
    const { cart, hold } = await lockedHold(context, itemCuid);
    if (cart.payment_pending) throw new AppError("CART_AWAITING_PAYMENT");
    await deleteItem(context.db, context.organiser.id, hold.id);
    await context.audit({
      action: "cart_item.hold_released",
      entity: "cart_item",
      entityId: hold.cuid,
      before: { type: hold.type, title: hold.title, expires_at: hold.expires_at, live: hold.live },
    });
    return detail(context, cart.cuid);
  },

  /**
   * POST /api/admin/carts/:cuid/cancel: every registration of a processed cart not cancelled yet
   * is cancelled as the registration page's cancel does (places freed, bundle use given back,
   * registration.cancellation.created emitted); `refund` "wallet" credits each one's paid amount
   * to the wallet (with registrations.registrations.refund, else 403). 409 CART_NOT_PROCESSED for
   * a cart not checked out, 409 CART_ALREADY_CANCELLED when nothing is left to cancel.
   */
  async cancel(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof cartCancelBody>,
  ): Promise<CartAdminDetail> {
    const { db, organiser, actor } = context;
    if (input.refund === "wallet" && !grants(actor.role, "registrations.registrations.refund")) {
      throw new AppError("FORBIDDEN");
    }
    const cart = await lockCart(db, organiser.id, { cuid });
    if (!cart) throw new AppError("CART_NOT_FOUND");
    if (!cart.processed) throw new AppError("CART_NOT_PROCESSED");
    const rows = await listCartRegistrations(db, organiser.id, cart.id);
    let cancelled = 0;
    let refunded = 0;
    for (const row of rows.filter((candidate) => !candidate.cancelled)) {
      const registration = await lockRegistration(db, organiser.id, row.cuid);
      if (!registration || registration.cancelled) continue;
      await cancelRegistrationPlaces(db, registration, {
        type: "organiser",
        customerId: null,
        message: input.message,
      });
      cancelled += 1;
      if (input.refund === "wallet" && registration.paidAmount > 0) {
        await creditWallet(db, {
          organiserId: organiser.id,
          customerId: registration.customerId,
          amount: registration.paidAmount,
          reason: "REFUND",
          cartId: cart.id,
          registrationId: registration.id,
        });
        refunded += registration.paidAmount;
      }
    }
    if (cancelled === 0) throw new AppError("CART_ALREADY_CANCELLED");
    await context.audit({
      action: "cart.cancelled",
      entity: "cart",
      entityId: cart.cuid,
      after: { registrations: cancelled, refunded, refund: input.refund, message: input.message },
    });
    return detail(context, cart.cuid);
  },
};
