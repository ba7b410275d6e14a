import type { CustomerMergeResponse } from "@booking/contracts";
import { mergeCustomData } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { countCustomerRecords } from "./console-queries.ts";
import { customerProfile, requireCustomer } from "./console-service.ts";
import {
  closeSignIns,
  finishMerge,
  lockCustomers,
  lockOpenCarts,
  type Merging,
  mergeAttendanceCharges,
  moveCarts,
  moveOwnedRows,
  moveScheduledNotifications,
  pourOpenCart,
} from "./merge-queries.ts";

const identity = (customer: {
  cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  walletAmount: number;
}) => ({
  cuid: customer.cuid,
  firstname: customer.firstname,
  lastname: customer.lastname,
  email: customer.email,
  phone: customer.phone,
  wallet_amount: customer.walletAmount,
});

/**
 * Merges the duplicate `sourceCuid` into the customer `targetCuid` in the console's one
 * transaction (docs/decisions/0023-customer-merge.md): every record of the source moves to the
 * target, the wallets add up, the target's custom values win and the source's fill its gaps,
 * the source's sign-ins end, and the source row is deleted. Both must be active customers of the
 * organiser (404 otherwise); the same customer twice is 409 CANNOT_MERGE_SELF; when both have an
 * open cart and one of them awaits an online payment, 409 CART_AWAITING_PAYMENT (the payment
 * decides that cart's fate first). The audit log keeps who both were.
 */
export async function mergeCustomers(
  context: ConsoleContext,
  targetCuid: string,
  sourceCuid: string,
): Promise<CustomerMergeResponse> {
  const { db, organiser } = context;
  const target = await requireCustomer(context, targetCuid, { active: true });
  if (sourceCuid === target.cuid)
    throw new AppError("CANNOT_MERGE_SELF", { source: "CANNOT_MERGE_SELF" });
  const source = await requireCustomer(context, sourceCuid, { active: true });
  const merging: Merging = { organiserId: organiser.id, sourceId: source.id, targetId: target.id };
  const moved = await countCustomerRecords(db, organiser.id, source.id);

  // Lock order of every cart change: the carts, then what they hold, the customers last.
  const open = await lockOpenCarts(db, merging);
  if (open.source && open.target) {
    if (open.source.paymentPendingAt || open.target.paymentPendingAt) {
      throw new AppError("CART_AWAITING_PAYMENT");
    }
    await pourOpenCart(db, organiser.id, open.source, open.target);
  }
  await moveCarts(db, merging);
  await mergeAttendanceCharges(db, merging);
  await moveOwnedRows(db, merging);
  await moveScheduledNotifications(db, merging);
  await closeSignIns(db, merging);

  const locked = await lockCustomers(db, merging);
  const merged = {
    walletAmount: locked.target.walletAmount + locked.source.walletAmount,
    customData: mergeCustomData(locked.target.customData, locked.source.customData),
  };
  await finishMerge(db, merging, merged);

  await context.audit({
    action: "customer.merged",
    entity: "customer",
    entityId: target.cuid,
    before: { target: identity(locked.target), source: identity(locked.source) },
    after: {
      wallet_amount: merged.walletAmount,
      custom_data: merged.customData,
      moved: { ...moved, wallet_amount: locked.source.walletAmount },
    },
  });
  await context.audit({
    action: "customer.merged_away",
    entity: "customer",
    entityId: source.cuid,
    before: identity(locked.source),
    after: { merged_into: target.cuid, email: target.email },
  });
  return {
    customer: await customerProfile(context, await requireCustomer(context, target.cuid)),
    moved: { ...moved, wallet_amount: locked.source.walletAmount },
  };
}
