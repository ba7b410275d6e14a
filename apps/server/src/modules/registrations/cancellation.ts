import type { RegistrationCancellationType, TenantTx } from "@booking/db";
import { lockDates } from "../carts/queries.ts";
import { emitEvent, emitVacancyIfWaiting } from "../events/emit.ts";
import {
  insertCancellation,
  listRegisteredDateIds,
  markCancelled,
  type RegistrationRow,
  releaseBundleUse,
  shiftRegistered,
} from "./queries.ts";

/**
 * Cancels a registration whose row the caller locked, whoever asks (the customer from the
 * account, the organiser from the console; docs/decisions/0015, 0024): its places are released
 * at once on every date it held (their rows locked in id order, like an add and checkout lock
 * them), the place of the customer bundle that paid for it is given back, and the cancellation
 * is recorded with what had been paid then. Its dates and amounts stay as records. Emits
 * registration.cancellation.created, and waiting-list.vacancy when someone waits for the place.
 */
export async function cancelRegistrationPlaces(
  tx: TenantTx,
  registration: RegistrationRow,
  cancellation: {
    type: RegistrationCancellationType;
    customerId: number | null;
    message: string | null;
  },
): Promise<void> {
  const { organiserId } = registration;
  const dateIds = await listRegisteredDateIds(tx, organiserId, registration.id);
  await lockDates(tx, organiserId, dateIds);
  await shiftRegistered(tx, organiserId, dateIds, -1);
  if (registration.bundleId !== null) {
    await releaseBundleUse(tx, organiserId, registration.bundleId);
  }
  await markCancelled(tx, organiserId, registration.id);
  await insertCancellation(tx, {
    organiserId,
    registrationId: registration.id,
    ...cancellation,
    paidAmount: registration.paidAmount,
  });
  await emitEvent(tx, organiserId, "registration.cancellation.created", {
    registration_cuid: registration.cuid,
  });
  await emitVacancyIfWaiting(tx, organiserId, registration.availabilityId);
}
