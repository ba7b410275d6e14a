import { PAYMENT_TYPES } from "@booking/domain";
import { z } from "zod";

/**
 * The organiser's payment types with their priority (payment_types.payment_types.*, decision
 * 0092): the order checkout offers them in, the first one its default choice. Switching one on
 * or off stays in Settings › Payments (organiser.payments.update).
 */

export const paymentTypeView = z.object({
  type: z.enum(PAYMENT_TYPES),
  /** 1 is the highest */
  priority: z.int(),
  /** switched on in Settings › Payments: checkout offers it */
  enabled: z.boolean(),
});
export type PaymentTypeView = z.infer<typeof paymentTypeView>;
export const paymentTypesView = z.object({ data: z.array(paymentTypeView) });
export type PaymentTypesView = z.infer<typeof paymentTypesView>;

/** PUT /api/admin/payment-types: every payment type once, the highest priority first. */
export const paymentTypesBody = z.object({
  order: z
    .array(z.enum(PAYMENT_TYPES, { error: "INVALID_CHOICE" }), "INVALID_TYPE")
    .length(PAYMENT_TYPES.length, "INVALID_CHOICE")
    .refine((order) => new Set(order).size === order.length, "DUPLICATE"),
});
export type PaymentTypesBody = z.input<typeof paymentTypesBody>;
