import type { Database } from "@booking/db";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { type AccessPoint, AccessPointError } from "../peppol/access-point.ts";
import { deliverEInvoice } from "../peppol/delivery.ts";
import type { ConsoleInvoiceRow } from "./console-queries.ts";
import { peppolView, requireInvoice } from "./console-service.ts";
import { eInvoiceOf } from "./e-invoice-mapping.ts";

// "Send again" on Peppol for a business document the network refused or could not reach
// (docs/decisions/0083-invoices-for-every-debt.md), under the permission of resending invoices.
// The check and the audit run in the console's transaction; the access point is called after
// its commit, so no connection is held while it answers.

/**
 * The document to send again: 409 PEPPOL_NOT_CONFIGURED without an access point, 409
 * PEPPOL_NOT_FAILED unless its last transmission failed or found no receiver. Audited.
 */
export async function peppolResendTarget(
  context: ConsoleContext,
  cuid: string,
  accessPoint: AccessPoint | null,
): Promise<{ organiserId: number; row: ConsoleInvoiceRow }> {
  if (!accessPoint) throw new AppError("PEPPOL_NOT_CONFIGURED");
  const row = await requireInvoice(context, cuid);
  if (!peppolView(row)?.retryable) throw new AppError("PEPPOL_NOT_FAILED");
  await context.audit({
    action: "invoice.peppol_resent",
    entity: "invoice",
    entityId: row.number,
    before: { status: row.peppol_status, error: row.peppol_error },
  });
  return { organiserId: context.organiser.id, row };
}

/**
 * Delivers the document again (an upload refused or a receiver not found starts over; a document
 * the access point gave up on is sent again). A refusal or an unreachable access point is kept on
 * the transmission for staff, who may try again: it is not an error of this request.
 */
export async function resendOnPeppol(
  deps: { db: Database; accessPoint: AccessPoint; log: FastifyBaseLogger },
  organiserId: number,
  row: Pick<ConsoleInvoiceRow, "id" | "number" | "snapshot">,
): Promise<void> {
  try {
    await deliverEInvoice(
      { db: deps.db, accessPoint: deps.accessPoint, now: () => new Date() },
      organiserId,
      row.id,
      eInvoiceOf(row.snapshot),
    );
  } catch (error) {
    if (!(error instanceof AccessPointError)) throw error;
    deps.log.warn({ invoice: row.number, err: error }, "Peppol send again did not go through");
  }
}
