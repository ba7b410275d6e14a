import { Link } from "react-router";
import type { Formatters } from "../../../lib/format";
import type { DataTableColumn } from "../data-table";

/** A person's name as the lists of customers and participants show it, linking to their page. */
export function PersonLink({
  to,
  person,
}: {
  to: string;
  person: { lastname: string; firstname: string };
}) {
  return (
    <Link to={to} className="font-medium text-slate-950 underline-offset-2 hover:underline">
      {person.lastname.toUpperCase()} {person.firstname}
    </Link>
  );
}

/** The column of how many registrations a customer or participant has. */
export const registrationsColumn = <Row extends { registrations_count: number }>(
  header: string,
): DataTableColumn<Row> => ({
  id: "registrations",
  header,
  align: "end",
  cell: (row) => <span className="tabular-nums">{row.registrations_count}</span>,
});

/** The column of the day a customer or participant was created, sortable. */
export const createdColumn = <Row extends { created_at: string }>(
  header: string,
  format: Formatters,
): DataTableColumn<Row> => ({
  id: "created",
  header,
  sortable: true,
  cell: (row) => (
    <time dateTime={row.created_at} className="whitespace-nowrap text-slate-700">
      {format.date(row.created_at)}
    </time>
  ),
});
