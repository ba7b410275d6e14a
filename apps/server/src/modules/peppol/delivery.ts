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

/** The deliveries' dependencies once an access point is configured. */
export type ConfiguredDeliveryDeps = PeppolDeliveryDeps & { accessPoint: AccessPoint };
/** A document's transmission: its organiser, its invoice or credit note, the receiver. */
export type TransmissionKey = Pick<TransmissionRow, "organiserId" | "invoiceId" | "receiver">;
type Save = (change: Parameters<typeof updateTransmission>[3]) => Promise<void>;

/**
 * Runs `work` on the document's transmission while this delivery holds it (BUSY when another
 * does), records a failure's message on it and releases it in the end.
 */
async function whileClaimed(
  deps: ConfiguredDeliveryDeps,
  key: TransmissionKey,
  work: (row: TransmissionRow, save: Save) => Promise<PeppolDelivery>,
): Promise<PeppolDelivery> {
  const { db } = deps;
  const { organiserId, invoiceId } = key;
  const now = deps.now();
  const row = await withTenant(db, organiserId, (tx) =>
    claimTransmission(tx, key, now, new Date(now.getTime() + DELIVERY_CLAIM_MS)),
  );
  if (!row) return { status: "BUSY", providerDocumentId: null };
  const save: Save = (change) =>
    withTenant(db, organiserId, (tx) => updateTransmission(tx, organiserId, invoiceId, change));
  let error: string | null = null;
  try {
    return await work(row, save);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    throw failure;
  } finally {
    await save({ release: true, ...(error ? { error } : {}) });
  }
}

async function advance(
  accessPoint: AccessPoint,
  row: TransmissionRow,
  save: Save,
  document: EInvoiceDocument,
): Promise<PeppolDelivery> {
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
  const receiver = formatPeppolParticipantId(document.buyer.endpoint);
  return whileClaimed({ ...deps, accessPoint }, { organiserId, invoiceId, receiver }, (row, save) =>
    advance(accessPoint, row, save, document),
  );
}

/**
 * Asks the access point where a document in transit stands and records it (SENT, or FAILED for
 * staff to send again); any other transmission is left as it is.
 */
export function followEInvoice(
  deps: ConfiguredDeliveryDeps,
  key: TransmissionKey,
): Promise<PeppolDelivery> {
  return whileClaimed(deps, key, async (row, save) => {
    const id = row.providerDocumentId;
    if (row.status !== "IN_TRANSIT" || id === null) {
      return { status: row.status, providerDocumentId: id };
    }
    const state = await deps.accessPoint.status(id);
    await save({ status: state, error: null });
    return { status: state, providerDocumentId: id };
  });
}
