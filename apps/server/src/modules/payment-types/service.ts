import type { PaymentTypesView, paymentTypesBody } from "@booking/contracts";
import type { OrganiserSettings } from "@booking/db";
import { type PaymentType, paymentTypesByPriority, priorityList } from "@booking/domain";
import type { z } from "zod";
import type { ConsoleContext } from "../../http/console-context.ts";
import { lockOrganiser, updateOrganiser } from "../organisers/console-queries.ts";

// Payment types with their priority (issue 17 §4, decision 0092): the order checkout offers the
// organiser's payment types in, the first one its default choice (storefront.md §4 Checkout).
// The order is kept in the organiser's settings (`payment_types`); switching a type on or off
// stays with the payments settings.

function view(settings: OrganiserSettings): PaymentTypesView {
  const enabled: Record<PaymentType, boolean> = {
    BANK_TRANSFER: settings.bank_transfers_payments_activated,
    ONLINE: settings.online_payments_activated,
  };
  return {
    data: paymentTypesByPriority(settings.payment_types).map((type, index) => ({
      type,
      priority: index + 1,
      enabled: enabled[type],
    })),
  };
}

export const paymentTypesConsole = {
  /** GET /api/admin/payment-types: every type by priority, whether it is switched on. */
  get(context: ConsoleContext): PaymentTypesView {
    return view(context.organiser.settings);
  },

  /** PUT /api/admin/payment-types: the new order (every type once), audited when it changed. */
  async update(
    context: ConsoleContext,
    input: z.output<typeof paymentTypesBody>,
  ): Promise<PaymentTypesView> {
    const before = await lockOrganiser(context.db, context.organiser.id);
    const previous = paymentTypesByPriority(before.settings.payment_types);
    const after = await updateOrganiser(
      context.db,
      before.id,
      {},
      {
        payment_types: priorityList(input.order),
      },
    );
    if (previous.join() !== input.order.join()) {
      await context.audit({
        action: "organiser.payment_types_updated",
        entity: "organiser",
        entityId: before.cuid,
        before: { order: previous },
        after: { order: input.order },
      });
    }
    return view(after.settings);
  },
};
