import { type Database, type PeppolTransmissionStatus, withTenant } from "@booking/db";
import { type EInvoiceDocument, formatPeppolParticipantId } from "@booking/domain";
import { toUbl } from "@booking/domain/e-invoicing/ubl";
import type { AccessPoint, AccessPointState } from "./access-point.ts";
import { claimTransmission, type TransmissionRow, updateTransmission } from "./queries.ts";

/**
 * Sends customer invoices and credit notes through the Peppol access point, at most once each:
 * a delivery claims the document's transmission row, records the access point's id before it
 * sends, and a later call (a retried job, a racing worker) carries on from what was recorded.
 * Calling it again for a document in transit asks the access point where it stands.
 */

/** How long a delivery holds a document: longer than its calls to the access point may take. */
export const DELIVERY_CLAIM_MS = 2 * 60_000;

export interface PeppolDeliveryDeps {
  db: Database;
  /** null: no access point configured (PEPPOL_AP_URL), nothing is sent. */
  accessPoint: AccessPoint | null;
  now(): Date;
}

/**
 * NOT_CONFIGURED: no access point, the UBL goes by e-mail and download only; BUSY: another
 * delivery of this document is under way; otherwise where the transmission stands.
 */
export type PeppolDeliveryStatus = "NOT_CONFIGURED" | "BUSY" | PeppolTransmissionStatus;

export interface PeppolDelivery {
  status: PeppolDeliveryStatus;
  providerDocumentId: string | null;
}

/**
 * Sends the document unless the access point already has it in transit or sent: a send whose
 * answer was lost leaves UPLOADED recorded here, so the access point is asked first.
 */
async function sendUnlessSent(accessPoint: AccessPoint, id: string, justUploaded: boolean) {
  const state: AccessPointState = justUploaded ? "UPLOADED" : await accessPoint.status(id);
  return state === "UPLOADED" || state === "FAILED" ? accessPoint.send(id) : state;
}

async function advance(
  deps: PeppolDeliveryDeps & { accessPoint: AccessPoint },
  row: TransmissionRow,
  document: EInvoiceDocument,
): Promise<PeppolDelivery> {
  const { accessPoint } = deps;
  const save = (change: Parameters<typeof updateTransmission>[3]) =>
    withTenant(deps.db, row.organiserId, (tx) =>
      updateTransmission(tx, row.organiserId, row.invoiceId, change),
    );
  if (row.status === "SENT") return { status: "SENT", providerDocumentId: row.providerDocumentId };
  let id = row.providerDocumentId;
  const justUploaded = id === null;
  if (id === null) {
    if (!(await accessPoint.canReceive(document.buyer.endpoint))) {
      await save({ status: "NOT_REGISTERED", error: null });
      return { status: "NOT_REGISTERED", providerDocumentId: null };
    }
    id = await accessPoint.upload(toUbl(document));
    await save({ status: "UPLOADED", providerDocumentId: id, error: null });
  }
  const state = await sendUnlessSent(accessPoint, id, justUploaded);
  await save({ status: state, error: null });
  return { status: state, providerDocumentId: id };
}

/**
 * Delivers an issued invoice or credit note (`invoiceId`, its frozen `document`) to the buyer's
 * Peppol endpoint. Throws the AccessPointError of a refused or failed call (recorded on the
 * transmission, for staff); a retryable one may be retried by calling again.
 */
export async function deliverEInvoice(
  deps: PeppolDeliveryDeps,
  organiserId: number,
  invoiceId: number,
  document: EInvoiceDocument,
): Promise<PeppolDelivery> {
  const { accessPoint } = deps;
  if (!accessPoint) return { status: "NOT_CONFIGURED", providerDocumentId: null };
  const now = deps.now();
  const key = {
    organiserId,
    invoiceId,
    receiver: formatPeppolParticipantId(document.buyer.endpoint),
  };
  const row = await withTenant(deps.db, organiserId, (tx) =>
    claimTransmission(tx, key, now, new Date(now.getTime() + DELIVERY_CLAIM_MS)),
  );
  if (!row) return { status: "BUSY", providerDocumentId: null };
  let error: string | null = null;
  try {
    return await advance({ ...deps, accessPoint }, row, document);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    throw failure;
  } finally {
    await withTenant(deps.db, organiserId, (tx) =>
      updateTransmission(tx, organiserId, invoiceId, {
        release: true,
        ...(error ? { error } : {}),
      }),
    );
  }
}
