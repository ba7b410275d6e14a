import type { TenantTx } from "@booking/db";
import {
  paymentReference,
  paymentReferenceKind,
  usablePaymentReferencePrefix,
} from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import { nextReferenceNumber } from "./queries.ts";

/**
 * The organiser's next payment reference (docs/decisions/0032): Belgian structured communication
 * for a Belgian IBAN in euros, else an RF creditor reference, under the organiser's prefix. Takes
 * the organiser's next number in `tx` (its sequence row stays locked until `tx` ends: call it
 * late). What attendance charges (0064) and booking shares (0072) carry, as an order does.
 */
export async function newPaymentReference(tx: TenantTx, organiser: Organiser): Promise<string> {
  const prefix = usablePaymentReferencePrefix(organiser.settings.payments_references_prefix) ?? "";
  return paymentReference(
    paymentReferenceKind(organiser),
    await nextReferenceNumber(tx, organiser.id),
    prefix,
  );
}
