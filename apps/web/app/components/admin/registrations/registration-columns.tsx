import type { AdminRegistrationListItem } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import type { DataTableColumn } from "../data-table";
import { RegistrationBadges } from "./registration-badges";

export const registrationHref = (cuid: string) =>
  `/admin/registrations/${encodeURIComponent(cuid)}`;

/**
 * The columns of a list of registrations: participant (to the detail), customer, what and when
 * (the activity only on the overall list: an availability's list is of one), amounts, state.
 */
export function useRegistrationColumns(options: {
  showActivity: boolean;
}): DataTableColumn<AdminRegistrationListItem>[] {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: Array<DataTableColumn<AdminRegistrationListItem> | null> = [
    {
      id: "participant",
      header: t("admin.registrations.columns.participant"),
      sortable: true,
      cell: (row) => (
        <Link
          to={registrationHref(row.cuid)}
          className="font-medium text-slate-950 underline-offset-4 hover:underline"
        >
          {row.participant.fullname}
        </Link>
      ),
    },
    {
      id: "customer",
      header: t("admin.registrations.columns.customer"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.customer.fullname}</span>
          <span className="text-xs text-slate-500">{row.customer.email}</span>
        </span>
      ),
    },
    options.showActivity
      ? {
          id: "activity",
          header: t("admin.registrations.columns.activity"),
          cell: (row) => (
            <Link
              to={`/admin/availabilities/${encodeURIComponent(row.availability.cuid)}/registrations`}
              className="underline-offset-4 hover:underline"
            >
              {row.activity.title}
            </Link>
          ),
        }
      : null,
    {
      id: "start_at",
      header: t("admin.registrations.columns.dates"),
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col whitespace-nowrap">
          <span>{format.date(row.start_at)}</span>
          <span className="text-xs text-slate-500">
            {t("admin.registrations.dates_count", { count: row.dates_count })}
          </span>
        </span>
      ),
    },
    {
      id: "total_amount",
      header: t("admin.registrations.columns.amount"),
      sortable: true,
      align: "end",
      cell: (row) => (
        <span className="flex flex-col whitespace-nowrap">
          <span className="font-medium">{format.money(row.total_amount)}</span>
          {row.outstanding > 0 ? (
            <span className="text-xs text-amber-800">
              {t("admin.registrations.outstanding", { amount: format.money(row.outstanding) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "state",
      header: t("admin.registrations.columns.state"),
      cell: (row) => <RegistrationBadges registration={row} />,
    },
  ];
  return columns.filter((column) => column !== null);
}
