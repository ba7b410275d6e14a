import { MESSAGE_CHANNELS, MESSAGE_SOURCES, MESSAGE_STATUSES } from "@booking/contracts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A URL parameter, trimmed, when it is short enough for the API (longer ones are ignored). */
function param(url: URL, name: string, max = 100): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  return value && value.length <= max ? value : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The delivery log's filters read from its URL, as GET /api/admin/messages takes them. Values the
 * API would refuse are left out rather than failing the page (an end before the start drops it).
 */
export function messageListQuery(url: URL): {
  params: Record<string, string | undefined>;
  filtered: boolean;
} {
  const day = (name: string) => {
    const value = param(url, name, 10);
    return value && DAY.test(value) ? value : undefined;
  };
  const from = day("from");
  const to = day("to");
  const filters = {
    q: param(url, "q"),
    channel: oneOf(MESSAGE_CHANNELS, param(url, "channel")),
    status: oneOf(MESSAGE_STATUSES, param(url, "status")),
    source: oneOf(MESSAGE_SOURCES, param(url, "source")),
    customer: param(url, "customer", 40),
    from,
    to: to && from && to < from ? undefined : to,
  };
  return { params: filters, filtered: Object.values(filters).some(Boolean) };
}
