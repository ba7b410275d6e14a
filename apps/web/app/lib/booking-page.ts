import type { ResourceView } from "@booking/contracts";
import type { Formatters } from "./format";
import { notFound, type StorefrontContext } from "./server-context";
import { participantChoice } from "./storefront-page";

// The storefront's resource bookings (storefront.md §1 /resources/{cuid}, /cart/bookings/add;
// §5 "Booking"; docs/decisions/0063-resource-bookings.md): what their loaders read.

/** A resource of the organiser by a predicate over GET /api/resources (all of them, ≤ 100). */
async function findResource(
  storefront: StorefrontContext,
  matches: (resource: ResourceView) => boolean,
): Promise<ResourceView | null> {
  const found = await storefront.reader.resources({});
  return found.data.find(matches) ?? null;
}

export function resourceByCuid(storefront: StorefrontContext, cuid: string) {
  return findResource(storefront, (resource) => resource.cuid === cuid);
}

/** The query of /cart/bookings/add: resource (id), start_at (ISO), duration (s), amount. */
export type BookingQuery = { resource: number; startAt: string; duration: number; amount: number };

const POSITIVE_INT = /^\d{1,10}$/;

/** The query parsed; a missing or malformed parameter is a 404 (a hand-edited link). */
export function bookingQuery(url: URL): BookingQuery {
  const params = url.searchParams;
  const [resource, duration, amount] = ["resource", "duration", "amount"].map(
    (key) => params.get(key) ?? "",
  );
  const startAt = params.get("start_at") ?? "";
  const start = Date.parse(startAt);
  if (
    ![resource, duration, amount].every((value) => POSITIVE_INT.test(value!)) ||
    Number.isNaN(start)
  ) {
    notFound();
  }
  return {
    resource: Number(resource),
    startAt: new Date(start).toISOString(),
    duration: Number(duration),
    amount: Number(amount),
  };
}

export interface BookingFormData {
  resourceId: number;
  startAt: string;
  /** each way of booking the slot: `${duration}|${amount}` with its end and label */
  prices: Array<{ value: string; endAt: string; time: string; money: string }>;
  /** the price of the link, else the slot's first */
  price: string;
  participants: Array<{ id: number; fullname: string }>;
  participantId: number | null;
}

/**
 * The slot of the link, if it is still free: GET /api/resources/availabilities around its start.
 * Null when it was booked or held since, closed, or never existed.
 */
export async function freeSlot(storefront: StorefrontContext, query: BookingQuery) {
  const after = new Date(query.startAt);
  const before = new Date(after.getTime() + 1000);
  const slots = await storefront.reader.resourceAvailabilities({
    resources: String(query.resource),
    after: after.toISOString(),
    before: before.toISOString(),
  });
  return (
    slots.data.find(
      (slot) =>
        slot.resource_id === query.resource && Date.parse(slot.start_at) === after.getTime(),
    ) ?? null
  );
}

/** The booking form's data for a logged-in customer, else null (the page shows a log-in prompt). */
export async function bookingFormData(
  storefront: StorefrontContext,
  request: Request,
  query: BookingQuery,
  slot: { start_at: string; prices: Array<{ duration: number; amount: number }> },
  format: Formatters,
): Promise<BookingFormData | null> {
  if (!storefront.session.customer) return null;
  const start = Date.parse(slot.start_at);
  const prices = slot.prices.map((price) => {
    const endAt = new Date(start + price.duration * 1000).toISOString();
    return {
      value: `${price.duration}|${price.amount}`,
      endAt,
      time: format.timeRange(slot.start_at, endAt),
      money: format.money(price.amount),
    };
  });
  const linked = prices.find((price) => price.value === `${query.duration}|${query.amount}`);
  return {
    resourceId: query.resource,
    startAt: new Date(start).toISOString(),
    prices,
    price: (linked ?? prices[0]!).value,
    ...participantChoice(await storefront.reader.participants(), request, { autoSelect: true }),
  };
}
