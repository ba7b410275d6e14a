import { type Database, withTenant } from "@booking/db";
import type { Logger } from "pino";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { type AccessPoint, AccessPointError } from "../peppol/access-point.ts";
import { deliverEInvoice } from "../peppol/delivery.ts";
import { eInvoiceOf } from "./e-invoice-mapping.ts";
import { hasUbl } from "./files.ts";
import { findInvoice } from "./queries.ts";

// A business customer's invoice or credit note sent over Peppol once issued
// (`customer-invoice.created`; docs/decisions/0076-peppol-access-point.md, 0080). Sending is
// idempotent per document (its transmission row), so a replayed or resent event sends nothing
// twice; it only refreshes where the document stands.

export interface EInvoiceSendingDeps {
  /** null or absent: no access point configured, the UBL is only downloaded and mailed. */
  accessPoint?: AccessPoint | null;
  now(): Date;
  log: Pick<Logger, "warn">;
}

export async function eInvoiceSendingHandler(
  db: Database,
  event: PublishedEvent,
  deps: EInvoiceSendingDeps,
): Promise<void> {
  const { accessPoint } = deps;
  if (event.type !== "customer-invoice.created" || !accessPoint) return;
  const organiserId = event.organiser_id;
  const row = await withTenant(db, organiserId, (tx) =>
    findInvoice(tx, organiserId, event.payload.invoice_cuid ?? ""),
  );
  if (!row || !hasUbl(row)) return;
  try {
    await deliverEInvoice(
      { db, accessPoint, now: deps.now },
      organiserId,
      row.id,
      eInvoiceOf(row.snapshot),
    );
  } catch (error) {
    // A retryable failure (time-out, 5xx) fails the job, which the queue retries; a refusal is
    // recorded on the transmission for staff and retrying would not change it.
    if (!(error instanceof AccessPointError) || error.retryable) throw error;
    deps.log.warn({ invoice: row.number, err: error }, "Peppol access point refused the document");
  }
}
