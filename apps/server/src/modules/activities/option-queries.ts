import { activityOptionPrices, activityOptions, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "./ordering.ts";

export type Option = typeof activityOptions.$inferSelect;
export type OptionPrice = typeof activityOptionPrices.$inferSelect;
export type OptionValues = Pick<Option, "title" | "description" | "answerRequired">;
export type PriceValues = Pick<OptionPrice, "label" | "amount" | "percentage" | "order">;

/** An activity's options in their order, each with its prices in theirs. */
export async function listOptions(tx: TenantTx, organiserId: number, activityId: number) {
  const options = await tx
    .select()
    .from(activityOptions)
    .where(
      and(eq(activityOptions.organiserId, organiserId), eq(activityOptions.activityId, activityId)),
    )
    .orderBy(asc(activityOptions.order), asc(activityOptions.id));
  const prices = await pricesOf(
    tx,
    organiserId,
    options.map((option) => option.id),
  );
  return options.map((option) => ({
    option,
    prices: prices.filter((price) => price.optionId === option.id),
  }));
}

export async function pricesOf(
  tx: TenantTx,
  organiserId: number,
  optionIds: number[],
): Promise<OptionPrice[]> {
  if (optionIds.length === 0) return [];
  return tx
    .select()
    .from(activityOptionPrices)
    .where(
      and(
        eq(activityOptionPrices.organiserId, organiserId),
        inArray(activityOptionPrices.optionId, optionIds),
      ),
    )
    .orderBy(asc(activityOptionPrices.order), asc(activityOptionPrices.id));
}

export async function findOption(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  cuid: string,
): Promise<Option | null> {
  const [row] = await tx
    .select()
    .from(activityOptions)
    .where(
      and(
        eq(activityOptions.organiserId, organiserId),
        eq(activityOptions.activityId, activityId),
        eq(activityOptions.cuid, cuid),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function nextOptionOrder(tx: TenantTx, organiserId: number, activityId: number) {
  const [row] = await tx
    .select({ last: max(activityOptions.order) })
    .from(activityOptions)
    .where(
      and(eq(activityOptions.organiserId, organiserId), eq(activityOptions.activityId, activityId)),
    );
  return (row?.last ?? -1) + 1;
}

export async function insertOption(
  tx: TenantTx,
  values: typeof activityOptions.$inferInsert,
): Promise<Option> {
  const [row] = await tx.insert(activityOptions).values(values).returning();
  return row!;
}

export async function updateOption(
  tx: TenantTx,
  id: number,
  values: OptionValues,
): Promise<Option> {
  const [row] = await tx
    .update(activityOptions)
    .set(values)
    .where(eq(activityOptions.id, id))
    .returning();
  return row!;
}

export async function deleteOption(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(activityOptions).where(eq(activityOptions.id, id));
}

export async function insertPrice(
  tx: TenantTx,
  values: typeof activityOptionPrices.$inferInsert,
): Promise<void> {
  await tx.insert(activityOptionPrices).values(values);
}

export async function updatePrice(tx: TenantTx, id: number, values: PriceValues): Promise<void> {
  await tx.update(activityOptionPrices).set(values).where(eq(activityOptionPrices.id, id));
}

export async function deletePrices(tx: TenantTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(activityOptionPrices).where(inArray(activityOptionPrices.id, ids));
}

export async function reorderOptions(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(activityOptions)
    .set({ order: positionIn(activityOptions.id, ids) })
    .where(and(eq(activityOptions.organiserId, organiserId), inArray(activityOptions.id, ids)));
}
