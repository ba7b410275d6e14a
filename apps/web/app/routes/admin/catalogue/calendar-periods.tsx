import {
  type AdminCalendarPeriodView,
  type CalendarPeriodBody,
  calendarPeriodBody,
} from "@booking/contracts";
import { useState } from "react";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { CalendarIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/calendar-periods";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.calendar_periods.read");
  return adminGet<{ data: AdminCalendarPeriodView[] }>(args, "/api/admin/calendar-periods");
}

/** /admin/calendar-periods: holidays and other spans of days the storefront filters by. */
export default function CalendarPeriods({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { can } = useConsole();
  const [editing, setEditing] = useState<AdminCalendarPeriodView | "new" | null>(null);
  const day = (value: string) => formatDay(value, language, { dateStyle: "medium" });
  const columns: DataTableColumn<AdminCalendarPeriodView>[] = [
    {
      id: "name",
      header: t("admin.calendar_periods.columns.name"),
      cell: (period) => <span className="font-semibold text-slate-950">{period.name}</span>,
    },
    {
      id: "days",
      header: t("admin.calendar_periods.columns.days"),
      cell: (period) =>
        t("admin.calendar_periods.range", {
          start: day(period.start_date),
          end: day(period.end_date),
        }),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (period) => (
        <span className="inline-flex gap-1">
          {can("activities.calendar_periods.update") ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(period)}>
              <PencilIcon className="size-4" />
              {t("admin.catalogue.edit")}
              <span className="sr-only">{period.name}</span>
            </Button>
          ) : null}
          {can("activities.calendar_periods.delete") ? (
            <DeleteButton
              name={period.name}
              title={t("admin.calendar_periods.delete_title", { name: period.name })}
              description={t("admin.calendar_periods.delete_description")}
              done={t("admin.calendar_periods.deleted", { name: period.name })}
              remove={() => catalogueApi.deleteCalendarPeriod(period.cuid)}
            />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.calendar_periods.title")}
        description={t("admin.calendar_periods.description")}
        actions={
          can("activities.calendar_periods.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-calendar-period">
              <PlusIcon className="size-4" />
              {t("admin.calendar_periods.new")}
            </Button>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.calendar_periods.title")}
        testId="calendar-periods-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(period) => period.cuid}
        empty={<EmptyState icon={CalendarIcon} title={t("admin.calendar_periods.empty")} />}
      />
      <Modal
        title={t(editing === "new" ? "admin.calendar_periods.new" : "admin.calendar_periods.edit")}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing !== null ? (
          <PeriodForm
            period={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function PeriodForm({ period, onDone }: { period?: AdminCalendarPeriodView; onDone: () => void }) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: calendarPeriodBody,
    defaultValues: {
      name: period?.name ?? "",
      start_date: period?.start_date ?? "",
      end_date: period?.end_date ?? "",
    } satisfies CalendarPeriodBody,
    send: (values) =>
      period
        ? catalogueApi.updateCalendarPeriod(period.cuid, values)
        : catalogueApi.createCalendarPeriod(values),
    success: (saved) => t("admin.calendar_periods.saved", { name: saved.name }),
    onSuccess: onDone,
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        label={t("admin.calendar_periods.fields.name")}
        autoComplete="off"
        data-testid="calendar-period-name"
        {...field("name")}
      />
      <TextField
        type="date"
        label={t("admin.calendar_periods.fields.start_date")}
        {...field("start_date")}
      />
      <TextField
        type="date"
        label={t("admin.calendar_periods.fields.end_date")}
        {...field("end_date")}
      />
      <div className="sm:col-span-2">
        <ModalActions>
          <SubmitButton pending={pending} data-testid="save-calendar-period">
            {t("admin.catalogue.save")}
          </SubmitButton>
        </ModalActions>
      </div>
    </form>
  );
}
