import type { ExportFilters } from "@booking/contracts";
import type { Language, TenantTx } from "@booking/db";
import { localDay } from "@booking/domain";
import { listOutstanding, type OutstandingRow } from "../payments/outstanding-queries.ts";
import { type Column, columnsIn, labelOf, type Translated } from "./columns.ts";
import type { RowCursor } from "./row-stream.ts";

// The outstanding list's export (decision 0072): the rows and filters of the console's list.

const TYPES: Record<OutstandingRow["type"], Translated> = {
  CART: { fr: "Commande", en: "Order" },
  ATTENDANCE_CHARGE: { fr: "Facture de présence", en: "Attendance charge" },
  BOOKING_PARTICIPATION: { fr: "Part de réservation", en: "Booking share" },
};

const DAY_MS = 24 * 3600 * 1000;

/** The rows of the list, the longest waiting first, read a page at a time in `tx`. */
export function outstandingRows(
  tx: TenantTx,
  organiserId: number,
  filters: ExportFilters["outstanding"],
): RowCursor<OutstandingRow> {
  let offset = 0;
  return {
    async read(count) {
      const rows = await listOutstanding(tx, organiserId, {
        ...filters,
        sort: "-age",
        limit: count,
        offset,
      });
      offset += rows.length;
      return rows;
    },
    close: async () => {},
  };
}

/** Who owes what, for what, since when. */
export function outstandingColumns(
  language: Language,
  timezone: string,
  now: Date,
): Column<OutstandingRow>[] {
  const column = columnsIn<OutstandingRow>(language);
  return [
    column("text", { fr: "Type", en: "Type" }, (row) => labelOf(TYPES, language, row.type)),
    column("text", { fr: "Référence", en: "Reference" }, (row) => row.reference),
    column("text", { fr: "Pour", en: "For" }, (row) => row.subject_label),
    column("text", { fr: "Prénom du client", en: "Customer first name" }, (row) => row.firstname),
    column("text", { fr: "Nom du client", en: "Customer last name" }, (row) => row.lastname),
    column("text", { fr: "E-mail", en: "Email" }, (row) => row.email),
    column("date", { fr: "Dû depuis le", en: "Due since" }, (row) =>
      localDay(new Date(row.since), timezone),
    ),
    column("integer", { fr: "Jours d'attente", en: "Days waiting" }, (row) =>
      Math.max(0, Math.floor((now.getTime() - new Date(row.since).getTime()) / DAY_MS)),
    ),
    column("money", { fr: "Total", en: "Total" }, (row) => row.total_amount),
    column("money", { fr: "Payé", en: "Paid" }, (row) => row.paid_amount),
    column("money", { fr: "Reste à payer", en: "Outstanding" }, (row) => row.amount_due),
  ];
}
