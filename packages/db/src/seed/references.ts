import {
  paymentReference,
  paymentReferenceKind,
  usablePaymentReferencePrefix,
} from "@booking/domain";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { organisers, paymentReferenceSequences } from "../schema/index.ts";

/**
 * The organiser's next payment reference for the demo data, taken from the same sequence as
 * checkout's (`payment_reference_sequences`), so that the references checkout hands out later
 * never repeat one of the seed's, of the kind checkout gives (a structured communication for a
 * Belgian account in euros, else an ISO 11649 creditor reference) with the organiser's prefix.
 */
export async function nextDemoPaymentReference(
  tx: Transaction,
  organiserId: number,
): Promise<string> {
  const [organiser] = await tx
    .select({ iban: organisers.iban, currency: organisers.currency, settings: organisers.settings })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const [row] = await tx
    .insert(paymentReferenceSequences)
    .values({ organiserId, nextValue: 2 })
    .onConflictDoUpdate({
      target: paymentReferenceSequences.organiserId,
      set: { nextValue: sql`${paymentReferenceSequences.nextValue} + 1` },
    })
    .returning({ nextValue: paymentReferenceSequences.nextValue });
  return paymentReference(
    paymentReferenceKind(organiser!),
    row!.nextValue - 1,
    usablePaymentReferencePrefix(organiser!.settings.payments_references_prefix) ?? "",
  );
}
