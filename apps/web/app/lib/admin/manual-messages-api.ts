import type {
  ManualMessageView,
  ManualPreview,
  ManualPreviewBody,
  ManualSendInput,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The calls of messages written by hand sent by the browser; reads go through the loaders. */

export const MANUAL_API = "/api/admin/notifications/manual";

export const manualMessagesApi = {
  preview: (body: ManualPreviewBody) =>
    apiRequest<ManualPreview>("POST", `${MANUAL_API}/preview`, body),
  send: (body: ManualSendInput) => apiRequest<ManualMessageView>("POST", MANUAL_API, body),
  cancel: (cuid: string) =>
    apiRequest<ManualMessageView>("POST", `${MANUAL_API}/${encodeURIComponent(cuid)}/cancel`),
};

export const COMPOSE_PATH = "/admin/notifications/compose";
export const SENT_PATH = "/admin/notifications/sent";

/**
 * The composer's address for a target: an availability, one of its dates, the registrations
 * list with its current filters (its URL's search, paging and sort left out), or a customer.
 */
export function composeHref(
  target:
    | { type: "AVAILABILITY"; availability: string }
    | { type: "AVAILABILITY_DATE"; availability: string; date: string }
    | { type: "CUSTOMER"; customer: string }
    | { type: "REGISTRATIONS"; filters: URLSearchParams | Record<string, string | undefined> },
): string {
  const params = new URLSearchParams({ type: target.type });
  if (target.type === "REGISTRATIONS") {
    const filters =
      target.filters instanceof URLSearchParams
        ? Object.fromEntries(target.filters)
        : target.filters;
    for (const name of ["q", "activity", "availability", "from", "to", "payment"]) {
      const value = filters[name];
      if (value) params.set(name, value);
    }
  } else {
    for (const [name, value] of Object.entries(target)) {
      if (name !== "type") params.set(name, value as string);
    }
  }
  return `${COMPOSE_PATH}?${params}`;
}
