import type { TenantTx } from "@booking/db";
import { type AttendanceBillingRule, cycleCharges, monthlyCycleBounds } from "@booking/domain";
import { newPaymentReference } from "../checkout/payment-references.ts";
import { emitEvents } from "../events/emit.ts";
import type { Organiser } from "../organisers/queries.ts";
import {
  type ConfigurationRow,
  type CycleRow,
  claimCycle,
  insertCharge,
  listPresences,
  type PresenceRow,
} from "./queries.ts";

// Issuing a month of attendance charges, the one path of the end-of-month job and of staff's
// "issue now" (docs/decisions/0064-attendance-billing.md).

export function billingRule(configuration: ConfigurationRow): AttendanceBillingRule {
  return {
    pricing: configuration.pricing,
    unitDuration: configuration.unitDuration,
    unitAmount: configuration.unitAmount,
    recordsTimes: configuration.recordsTimes,
  };
}

/** The presences of a month as the pure rules take them. */
function asPresences(rows: PresenceRow[]) {
  return rows.map((row) => ({
    ...row,
    customerId: row.customer.id,
    session: { startAt: row.date.startAt, endAt: row.date.endAt },
  }));
}

/** What a month bills, computed from the attendance sheets: the preview, and what issue writes. */
export async function billMonth(
  tx: TenantTx,
  organiser: Organiser,
  configuration: ConfigurationRow,
  month: string,
) {
  const bounds = monthlyCycleBounds(month, organiser.timezone);
  const rows = await listPresences(tx, organiser.id, configuration.activityId, bounds);
  return { bounds, charges: cycleCharges(billingRule(configuration), asPresences(rows)) };
}

/**
 * Issues the month of a configuration in `tx`: claims its cycle (null when it was issued already:
 * a rerun or a concurrent run creates nothing), then writes one charge per customer with its items,
 * each charge with its payment reference (the organiser's sequence, as an order's), and emits
 * `attendance-charge.created` for each in the same transaction.
 */
export async function issueMonth(
  tx: TenantTx,
  organiser: Organiser,
  configuration: ConfigurationRow,
  month: string,
  issuedByCollaboratorId: number | null,
): Promise<CycleRow | null> {
  const bounds = monthlyCycleBounds(month, organiser.timezone);
  const cycle = await claimCycle(tx, {
    organiserId: organiser.id,
    configurationId: configuration.id,
    startAt: bounds.start,
    endAt: bounds.end,
    issuedByCollaboratorId,
  });
  if (!cycle) return null;
  const { charges } = await billMonth(tx, organiser, configuration, month);
  const created: string[] = [];
  for (const charge of charges) {
    const reference = await newPaymentReference(tx, organiser);
    const row = await insertCharge(
      tx,
      {
        organiserId: organiser.id,
        customerId: charge.customerId,
        billingCycleId: cycle.id,
        reference,
        totalAmount: charge.totals.amount,
      },
      charge.items.map((item) => ({
        organiserId: organiser.id,
        registrationId: item.registrationId,
        availabilityDateId: item.date.id,
        arrivedAt: item.arrivedAt,
        departedAt: item.departedAt,
        duration: item.duration,
        amount: item.amount,
      })),
    );
    created.push(row.cuid);
  }
  await emitEvents(
    tx,
    organiser.id,
    created.map((cuid) => ({
      type: "attendance-charge.created" as const,
      payload: { attendance_charge_cuid: cuid },
    })),
  );
  return cycle;
}
