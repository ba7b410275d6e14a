import type {
  bundleExpiryBody,
  CustomerBundleAdminList,
  CustomerBundleAdminView,
  ownedRefundBody,
} from "@booking/contracts";
import { refundRefusal } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { creditWallet } from "../checkout/queries.ts";
import { requireCustomer } from "../customers/console-service.ts";
import {
  type ConsumptionRow,
  type CustomerBundleRow,
  findCustomerBundle,
  listConsumption,
  listCustomerBundles,
  lockCustomerRow,
  markBundleRefunded,
  setBundleExpiry,
} from "./queries.ts";

// Customers' bundles in the console (issue 17 §4, decision 0087): what each paid for, a new end
// of validity, and a refund to the customer's wallet. Every change is audited.

function bundleView(
  row: CustomerBundleRow,
  consumption: ConsumptionRow[],
): CustomerBundleAdminView {
  return {
    cuid: row.cuid,
    title: row.title,
    participant: row.participant,
    capacity: row.capacity,
    used: row.used,
    expires_at: row.expires_at,
    from_voucher: row.from_voucher,
    total_amount: row.total_amount,
    paid_amount: row.paid_amount,
    refund: row.refunded_at === null ? null : { amount: row.refunded_amount!, at: row.refunded_at },
    created_at: row.created_at,
    consumption: consumption
      .filter((use) => use.customer_bundle_id === row.id)
      .map(({ customer_bundle_id: _, ...use }) => use),
  };
}

async function views(context: ConsoleContext, rows: CustomerBundleRow[]) {
  const consumption = await listConsumption(
    context.db,
    context.organiser.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => bundleView(row, consumption));
}

async function requireBundle(context: ConsoleContext, cuid: string, lock = false) {
  const row = await findCustomerBundle(context.db, context.organiser.id, cuid, { lock });
  if (!row) throw new AppError("BUNDLE_NOT_FOUND");
  return row;
}

async function oneBundle(context: ConsoleContext, cuid: string): Promise<CustomerBundleAdminView> {
  const [view] = await views(context, [await requireBundle(context, cuid)]);
  return view!;
}

export const customerBundlesConsole = {
  /** GET /api/admin/customers/:cuid/bundles: the customer's bundles with what each paid for. */
  async list(context: ConsoleContext, customerCuid: string): Promise<CustomerBundleAdminList> {
    const customer = await requireCustomer(context, customerCuid);
    const rows = await listCustomerBundles(context.db, context.organiser.id, customer.id);
    return { data: await views(context, rows) };
  },

  /**
   * PUT /api/admin/customer-bundles/:item/expiry: a new end of validity, in the future (400
   * TOO_SMALL on expires_at otherwise), or none; a refunded bundle stays ended (409
   * BUNDLE_ALREADY_REFUNDED).
   */
  async setExpiry(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof bundleExpiryBody>,
  ): Promise<CustomerBundleAdminView> {
    const bundle = await requireBundle(context, cuid, true);
    if (bundle.refunded_at !== null) throw new AppError("BUNDLE_ALREADY_REFUNDED");
    const expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
    const now = context.clock?.() ?? new Date();
    if (expiresAt && expiresAt <= now) throw validationError({ expires_at: "TOO_SMALL" });
    await setBundleExpiry(context.db, context.organiser.id, bundle.id, expiresAt);
    await context.audit({
      action: "customer_bundle.expiry_changed",
      entity: "customer_bundle",
      entityId: bundle.cuid,
      before: { expires_at: bundle.expires_at },
      after: { expires_at: expiresAt?.toISOString() ?? null },
    });
    return oneBundle(context, cuid);
  },

  /**
   * POST /api/admin/customer-bundles/:item/refund: gives `amount` (all that was paid by default,
   * never more: 409 REFUND_ABOVE_PAID) back to the customer's wallet, once (409
   * BUNDLE_ALREADY_REFUNDED); the bundle then pays no more registrations. The customer's row is
   * locked first, then the bundle's (checkout's order), so concurrent refunds queue and only the
   * first one credits.
   */
  async refund(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof ownedRefundBody>,
  ): Promise<CustomerBundleAdminView> {
    const { db, organiser } = context;
    const found = await requireBundle(context, cuid);
    await lockCustomerRow(db, organiser.id, found.customer_id);
    const bundle = await requireBundle(context, cuid, true);
    if (bundle.refunded_at !== null) throw new AppError("BUNDLE_ALREADY_REFUNDED");
    const paid = Math.max(bundle.paid_amount, 0);
    const amount = input.amount ?? paid;
    const refusal = refundRefusal(amount, paid);
    if (refusal) throw new AppError(refusal, { amount: refusal }, { refundable: paid });
    const at = context.clock?.() ?? new Date();
    if (!(await markBundleRefunded(db, organiser.id, bundle.id, { amount, at }))) {
      throw new AppError("BUNDLE_ALREADY_REFUNDED");
    }
    if (amount > 0) {
      await creditWallet(db, {
        organiserId: organiser.id,
        customerId: bundle.customer_id,
        amount,
        reason: "REFUND",
        cartId: bundle.cart_id,
      });
    }
    await context.audit({
      action: "customer_bundle.refunded",
      entity: "customer_bundle",
      entityId: bundle.cuid,
      before: { paid_amount: bundle.paid_amount, refunded_amount: null },
      after: { refunded_amount: amount, reason: input.reason },
    });
    return oneBundle(context, cuid);
  },
};
