import type {
  CustomerDiscountList,
  CustomerDiscountView,
  customerDiscountBody,
  customerDiscountChangeBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireCustomer } from "../customers/console-service.ts";
import {
  type CustomerDiscountRow,
  deleteCustomerDiscount,
  findCustomerDiscount,
  insertCustomerDiscount,
  listCustomerDiscounts,
  updateCustomerDiscount,
} from "./customer-queries.ts";
import { findDiscount, listDiscounts } from "./queries.ts";

// Discounts given to a customer from their page in the console (customers.discounts.*;
// decision 0100): given once each (a second give, even at the same moment, is 409
// CUSTOMER_DISCOUNT_ALREADY_GIVEN), with an optional last day and a reason; changed; withdrawn.
// Cart pricing applies them from the next pricing on; registrations already bought keep what
// they got. Every change is audited.

type GiveInput = z.output<typeof customerDiscountBody>;
type ChangeInput = z.output<typeof customerDiscountChangeBody>;

const view = (row: CustomerDiscountRow): CustomerDiscountView => ({
  cuid: row.cuid,
  discount: row.discount,
  ends_on: row.endsOn,
  reason: row.reason ?? "",
  given_at: row.createdAt.toISOString(),
});

const audited = (row: Pick<CustomerDiscountRow, "endsOn" | "reason">, discount: string) => ({
  discount,
  ends_on: row.endsOn,
  reason: row.reason ?? "",
});

async function requireGiven(context: ConsoleContext, cuid: string) {
  const row = await findCustomerDiscount(context.db, context.organiser.id, cuid, { lock: true });
  if (!row) throw new AppError("CUSTOMER_DISCOUNT_NOT_FOUND");
  return row;
}

export const customerDiscountsConsole = {
  /** GET /api/admin/customers/:cuid/discounts: held ones, and the active ones it may be given. */
  async list(context: ConsoleContext, customerCuid: string): Promise<CustomerDiscountList> {
    const { db, organiser } = context;
    const customer = await requireCustomer(context, customerCuid);
    const rows = await listCustomerDiscounts(db, organiser.id, customer.id);
    const held = new Set(rows.map((row) => row.discount.cuid));
    const choices = (await listDiscounts(db, organiser.id))
      .filter((discount) => discount.active && !held.has(discount.cuid))
      .map((discount) => ({ cuid: discount.cuid, name: discount.name }));
    return { data: rows.map(view), choices };
  },

  /** POST /api/admin/customers/:cuid/discounts */
  async give(
    context: ConsoleContext,
    customerCuid: string,
    input: GiveInput,
  ): Promise<CustomerDiscountView> {
    const { db, organiser } = context;
    const customer = await requireCustomer(context, customerCuid, { active: true });
    const discount = await findDiscount(db, organiser.id, input.discount);
    if (!discount) throw new AppError("DISCOUNT_NOT_FOUND");
    const given = await insertCustomerDiscount(db, {
      organiserId: organiser.id,
      customerId: customer.id,
      discountId: discount.id,
      endsOn: input.ends_on,
      reason: input.reason || null,
    });
    if (!given) throw new AppError("CUSTOMER_DISCOUNT_ALREADY_GIVEN");
    const row = (await findCustomerDiscount(db, organiser.id, given.cuid))!;
    await context.audit({
      action: "customer_discount.given",
      entity: "customer_discount",
      entityId: row.cuid,
      after: { customer: customer.cuid, ...audited(row, discount.name) },
    });
    return view(row);
  },

  /** PUT /api/admin/customer-discounts/:item: its last day and reason (the row locked). */
  async change(context: ConsoleContext, cuid: string, input: ChangeInput) {
    const before = await requireGiven(context, cuid);
    const values = { endsOn: input.ends_on, reason: input.reason || null };
    await updateCustomerDiscount(context.db, context.organiser.id, before.id, values);
    await context.audit({
      action: "customer_discount.updated",
      entity: "customer_discount",
      entityId: before.cuid,
      before: audited(before, before.discount.name),
      after: audited(values, before.discount.name),
    });
    return view({ ...before, ...values });
  },

  /** DELETE /api/admin/customer-discounts/:item */
  async withdraw(context: ConsoleContext, cuid: string): Promise<void> {
    const before = await requireGiven(context, cuid);
    if (!(await deleteCustomerDiscount(context.db, context.organiser.id, before.id))) {
      throw new AppError("CUSTOMER_DISCOUNT_NOT_FOUND");
    }
    await context.audit({
      action: "customer_discount.withdrawn",
      entity: "customer_discount",
      entityId: before.cuid,
      before: audited(before, before.discount.name),
    });
  },
};
