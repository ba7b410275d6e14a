import {
  customerBundles,
  participants,
  registrationCancellations,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, isNull, lt, ne, or, sql } from "@booking/db/orm";

// Statements of restoring a cancelled registration and replacing its participant (decision 0088).

export async function markRestored(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(registrations)
    .set({ cancelled: false })
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)));
  await tx
    .update(registrationCancellations)
    .set({ restoredAt: at })
    .where(
      and(
        eq(registrationCancellations.organiserId, organiserId),
        eq(registrationCancellations.registrationId, registrationId),
        isNull(registrationCancellations.restoredAt),
      ),
    );
}

/** Takes back a place of the bundle that paid for the registration; false when none is left. */
export async function takeBundleUse(
  tx: TenantTx,
  organiserId: number,
  customerBundleId: number,
): Promise<boolean> {
  const taken = await tx
    .update(customerBundles)
    .set({ used: sql`${customerBundles.used} + 1` })
    .where(
      and(
        eq(customerBundles.organiserId, organiserId),
        eq(customerBundles.id, customerBundleId),
        or(isNull(customerBundles.capacity), lt(customerBundles.used, customerBundles.capacity)),
      ),
    )
    .returning({ id: customerBundles.id });
  return taken.length === 1;
}

/** A participant of the customer (not deleted), by cuid. */
export async function findCustomerParticipant(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
) {
  const [row] = await tx
    .select({
      id: participants.id,
      cuid: participants.cuid,
      firstname: participants.firstname,
      lastname: participants.lastname,
      birthdate: participants.birthdate,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customerId),
        eq(participants.cuid, cuid),
        isNull(participants.deletedAt),
      ),
    );
  return row ?? null;
}

/** Whether the participant holds a live place on the availability (another registration). */
export async function holdsLivePlace(
  tx: TenantTx,
  organiserId: number,
  values: { availabilityId: number; participantId: number; exceptRegistrationId: number },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.availabilityId, values.availabilityId),
        eq(registrations.participantId, values.participantId),
        eq(registrations.cancelled, false),
        ne(registrations.id, values.exceptRegistrationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setParticipant(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
  participantId: number,
): Promise<void> {
  await tx
    .update(registrations)
    .set({ participantId })
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)));
}

/** The customer's participants (not deleted) but one, by name. */
export function listOtherParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  exceptId: number,
) {
  return tx
    .select({
      cuid: participants.cuid,
      firstname: participants.firstname,
      lastname: participants.lastname,
      birthdate: participants.birthdate,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customerId),
        ne(participants.id, exceptId),
        isNull(participants.deletedAt),
      ),
    )
    .orderBy(asc(participants.firstname), asc(participants.id));
}
