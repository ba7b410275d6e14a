import type {
  AdminBankTransferView,
  AdminPaymentView,
  BankStatementImportResponse,
  BankStatementLineView,
  LineCartList,
  MatchLineBody,
  RecordTransferBody,
  RefundPaymentBody,
  TransferTargetType,
} from "@booking/contracts";
import {
  ApiRequestError,
  apiRequest,
  apiRequestError,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from "../api";
import { withQuery } from "./paths";

/**
 * The console's payment calls from the browser (issue 6 item 6): refunds, bank transfers, the
 * statement upload (multipart, the one call that is not JSON) and the manual matching of lines.
 */

const ADMIN_API = "/api/admin";
const line = (cuid: string) => `${ADMIN_API}/bank-statement-lines/${encodeURIComponent(cuid)}`;

/** A refused statement file, with what the parser found wrong (`detail`) when it says. */
export class StatementUploadError extends ApiRequestError {
  readonly detail: string | null;

  constructor(error: ApiRequestError, detail: string | null) {
    super(error.status, error.code, error.fields);
    this.detail = detail;
  }
}

/** POST /api/admin/bank-statements with the file as the form's `file` field. */
async function uploadStatement(file: File): Promise<BankStatementImportResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}/bank-statements`, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: form,
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (payload as { detail?: unknown } | null)?.detail;
    throw new StatementUploadError(
      apiRequestError(response.status, payload),
      typeof detail === "string" ? detail : null,
    );
  }
  return payload as BankStatementImportResponse;
}

/** Where each kind of transfer target records its transfers. */
const TRANSFER_PATHS: Record<TransferTargetType, string> = {
  CART: "carts",
  ATTENDANCE_CHARGE: "attendance-charges",
  BOOKING_PARTICIPATION: "booking-participations",
};

export const paymentsApi = {
  refund: (cuid: string, body: RefundPaymentBody) =>
    apiRequest<AdminPaymentView>(
      "POST",
      `${ADMIN_API}/payments/${encodeURIComponent(cuid)}/refund`,
      body,
    ),
  /**
   * A transfer received for a processed cart, an attendance charge (decision 0067) or a booking
   * share (decision 0072).
   */
  recordTransfer: (target: { type: TransferTargetType; cuid: string }, body: RecordTransferBody) =>
    apiRequest<AdminBankTransferView>(
      "POST",
      `${ADMIN_API}/${TRANSFER_PATHS[target.type]}/${encodeURIComponent(target.cuid)}/bank-transfers`,
      body,
    ),
  cancelTransfer: (cuid: string) =>
    apiRequest<AdminBankTransferView>(
      "DELETE",
      `${ADMIN_API}/bank-transfers/${encodeURIComponent(cuid)}`,
    ),
  uploadStatement,
  /** The carts a line may pay (a search of the match dialog, as the collaborator types). */
  lineCarts: (cuid: string, q: string) =>
    apiRequest<LineCartList>("GET", withQuery(`${line(cuid)}/carts`, { q })),
  /** `{cart}`, `{attendance_charge}` or `{booking_participation}`: what the line pays. */
  matchLine: (cuid: string, body: MatchLineBody) =>
    apiRequest<BankStatementLineView>("POST", `${line(cuid)}/match`, body),
  ignoreLine: (cuid: string) =>
    apiRequest<BankStatementLineView>("POST", `${line(cuid)}/ignore`, {}),
  undoLine: (cuid: string) => apiRequest<BankStatementLineView>("POST", `${line(cuid)}/undo`, {}),
};
