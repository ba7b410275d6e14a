import type { ImportCommitResponse, ImportDetail } from "@booking/contracts";
import {
  ApiRequestError,
  apiRequest,
  apiRequestError,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
} from "../api";

/** The console's import calls from the browser (issue 17 §2): upload (multipart), mapping, commit. */

const ADMIN_API = "/api/admin";
const item = (cuid: string) => `${ADMIN_API}/imports/${encodeURIComponent(cuid)}`;

/** POST /api/admin/imports?kind=… with the file as the form's `file` field. */
async function upload(kind: string, file: File): Promise<ImportDetail> {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}/imports?kind=${encodeURIComponent(kind)}`, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: form,
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiRequestError(response.status, payload);
  return payload as ImportDetail;
}

export const importsApi = {
  upload,
  setMapping: (cuid: string, mapping: (string | null)[]) =>
    apiRequest<ImportDetail>("PUT", `${item(cuid)}/mapping`, { mapping }),
  /** `sendConfirmations`: a registrations' import sends register-by-hand's confirmations. */
  commit: (cuid: string, sendConfirmations = false) =>
    apiRequest<ImportCommitResponse>(
      "POST",
      `${item(cuid)}/commit${sendConfirmations ? "?send_confirmations=true" : ""}`,
      {},
    ),
  sampleHref: (locale: string) => `${ADMIN_API}/imports/registrations-sample.csv?locale=${locale}`,
  errorsHref: (cuid: string, locale: string) => `${item(cuid)}/errors.csv?locale=${locale}`,
};
