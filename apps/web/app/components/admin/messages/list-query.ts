import { MESSAGE_CHANNELS, MESSAGE_SOURCES, MESSAGE_STATUSES } from "@booking/contracts";
import { dayRange, oneOf, urlParam as param } from "../table-query";

/**
 * The delivery log's filters read from its URL, as GET /api/admin/messages takes them. Values the
 * API would refuse are left out rather than failing the page (an end before the start drops it).
 */
export function messageListQuery(url: URL): {
  params: Record<string, string | undefined>;
  filtered: boolean;
} {
  const filters = {
    q: param(url, "q"),
    channel: oneOf(MESSAGE_CHANNELS, param(url, "channel")),
    status: oneOf(MESSAGE_STATUSES, param(url, "status")),
    source: oneOf(MESSAGE_SOURCES, param(url, "source")),
    customer: param(url, "customer", 40),
    ...dayRange(url),
  };
  return { params: filters, filtered: Object.values(filters).some(Boolean) };
}
