import type { PeppolEndpoint } from "@booking/domain";

/**
 * A Peppol access point: the service that carries our UBL over the Peppol network (AS4) to the
 * buyer's access point. Its contract separates handing a document over (`upload`, which answers
 * the access point's id) from sending it (`send`), so the id is recorded before anything leaves:
 * a retry after a crash sends the document it already uploaded instead of a second copy.
 */
export interface AccessPoint {
  /** Whether the receiver is registered on Peppol to receive invoices and credit notes. */
  canReceive(receiver: PeppolEndpoint): Promise<boolean>;
  /** Hands the UBL over without sending it; the access point's id of the document. */
  upload(ubl: string): Promise<string>;
  /** Sends an uploaded document (again, after FAILED); its state afterwards. */
  send(documentId: string): Promise<AccessPointState>;
  /** The document's current state. */
  status(documentId: string): Promise<AccessPointState>;
}

/** Where a document stands at the access point. */
export type AccessPointState = "UPLOADED" | "IN_TRANSIT" | "SENT" | "FAILED";

/**
 * The access point refused or could not be reached. `retryable`: the same call may succeed later
 * (time-out, network, 5xx, 429); otherwise the document or the account is at fault.
 */
export class AccessPointError extends Error {
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = "AccessPointError";
    this.retryable = retryable;
  }
}
