import { paymentDueDay, reminderDueDay } from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import type { OwedItemRow } from "./queries.ts";

/**
 * The due day of an owed item in the organiser's time zone: its invoice's due date, else the
 * payment deadline its transfer instructions show (decision 0077).
 */
export function dueDayOf(organiser: Pick<Organiser, "timezone">, item: OwedItemRow): string {
  return reminderDueDay(
    item.invoice_due_at && new Date(item.invoice_due_at),
    paymentDueDay(
      new Date(item.since),
      item.first_start && new Date(item.first_start),
      organiser.timezone,
    ),
    organiser.timezone,
  );
}
