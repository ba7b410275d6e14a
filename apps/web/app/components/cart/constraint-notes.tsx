import type { CartConstraintNote, CartView } from "@booking/contracts";
import { clsx } from "clsx";
import { useTranslation } from "../../i18n/react";
import { useCart } from "../../lib/cart-context";
import { AlertIcon, InfoIcon } from "../icons";

/**
 * The notes of a cart item (decision 0062): the organiser's registration constraints that the
 * cart does not meet, each shown once, under the last of the items it concerns (in the cart's
 * order, which names the participant) — a requirement to meet before the checkout (blocking), or
 * advice.
 */
export function ConstraintNotes({ itemId, testId }: { itemId: number; testId: string }) {
  const { t } = useTranslation();
  const { cart } = useCart();
  const notes = cart ? notesUnder(cart, itemId) : [];
  if (notes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-2" data-testid={testId}>
      {notes.map((note) => {
        const Icon = note.blocking ? AlertIcon : InfoIcon;
        return (
          <li
            key={`${note.activity_id}-${note.participant_id}-${note.type}-${note.item_ids.join()}`}
            data-blocking={note.blocking}
            className={clsx(
              "flex gap-2 rounded-lg border px-3 py-2 text-sm",
              note.blocking
                ? "border-red-200 bg-red-50 text-red-900"
                : "border-sky-200 bg-sky-50 text-sky-900",
            )}
          >
            <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">
                {t(
                  note.blocking
                    ? "registration_constraints.blocking"
                    : "registration_constraints.advice",
                )}
              </span>
              <span className="block">{note.message}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The notes whose last concerned item, in the cart's order, is `itemId`. */
function notesUnder(cart: CartView, itemId: number): CartConstraintNote[] {
  const position = new Map(cart.items.map((item, index) => [item.id, index]));
  return cart.constraints.filter((note) => {
    const last = [...note.item_ids].sort(
      (a, b) => (position.get(a) ?? -1) - (position.get(b) ?? -1),
    )[note.item_ids.length - 1];
    return last === itemId;
  });
}
