import {
  type AdminWaitingList,
  type AdminWaitingListEntry,
  DEFAULT_CLAIM_HOURS,
} from "@booking/contracts";
import { useId, useState } from "react";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { ConfirmDialog, Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { AvailabilityHeader } from "../../../components/admin/registrations/availability-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { ClockIcon, TrashIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import type { Route } from "./+types/waiting-list";

/** An availability's waiting list, in its order, with each entry's state. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "waiting_list.entries.read");
  return adminGet<AdminWaitingList>(
    args,
    `/api/admin/availabilities/${encodeURIComponent(args.params.cuid)}/waiting-list`,
  );
}

const STATE_TONES = {
  waiting: "grey",
  offered: "blue",
  expired: "yellow",
  registered: "green",
} as const;

export default function WaitingList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { availability } = loaderData;

  const columns: DataTableColumn<AdminWaitingListEntry>[] = [
    {
      id: "position",
      header: t("admin.waiting_list.columns.position"),
      cell: (entry) => <span className="font-semibold tabular-nums">{entry.position}</span>,
    },
    {
      id: "participant",
      header: t("admin.waiting_list.columns.participant"),
      cell: (entry) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">{entry.participant.fullname}</span>
          <span className="text-xs text-slate-500">
            {t("admin.waiting_list.joined", { date: format.dateTime(entry.created_at) })}
          </span>
        </span>
      ),
    },
    {
      id: "customer",
      header: t("admin.waiting_list.columns.customer"),
      cell: (entry) => (
        <span className="flex flex-col">
          <span>{entry.customer.fullname}</span>
          <a href={`tel:${entry.customer.phone}`} className="text-xs text-slate-500">
            {entry.customer.phone}
          </a>
        </span>
      ),
    },
    {
      id: "state",
      header: t("admin.waiting_list.columns.state"),
      cell: (entry) => (
        <span className="flex flex-col items-end gap-1 md:items-start">
          <StatusBadge tone={STATE_TONES[entry.state]}>
            {t(`admin.waiting_list.states.${entry.state}`)}
          </StatusBadge>
          {entry.offer_expires_at && entry.state !== "registered" ? (
            <span className="text-xs text-slate-500">
              {t(
                entry.state === "offered" ? "admin.waiting_list.until" : "admin.waiting_list.ended",
                {
                  date: format.dateTime(entry.offer_expires_at),
                },
              )}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (entry) => (
        <span className="flex flex-wrap justify-end gap-2">
          {can("waiting_list.entries.update") &&
          (entry.state === "waiting" || entry.state === "expired") ? (
            <OfferDialog availability={availability.cuid} entry={entry} />
          ) : null}
          {can("waiting_list.entries.delete") ? (
            <RemoveEntry availability={availability.cuid} entry={entry} />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <AvailabilityHeader availability={availability} />
      <DataTable
        caption={t("admin.waiting_list.title")}
        testId="waiting-list-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(entry) => entry.cuid}
        empty={<EmptyState icon={ClockIcon} title={t("admin.waiting_list.empty")} />}
      />
    </>
  );
}

/** "Offer the place": the claim window in hours, then the offer e-mailed to the customer. */
function OfferDialog({
  availability,
  entry,
}: {
  availability: string;
  entry: AdminWaitingListEntry;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(String(DEFAULT_CLAIM_HOURS));
  const { mutate, pending } = useAdminMutation(
    () => registrationsApi.offerPlace(availability, entry.cuid, { claim_hours: Number(hours) }),
    { success: t("admin.waiting_list.offer.sent", { name: entry.customer.fullname }) },
  );
  return (
    <Modal
      title={t("admin.waiting_list.offer.title", { name: entry.participant.fullname })}
      description={t("admin.waiting_list.offer.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" data-testid="offer-place">
          {t("admin.waiting_list.offer.open")}
        </Button>
      }
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if ((await mutate()).ok) setOpen(false);
        }}
      >
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t("admin.waiting_list.offer.hours")}
        </label>
        <input
          id={id}
          type="number"
          min={1}
          max={720}
          required
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          className={`${inputClasses(false)} mt-1`}
        />
        <ModalActions>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {t("admin.waiting_list.offer.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

function RemoveEntry({
  availability,
  entry,
}: {
  availability: string;
  entry: AdminWaitingListEntry;
}) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(
    () => registrationsApi.removeEntry(availability, entry.cuid),
    { success: t("admin.waiting_list.remove.done") },
  );
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          aria-label={t("admin.waiting_list.remove.open", { name: entry.participant.fullname })}
        >
          <TrashIcon className="size-4" />
        </Button>
      }
      title={t("admin.waiting_list.remove.title", { name: entry.participant.fullname })}
      description={t("admin.waiting_list.remove.description")}
      confirmLabel={t("admin.waiting_list.remove.confirm")}
      onConfirm={async () => (await mutate()).ok}
    />
  );
}
