import {
  type CartItemPayload,
  registrationRequestAvailabilities,
  registrationRequests,
} from "@booking/db";
import {
  paymentReference,
  paymentReferenceKind,
  usablePaymentReferencePrefix,
} from "@booking/domain";
import { nowOf } from "../../http/clock.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import type { CartItemRow } from "../carts/queries.ts";
import type { RequestPayload } from "../carts/request-items.ts";
import { nextReferenceNumber } from "./queries.ts";

/**
 * Checkout of a REGISTRATION_REQUEST item (issue 15 §1, decision 0060): a PENDING registration
 * request of the customer for the participant, with the tier, the sessions in the parent's order
 * and the dates chosen on each, the options and answers. It holds no place and costs nothing yet
 * (total 0): the organiser sets the price when approving it, and the family then pays it under
 * the request's own payment reference, taken from the organiser's sequence like a cart's.
 */
export async function convertRequestItem(
  context: ServiceContext,
  customerId: number,
  item: CartItemRow,
): Promise<void> {
  const { db, organiser } = context;
  const request = item.payload.request as RequestPayload | undefined;
  if (!request || item.participantId === null) {
    throw new Error(`registration request item ${item.id} without its request or participant`);
  }
  const prefix = usablePaymentReferencePrefix(organiser.settings.payments_references_prefix) ?? "";
  const reference = paymentReference(
    paymentReferenceKind(organiser),
    await nextReferenceNumber(db, organiser.id),
    prefix,
  );
  const payload: CartItemPayload = item.payload;
  const now = nowOf(context);
  const [row] = await db
    .insert(registrationRequests)
    .values({
      organiserId: organiser.id,
      reference,
      customerId,
      participantId: item.participantId,
      activityId: request.activity_id,
      tierId: request.tier?.id ?? null,
      cartItemId: item.id,
      totalAmount: 0,
      options: payload.options ?? [],
      questions: payload.questions ?? [],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: registrationRequests.id });
  await db.insert(registrationRequestAvailabilities).values(
    request.availabilities.map((session, position) => ({
      organiserId: organiser.id,
      registrationRequestId: row!.id,
      availabilityId: session.id,
      position,
      availabilityDateIds: session.date_ids,
    })),
  );
}
