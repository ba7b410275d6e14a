import type { CartItemView } from "@booking/contracts";
import type { TFunction } from "../../i18n/translator";
import type { Formatters } from "../../lib/format";

/**
 * What a BOOKING item says besides its resource and dates (storefront.md §3 Cart item
 * `participants`; docs/decisions/0063-resource-bookings.md): who else takes part and, when the
 * payment is split, what each one pays (the item's price is the booker's share).
 */
export function bookingItemLines(
  item: Pick<CartItemView, "participants" | "price">,
  format: Formatters,
  t: TFunction,
): string[] {
  const [, ...others] = item.participants;
  if (others.length === 0) return [];
  const lines = [t("bookings.item.with", { names: others.map((one) => one.fullname).join(", ") })];
  const split = others.some((one) => one.amount > 0);
  if (split) lines.push(t("bookings.item.split", { amount: format.money(item.price) }));
  return lines;
}
