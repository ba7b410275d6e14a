import {
  availabilities,
  availabilityAutomaticCancellations,
  carts,
  registrations,
  type TenantTx,
  unpaidCancellationRules,
} from "@booking/db";
import { and, asc, eq, gt, isNull, lt, lte, ne, sql } from "@booking/db/orm";

// The statements of automatic cancellations (docs/decisions/0088-automatic-cancellations.md).

export type AutomaticCancellationRow = typeof availabilityAutomaticCancellations.$inferSelect;

export async function findUnpaidRule(tx: TenantTx, organiserId: number) {
  const [row] = await tx
    .select()
    .from(unpaidCancellationRules)
    .where(eq(unpaidCancellationRules.organiserId, organiserId));
  return row ?? null;
}

export async function saveUnpaidRule(tx: TenantTx, organiserId: number, delayHours: number) {
  await tx
    .insert(unpaidCancellationRules)
    .values({ organiserId, delayHours })
    .onConflictDoUpdate({ target: unpaidCancellationRules.organiserId, set: { delayHours } });
}

export async function deleteUnpaidRule(tx: TenantTx, organiserId: number) {
  await tx
    .delete(unpaidCancellationRules)
    .where(eq(unpaidCancellationRules.organiserId, organiserId));
}

/** The live registrations that have received less than their deposit (their total without one). */
const unpaid = and(
  eq(registrations.cancelled, false),
  isNull(registrations.bundleId),
  gt(registrations.totalAmount, 0),
  lt(
    registrations.paidAmount,
    sql`case when ${registrations.depositAmount} > 0 then ${registrations.depositAmount} else ${registrations.totalAmount} end`,
  ),
);

/**
 * Up to `batch` registrations of the organiser placed at least `delayHours` before `now` and
 * still unpaid, locked in id order. Rows another transaction holds are skipped (`SKIP LOCKED`):
 * a concurrent run deals with them, and it re-reads `cancelled` under its lock. Orders awaiting
 * their online payment are left alone: the payment may still come.
 */
export async function lockUnpaidRegistrations(
  tx: TenantTx,
  organiserId: number,
  cutoff: Date,
  batch: number,
) {
  return tx
    .select({ registration: registrations })
    .from(registrations)
    .innerJoin(
      carts,
      and(eq(carts.organiserId, registrations.organiserId), eq(carts.id, registrations.cartId)),
    )
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        unpaid,
        lte(registrations.createdAt, cutoff),
        isNull(carts.paymentPendingAt),
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(batch)
    .for("update", { of: registrations, skipLocked: true });
}

/**
 * Up to `batch` configurations whose deadline (start less `days_before` days) has passed at `now`
 * and whose availability has not started, not executed yet, locked (`SKIP LOCKED`: a concurrent
 * run takes the others).
 */
export async function lockDueConfigurations(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  batch: number,
) {
  return tx
    .select({ configuration: availabilityAutomaticCancellations })
    .from(availabilityAutomaticCancellations)
    .innerJoin(
      availabilities,
      and(
        eq(availabilities.organiserId, availabilityAutomaticCancellations.organiserId),
        eq(availabilities.id, availabilityAutomaticCancellations.availabilityId),
      ),
    )
    .where(
      and(
        eq(availabilityAutomaticCancellations.organiserId, organiserId),
        isNull(availabilityAutomaticCancellations.executedAt),
        gt(availabilities.startAt, now),
        lte(
          sql`${availabilities.startAt} - make_interval(days => ${availabilityAutomaticCancellations.daysBefore})`,
          now,
        ),
      ),
    )
    .orderBy(asc(availabilityAutomaticCancellations.id))
    .limit(batch)
    .for("update", { of: availabilityAutomaticCancellations, skipLocked: true });
}

/** The live registrations of an availability, locked in id order. */
export async function lockLiveRegistrations(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
) {
  return tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.availabilityId, availabilityId),
        eq(registrations.cancelled, false),
      ),
    )
    .orderBy(asc(registrations.id))
    .for("update");
}

export async function countLiveRegistrations(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.availabilityId, availabilityId),
        eq(registrations.cancelled, false),
      ),
    );
  return row?.count ?? 0;
}

export async function markExecuted(
  tx: TenantTx,
  organiserId: number,
  configurationId: number,
  values: { at: Date; cancelledCount: number },
) {
  await tx
    .update(availabilityAutomaticCancellations)
    .set({ executedAt: values.at, cancelledCount: values.cancelledCount })
    .where(
      and(
        eq(availabilityAutomaticCancellations.organiserId, organiserId),
        eq(availabilityAutomaticCancellations.id, configurationId),
      ),
    );
}

/** A cancelled availability takes no new registration (it stays visible as a record). */
export async function closeAvailability(tx: TenantTx, organiserId: number, availabilityId: number) {
  await tx
    .update(availabilities)
    .set({ status: "CLOSED" })
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.id, availabilityId),
        ne(availabilities.status, "CLOSED"),
      ),
    );
}

export async function findConfiguration(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<AutomaticCancellationRow | null> {
  const [row] = await tx
    .select()
    .from(availabilityAutomaticCancellations)
    .where(
      and(
        eq(availabilityAutomaticCancellations.organiserId, organiserId),
        eq(availabilityAutomaticCancellations.availabilityId, availabilityId),
      ),
    );
  return row ?? null;
}

export async function saveConfiguration(
  tx: TenantTx,
  values: Pick<
    typeof availabilityAutomaticCancellations.$inferInsert,
    "organiserId" | "availabilityId" | "minimumParticipants" | "daysBefore" | "refund"
  >,
) {
  const { organiserId, availabilityId, ...settings } = values;
  await tx
    .insert(availabilityAutomaticCancellations)
    .values(values)
    .onConflictDoUpdate({
      target: [
        availabilityAutomaticCancellations.organiserId,
        availabilityAutomaticCancellations.availabilityId,
      ],
      // A changed rule is looked at again at its (new) deadline.
      set: { ...settings, executedAt: null, cancelledCount: null },
    });
}

export async function deleteConfiguration(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
) {
  await tx
    .delete(availabilityAutomaticCancellations)
    .where(
      and(
        eq(availabilityAutomaticCancellations.organiserId, organiserId),
        eq(availabilityAutomaticCancellations.availabilityId, availabilityId),
      ),
    );
}
