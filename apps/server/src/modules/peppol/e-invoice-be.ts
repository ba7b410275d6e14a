import { formatPeppolParticipantId, type PeppolEndpoint } from "@booking/domain";
import type { Config, PeppolAccessPointConfig } from "../../config.ts";
import { type AccessPoint, AccessPointError, type AccessPointState } from "./access-point.ts";

/**
 * The access point adapter for e-invoice.be's public REST API (https://docs.e-invoice.be, a
 * Belgian Peppol access point), decision 0076. Bearer token; JSON answers;
 * - `GET /api/validate/peppol-id?peppol_id=0208:0123456749` → `{ registered }`;
 * - `POST /api/documents/ubl`, multipart/form-data with the UBL as `file` → `{ id, state: "DRAFT" }`
 *   (the access point validates it and reads sender and receiver from it);
 * - `POST /api/documents/{id}/send` → `{ id, state }` (TRANSIT; a FAILED document may be sent again);
 * - `GET /api/documents/{id}` → `{ id, state }`: DRAFT, TRANSIT, SENT or FAILED.
 * Errors answer `{ detail }` with a 4xx (the document or account) or a 5xx.
 */

/** How long one call may take before it counts as the access point being down. */
export const ACCESS_POINT_TIMEOUT_MS = 15_000;

const STATES: Record<string, AccessPointState> = {
  DRAFT: "UPLOADED",
  TRANSIT: "IN_TRANSIT",
  SENT: "SENT",
  FAILED: "FAILED",
};

interface Answer {
  id?: unknown;
  state?: unknown;
  registered?: unknown;
  detail?: unknown;
}

function describe(detail: unknown): string {
  if (typeof detail === "string") return detail;
  return detail === undefined ? "" : JSON.stringify(detail);
}

function stateOf(answer: Answer): AccessPointState {
  const state = typeof answer.state === "string" ? STATES[answer.state] : undefined;
  if (!state) {
    throw new AccessPointError(
      `access point answered an unknown state ${String(answer.state)}`,
      false,
    );
  }
  return state;
}

export function createEInvoiceBeAccessPoint(
  config: PeppolAccessPointConfig,
  timeoutMs = ACCESS_POINT_TIMEOUT_MS,
): AccessPoint {
  async function call(method: "GET" | "POST", path: string, body?: FormData): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(new URL(path, config.url), {
        method,
        headers: { authorization: `Bearer ${config.token}`, accept: "application/json" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
      throw new AccessPointError(`access point ${reason}`, true);
    }
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (!response.ok) {
      const retryable = response.status >= 500 || response.status === 429;
      const detail = describe(answer.detail) || response.statusText;
      throw new AccessPointError(`access point ${response.status}: ${detail}`, retryable);
    }
    return answer;
  }

  const documentPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

  return {
    async canReceive(receiver: PeppolEndpoint) {
      const query = new URLSearchParams({ peppol_id: formatPeppolParticipantId(receiver) });
      const answer = await call("GET", `/api/validate/peppol-id?${query}`);
      return answer.registered === true;
    },
    async upload(ubl: string) {
      const form = new FormData();
      form.append("file", new Blob([ubl], { type: "application/xml" }), "document.xml");
      const answer = await call("POST", "/api/documents/ubl", form);
      if (typeof answer.id !== "string" || answer.id === "") {
        // Accepted but unreadable: it is not uploaded again blindly.
        throw new AccessPointError("access point answered without a document id", false);
      }
      return answer.id;
    },
    async send(documentId: string) {
      return stateOf(await call("POST", `${documentPath(documentId)}/send`));
    },
    async status(documentId: string) {
      return stateOf(await call("GET", documentPath(documentId)));
    },
  };
}

/** The configured access point (PEPPOL_AP_URL, PEPPOL_AP_TOKEN), or null: nothing is sent. */
export function accessPointOf(config: Pick<Config, "peppolAccessPoint">): AccessPoint | null {
  return config.peppolAccessPoint ? createEInvoiceBeAccessPoint(config.peppolAccessPoint) : null;
}
