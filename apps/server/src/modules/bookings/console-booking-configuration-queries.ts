import {
  bookingConfigurationMemberships,
  bookingConfigurations,
  memberships,
  resources,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";

// Reads and writes of the console's booking configurations (decision 0071).

export type BookingConfiguration = typeof bookingConfigurations.$inferSelect;
export type BookingConfigurationValues = Pick<
  typeof bookingConfigurations.$inferInsert,
  "name" | "audience" | "daysAhead" | "cancellationHours" | "maxPerWeek"
>;

/** The organiser's configurations (one by cuid when given), by name. */
export function findConfigurations(tx: TenantTx, organiserId: number, cuid?: string) {
  return tx
    .select()
    .from(bookingConfigurations)
    .where(
      and(
        eq(bookingConfigurations.organiserId, organiserId),
        cuid === undefined ? undefined : eq(bookingConfigurations.cuid, cuid),
      ),
    )
    .orderBy(asc(bookingConfigurations.name), asc(bookingConfigurations.id));
}

export async function findConfigurationById(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .select({ cuid: bookingConfigurations.cuid, name: bookingConfigurations.name })
    .from(bookingConfigurations)
    .where(
      and(eq(bookingConfigurations.organiserId, organiserId), eq(bookingConfigurations.id, id)),
    );
  return row ?? null;
}

/** The membership products of some configurations, by title. */
export function configurationMemberships(
  tx: TenantTx,
  organiserId: number,
  configurationIds: number[],
) {
  if (configurationIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      configurationId: bookingConfigurationMemberships.configurationId,
      id: memberships.id,
      cuid: memberships.cuid,
      title: memberships.title,
    })
    .from(bookingConfigurationMemberships)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organiserId, bookingConfigurationMemberships.organiserId),
        eq(memberships.id, bookingConfigurationMemberships.membershipId),
      ),
    )
    .where(
      and(
        eq(bookingConfigurationMemberships.organiserId, organiserId),
        inArray(bookingConfigurationMemberships.configurationId, configurationIds),
      ),
    )
    .orderBy(asc(memberships.title));
}

/** The resources following some configurations, by name. */
export function configurationResources(
  tx: TenantTx,
  organiserId: number,
  configurationIds: number[],
) {
  if (configurationIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      configurationId: resources.bookingConfigurationId,
      cuid: resources.cuid,
      name: resources.name,
    })
    .from(resources)
    .where(
      and(
        eq(resources.organiserId, organiserId),
        inArray(resources.bookingConfigurationId, configurationIds),
      ),
    )
    .orderBy(asc(resources.name), asc(resources.id));
}

/** The organiser's membership products among `cuids`. */
export function findMembershipsByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  if (cuids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: memberships.id, cuid: memberships.cuid })
    .from(memberships)
    .where(and(eq(memberships.organiserId, organiserId), inArray(memberships.cuid, cuids)));
}

export async function insertConfiguration(
  tx: TenantTx,
  organiserId: number,
  values: BookingConfigurationValues,
) {
  const [row] = await tx
    .insert(bookingConfigurations)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateConfiguration(
  tx: TenantTx,
  id: number,
  values: BookingConfigurationValues,
) {
  const [row] = await tx
    .update(bookingConfigurations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookingConfigurations.id, id))
    .returning();
  return row!;
}

/** Replaces the configuration's membership products by `membershipIds`. */
export async function replaceConfigurationMemberships(
  tx: TenantTx,
  configuration: { organiserId: number; id: number },
  membershipIds: number[],
): Promise<void> {
  await tx
    .delete(bookingConfigurationMemberships)
    .where(
      and(
        eq(bookingConfigurationMemberships.organiserId, configuration.organiserId),
        eq(bookingConfigurationMemberships.configurationId, configuration.id),
      ),
    );
  if (membershipIds.length === 0) return;
  await tx.insert(bookingConfigurationMemberships).values(
    membershipIds.map((membershipId) => ({
      organiserId: configuration.organiserId,
      configurationId: configuration.id,
      membershipId,
    })),
  );
}

export async function deleteConfiguration(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(bookingConfigurations).where(eq(bookingConfigurations.id, id));
}
