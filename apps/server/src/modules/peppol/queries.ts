import { type PeppolTransmissionStatus, peppolTransmissions, type TenantTx } from "@booking/db";
import { and, asc, eq, isNull, lt, or, sql } from "@booking/db/orm";

// The Peppol transmission rows: claimed by one delivery at a time, updated after each step.

export type TransmissionRow = typeof peppolTransmissions.$inferSelect;

const ofInvoice = (organiserId: number, invoiceId: number) =>
  and(
    eq(peppolTransmissions.organiserId, organiserId),
    eq(peppolTransmissions.invoiceId, invoiceId),
  );

/**
 * Creates or claims the document's transmission until `until`, unless another delivery holds it
 * (its claim has not run out at `now`): the row, or null when it is held.
 */
export async function claimTransmission(
  tx: TenantTx,
  key: { organiserId: number; invoiceId: number; receiver: string },
  now: Date,
  until: Date,
): Promise<TransmissionRow | null> {
  const [row] = await tx
    .insert(peppolTransmissions)
    .values({ ...key, status: "PENDING", claimedUntil: until })
    .onConflictDoUpdate({
      target: [peppolTransmissions.organiserId, peppolTransmissions.invoiceId],
      set: { claimedUntil: until, updatedAt: sql`now()` },
      setWhere: or(
        isNull(peppolTransmissions.claimedUntil),
        lt(peppolTransmissions.claimedUntil, now),
      ),
    })
    .returning();
  return row ?? null;
}

/** Records a step's outcome; `release` ends the claim. */
export async function updateTransmission(
  tx: TenantTx,
  organiserId: number,
  invoiceId: number,
  change: {
    status?: PeppolTransmissionStatus;
    providerDocumentId?: string;
    error?: string | null;
    release?: boolean;
  },
): Promise<void> {
  const { release, ...values } = change;
  await tx
    .update(peppolTransmissions)
    .set({ ...values, ...(release ? { claimedUntil: null } : {}), updatedAt: sql`now()` })
    .where(ofInvoice(organiserId, invoiceId));
}

/** A document's transmission, for its status; null when it was never handed to Peppol. */
export async function findTransmission(
  tx: TenantTx,
  organiserId: number,
  invoiceId: number,
): Promise<TransmissionRow | null> {
  const [row] = await tx
    .select()
    .from(peppolTransmissions)
    .where(ofInvoice(organiserId, invoiceId));
  return row ?? null;
}

/** The organiser's documents in transit that no delivery holds, least recently asked first. */
export function transmissionsInTransit(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  limit: number,
): Promise<TransmissionRow[]> {
  return tx
    .select()
    .from(peppolTransmissions)
    .where(
      and(
        eq(peppolTransmissions.organiserId, organiserId),
        eq(peppolTransmissions.status, "IN_TRANSIT"),
        or(isNull(peppolTransmissions.claimedUntil), lt(peppolTransmissions.claimedUntil, now)),
      ),
    )
    .orderBy(asc(peppolTransmissions.updatedAt))
    .limit(limit);
}
