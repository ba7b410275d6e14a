import { type Database, organisers, type TenantTx, withTenant } from "@booking/db";
import { asc } from "@booking/db/orm";
import { creditWallet } from "../checkout/queries.ts";
import { cancelRegistrationPlaces } from "../registrations/cancellation.ts";
import {
  type AutomaticCancellationRow,
  closeAvailability,
  findUnpaidRule,
  lockDueConfigurations,
  lockLiveRegistrations,
  lockUnpaidRegistrations,
  markExecuted,
} from "./queries.ts";

// The automatic cancellations' periodic job (docs/decisions/0088-automatic-cancellations.md).
// Every cancellation goes through `cancelRegistrationPlaces`, as the customer's and the
// organiser's do: places freed, registration.cancellation.created emitted (the notification
// rules tell the family), the waiting list told.

/** Registrations (or configurations) handled per transaction: a run never holds many locks. */
export const AUTOMATIC_CANCELLATION_BATCH = 100;

export type AutomaticCancellationRun = { unpaid: number; insufficient: number };

/** Cancels one batch of unpaid registrations; returns how many. */
async function cancelUnpaidBatch(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  batch: number,
): Promise<number> {
  const rule = await findUnpaidRule(tx, organiserId);
  if (!rule) return 0;
  const cutoff = new Date(now.getTime() - rule.delayHours * 3_600_000);
  const rows = await lockUnpaidRegistrations(tx, organiserId, cutoff, batch);
  for (const { registration } of rows) {
    await cancelRegistrationPlaces(tx, registration, {
      type: "automatic",
      customerId: null,
      message: null,
    });
  }
  return rows.length;
}

/**
 * Looks at one availability at its deadline: fewer live registrations than the minimum cancels
 * them all (type automatic-insufficient-participants, what each paid credited to the wallet when
 * so configured) and closes the availability. Either way the configuration is executed once.
 */
async function executeConfiguration(
  tx: TenantTx,
  configuration: AutomaticCancellationRow,
  now: Date,
): Promise<number> {
  const { organiserId, availabilityId } = configuration;
  const live = await lockLiveRegistrations(tx, organiserId, availabilityId);
  const cancel = live.length < configuration.minimumParticipants;
  if (cancel) {
    for (const registration of live) {
      await cancelRegistrationPlaces(tx, registration, {
        type: "automatic-insufficient-participants",
        customerId: null,
        message: null,
      });
      if (configuration.refund === "WALLET" && registration.paidAmount > 0) {
        await creditWallet(tx, {
          organiserId,
          customerId: registration.customerId,
          amount: registration.paidAmount,
          reason: "REFUND",
          cartId: registration.cartId,
          registrationId: registration.id,
        });
      }
    }
    await closeAvailability(tx, organiserId, availabilityId);
  }
  const cancelledCount = cancel ? live.length : 0;
  await markExecuted(tx, organiserId, configuration.id, { at: now, cancelledCount });
  return cancelledCount;
}

async function executeDueBatch(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  batch: number,
): Promise<{ configurations: number; cancelled: number }> {
  const due = await lockDueConfigurations(tx, organiserId, now, batch);
  let cancelled = 0;
  for (const { configuration } of due)
    cancelled += await executeConfiguration(tx, configuration, now);
  return { configurations: due.length, cancelled };
}

/**
 * Applies every organiser's automatic cancellations at `now`, each organiser in its own
 * row-level-secured transactions of at most `batch` rows. Safe to run twice at once: rows are
 * locked `SKIP LOCKED` and re-read under the lock, so each registration is cancelled once.
 */
export async function runAutomaticCancellations(
  db: Database,
  now: Date,
  batch = AUTOMATIC_CANCELLATION_BATCH,
): Promise<AutomaticCancellationRun> {
  const tenants = await db
    .select({ id: organisers.id })
    .from(organisers)
    .orderBy(asc(organisers.id));
  const run: AutomaticCancellationRun = { unpaid: 0, insufficient: 0 };
  for (const { id } of tenants) {
    for (;;) {
      const count = await withTenant(db, id, (tx) => cancelUnpaidBatch(tx, id, now, batch));
      run.unpaid += count;
      if (count < batch) break;
    }
    for (;;) {
      const done = await withTenant(db, id, (tx) => executeDueBatch(tx, id, now, batch));
      run.insufficient += done.cancelled;
      if (done.configurations < batch) break;
    }
  }
  return run;
}
