import { dateConfigurations, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";

export type DateConfiguration = typeof dateConfigurations.$inferSelect;
type DateConfigurationValues = Pick<DateConfiguration, "name" | "weekdays" | "slots">;

const ofOrganiser = (organiserId: number, id: number) =>
  and(eq(dateConfigurations.organiserId, organiserId), eq(dateConfigurations.id, id));

/** In staff's order, as the console's page and the dates generator's picker show them. */
export async function listDateConfigurations(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(dateConfigurations)
    .where(eq(dateConfigurations.organiserId, organiserId))
    .orderBy(asc(dateConfigurations.order), asc(dateConfigurations.id));
}

export async function findDateConfiguration(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(dateConfigurations)
    .where(and(eq(dateConfigurations.organiserId, organiserId), eq(dateConfigurations.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** A new one goes last. */
export async function insertDateConfiguration(
  tx: TenantTx,
  organiserId: number,
  values: DateConfigurationValues,
): Promise<DateConfiguration> {
  const [last] = await tx
    .select({ order: max(dateConfigurations.order) })
    .from(dateConfigurations)
    .where(eq(dateConfigurations.organiserId, organiserId));
  const order = last?.order === null || last?.order === undefined ? 0 : last.order + 1;
  const [row] = await tx
    .insert(dateConfigurations)
    .values({ ...values, organiserId, order })
    .returning();
  return row!;
}

export async function updateDateConfiguration(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: DateConfigurationValues,
): Promise<DateConfiguration> {
  const [row] = await tx
    .update(dateConfigurations)
    .set(values)
    .where(ofOrganiser(organiserId, id))
    .returning();
  return row!;
}

export async function reorderDateConfigurations(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(dateConfigurations)
    .set({ order: positionIn(dateConfigurations.id, ids) })
    .where(
      and(eq(dateConfigurations.organiserId, organiserId), inArray(dateConfigurations.id, ids)),
    );
}

export async function deleteDateConfiguration(tx: TenantTx, organiserId: number, id: number) {
  await tx.delete(dateConfigurations).where(ofOrganiser(organiserId, id));
}
