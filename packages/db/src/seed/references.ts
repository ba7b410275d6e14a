import { structuredCommunication, usablePaymentReferencePrefix } from "@booking/domain";
import { sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { paymentReferenceSequences } from "../schema/index.ts";

/**
 * The organiser's next payment reference for the demo data, taken from the same sequence as
 * checkout's (`payment_reference_sequences`), so that the references checkout hands out later
 * never repeat one of the seed's: a structured communication with the organiser's prefix.
 */
export async function nextDemoPaymentReference(
  tx: Transaction,
  organiserId: number,
  prefixSetting: unknown,
): Promise<string> {
  const [row] = await tx
    .insert(paymentReferenceSequences)
    .values({ organiserId, nextValue: 2 })
    .onConflictDoUpdate({
      target: paymentReferenceSequences.organiserId,
      set: { nextValue: sql`${paymentReferenceSequences.nextValue} + 1` },
    })
    .returning({ nextValue: paymentReferenceSequences.nextValue });
  return structuredCommunication(
    row!.nextValue - 1,
    usablePaymentReferencePrefix(prefixSetting) ?? "",
  );
}
