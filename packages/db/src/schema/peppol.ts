import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { customerInvoices } from "./invoices.ts";
import { organiserId, tenantForeignKey } from "./tenancy.ts";

// Peppol delivery of customer invoices and credit notes (issue 16 §1; docs/decisions/0076).

/**
 * Where a document's Peppol delivery stands: PENDING (claimed, not yet at the access point),
 * UPLOADED (the access point holds it, not sent), IN_TRANSIT, SENT, FAILED (the access point
 * gave up; sending again is allowed), NOT_REGISTERED (the receiver is not on Peppol).
 */
export type PeppolTransmissionStatus =
  | "PENDING"
  | "UPLOADED"
  | "IN_TRANSIT"
  | "SENT"
  | "FAILED"
  | "NOT_REGISTERED";

/**
 * One row per document sent through the access point: the access point's document id is kept
 * before the document is sent, and a delivery holds the row (`claimedUntil`) while it talks to
 * the access point, so retries and racing deliveries never send a document twice.
 */
export const peppolTransmissions = pgTable(
  "peppol_transmissions",
  {
    organiserId: organiserId(),
    invoiceId: integer().notNull(),
    /** scheme:id of the buyer, e.g. 0208:0123456749. */
    receiver: text().notNull(),
    status: text().$type<PeppolTransmissionStatus>().notNull(),
    providerDocumentId: text(),
    /** The access point's last refusal, for staff. */
    error: text(),
    claimedUntil: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organiserId, t.invoiceId] }),
    tenantForeignKey(
      "peppol_transmissions_invoice_fk",
      { organiserId: t.organiserId, column: t.invoiceId },
      customerInvoices,
    ),
    check(
      "peppol_transmissions_status",
      sql`${t.status} in ('PENDING', 'UPLOADED', 'IN_TRANSIT', 'SENT', 'FAILED', 'NOT_REGISTERED')`,
    ),
  ],
);
