import type { CustomerMembershipAdminView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerOwnedApi } from "../../../lib/admin/customer-owned-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { IdCardIcon } from "../../icons";
import { Button } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { ConfirmDialog } from "../dialog";
import { EmptyState } from "../empty-state";
import { StatusBadge } from "../status-badge";

/**
 * A customer's memberships (customers.memberships.read) with their period; staff with
 * customers.memberships.update cancel one, and the account then shows it cancelled.
 */
export function MembershipsSection({
  memberships,
}: {
  memberships: readonly CustomerMembershipAdminView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CustomerMembershipAdminView>[] = [
    {
      id: "membership",
      header: t("admin.customers.owned.memberships.columns.membership"),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium text-slate-950">{row.title}</span>
          {row.participant ? <span className="text-slate-600">{row.participant}</span> : null}
          {row.cancelled ? (
            <span>
              <StatusBadge tone="red">{t("admin.customers.owned.cancelled")}</StatusBadge>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "period",
      header: t("admin.customers.owned.memberships.columns.period"),
      cell: (row) => `${format.date(row.start_at)} – ${format.date(row.end_at)}`,
    },
    {
      id: "paid",
      header: t("admin.customers.owned.columns.paid"),
      align: "end",
      cell: (row) => (
        <span className="tabular-nums">
          {format.money(row.paid_amount)} / {format.money(row.total_amount)}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.customers.owned.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (row) =>
        !row.cancelled && can("customers.memberships.update") ? (
          <CancelMembership membership={row} />
        ) : null,
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.owned.memberships.title")}
      testId="customer-memberships"
      columns={columns}
      rows={memberships}
      rowKey={(row) => row.cuid}
      empty={<EmptyState icon={IdCardIcon} title={t("admin.customers.owned.memberships.empty")} />}
    />
  );
}

function CancelMembership({ membership }: { membership: CustomerMembershipAdminView }) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(() => customerOwnedApi.cancelMembership(membership.cuid), {
    success: t("admin.customers.owned.memberships.cancelled_done"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" data-testid="cancel-membership">
          {t("admin.customers.owned.memberships.cancel")}
        </Button>
      }
      title={t("admin.customers.owned.memberships.cancel_title", { title: membership.title })}
      description={t("admin.customers.owned.memberships.cancel_description")}
      confirmLabel={t("admin.customers.owned.memberships.cancel")}
      onConfirm={async () => (await mutate()).ok}
    />
  );
}
