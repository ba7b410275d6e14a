import { notificationRules, scheduledNotifications, type TenantTx } from "@booking/db";
import { and, asc, count, desc, eq, inArray } from "@booking/db/orm";
import type { RuleTrigger } from "@booking/domain";

export type RuleRow = typeof notificationRules.$inferSelect;
export type NewRule = Omit<
  typeof notificationRules.$inferInsert,
  "id" | "cuid" | "organiserId" | "createdAt" | "updatedAt"
>;

export async function listRules(tx: TenantTx, organiserId: number): Promise<RuleRow[]> {
  return tx
    .select()
    .from(notificationRules)
    .where(eq(notificationRules.organiserId, organiserId))
    .orderBy(
      desc(notificationRules.isDefault),
      asc(notificationRules.name),
      asc(notificationRules.id),
    );
}

/** The organiser's active rules of a trigger: what an event of that type sets off. */
export async function listActiveRules(
  tx: TenantTx,
  organiserId: number,
  trigger: RuleTrigger,
): Promise<RuleRow[]> {
  return tx
    .select()
    .from(notificationRules)
    .where(
      and(
        eq(notificationRules.organiserId, organiserId),
        eq(notificationRules.trigger, trigger),
        eq(notificationRules.active, true),
      ),
    )
    .orderBy(asc(notificationRules.id));
}

export async function findRule(
  tx: TenantTx,
  organiserId: number,
  key: { cuid: string } | { id: number },
): Promise<RuleRow | null> {
  const [row] = await tx
    .select()
    .from(notificationRules)
    .where(
      and(
        eq(notificationRules.organiserId, organiserId),
        "cuid" in key ? eq(notificationRules.cuid, key.cuid) : eq(notificationRules.id, key.id),
      ),
    );
  return row ?? null;
}

/** The organiser's rules among `cuids` (a rule's dependencies that still exist). */
export async function findRulesByCuid(
  tx: TenantTx,
  organiserId: number,
  cuids: string[],
): Promise<RuleRow[]> {
  if (cuids.length === 0) return [];
  return tx
    .select()
    .from(notificationRules)
    .where(
      and(eq(notificationRules.organiserId, organiserId), inArray(notificationRules.cuid, cuids)),
    );
}

export async function insertRule(
  tx: TenantTx,
  organiserId: number,
  values: NewRule,
): Promise<RuleRow> {
  const [row] = await tx
    .insert(notificationRules)
    .values({ ...values, organiserId })
    .onConflictDoNothing()
    .returning();
  return row!;
}

export async function updateRule(tx: TenantTx, ruleId: number, values: NewRule): Promise<RuleRow> {
  const [row] = await tx
    .update(notificationRules)
    .set(values)
    .where(eq(notificationRules.id, ruleId))
    .returning();
  return row!;
}

export async function deleteRule(tx: TenantTx, ruleId: number): Promise<void> {
  await tx.delete(notificationRules).where(eq(notificationRules.id, ruleId));
}

/** Per rule: messages waiting, and sent. */
export async function ruleCounts(
  tx: TenantTx,
  organiserId: number,
): Promise<Map<number, { scheduled: number; sent: number }>> {
  const rows = await tx
    .select({
      ruleId: scheduledNotifications.ruleId,
      status: scheduledNotifications.status,
      count: count(),
    })
    .from(scheduledNotifications)
    .where(
      and(
        eq(scheduledNotifications.organiserId, organiserId),
        inArray(scheduledNotifications.status, ["SCHEDULED", "SENT"]),
      ),
    )
    .groupBy(scheduledNotifications.ruleId, scheduledNotifications.status);
  const counts = new Map<number, { scheduled: number; sent: number }>();
  for (const row of rows) {
    const entry = counts.get(row.ruleId) ?? { scheduled: 0, sent: 0 };
    if (row.status === "SCHEDULED") entry.scheduled = row.count;
    else entry.sent = row.count;
    counts.set(row.ruleId, entry);
  }
  return counts;
}
