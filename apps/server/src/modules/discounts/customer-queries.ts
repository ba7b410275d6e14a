import { customerDiscounts, discounts, type TenantTx } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";

// The discounts given to customers (decision 0100): one row per customer and discount.

export type CustomerDiscountRow = {
  id: number;
  cuid: string;
  customerId: number;
  endsOn: string | null;
  reason: string | null;
  createdAt: Date;
  discount: {
    cuid: string;
    name: string;
    amount: number | null;
    percentage: number | null;
    active: boolean;
  };
};

const columns = {
  id: customerDiscounts.id,
  cuid: customerDiscounts.cuid,
  customerId: customerDiscounts.customerId,
  endsOn: customerDiscounts.endsOn,
  reason: customerDiscounts.reason,
  createdAt: customerDiscounts.createdAt,
  discount: {
    cuid: discounts.cuid,
    name: discounts.name,
    amount: discounts.amount,
    percentage: discounts.percentage,
    active: discounts.active,
  },
};

const withDiscount = and(
  eq(discounts.organiserId, customerDiscounts.organiserId),
  eq(discounts.id, customerDiscounts.discountId),
);

/** A customer's discounts, oldest given first. */
export function listCustomerDiscounts(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerDiscountRow[]> {
  return tx
    .select(columns)
    .from(customerDiscounts)
    .innerJoin(discounts, withDiscount)
    .where(
      and(
        eq(customerDiscounts.organiserId, organiserId),
        eq(customerDiscounts.customerId, customerId),
      ),
    )
    .orderBy(asc(customerDiscounts.id));
}

/** One given discount by its cuid; `lock`: its row, until the transaction ends. */
export async function findCustomerDiscount(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<CustomerDiscountRow | null> {
  const query = tx
    .select(columns)
    .from(customerDiscounts)
    .innerJoin(discounts, withDiscount)
    .where(and(eq(customerDiscounts.organiserId, organiserId), eq(customerDiscounts.cuid, cuid)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: customerDiscounts }) : await query;
  return row ?? null;
}

/**
 * Gives a discount to a customer; null when the customer already holds it (the unique key: of
 * two staff giving it at once, one row is made).
 */
export async function insertCustomerDiscount(
  tx: TenantTx,
  values: {
    organiserId: number;
    customerId: number;
    discountId: number;
    endsOn: string | null;
    reason: string | null;
  },
): Promise<{ id: number; cuid: string } | null> {
  const [row] = await tx
    .insert(customerDiscounts)
    .values(values)
    .onConflictDoNothing({
      target: [
        customerDiscounts.organiserId,
        customerDiscounts.customerId,
        customerDiscounts.discountId,
      ],
    })
    .returning({ id: customerDiscounts.id, cuid: customerDiscounts.cuid });
  return row ?? null;
}

export async function updateCustomerDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: { endsOn: string | null; reason: string | null },
): Promise<void> {
  await tx
    .update(customerDiscounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerDiscounts.organiserId, organiserId), eq(customerDiscounts.id, id)));
}

/** Withdraws a given discount; false when it was already withdrawn. */
export async function deleteCustomerDiscount(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<boolean> {
  const rows = await tx
    .delete(customerDiscounts)
    .where(and(eq(customerDiscounts.organiserId, organiserId), eq(customerDiscounts.id, id)))
    .returning({ id: customerDiscounts.id });
  return rows.length > 0;
}
