import type { CustomerBundleAdminView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerOwnedApi } from "../../../lib/admin/customer-owned-api";
import { LayersIcon } from "../../icons";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { StatusBadge } from "../status-badge";
import { BundleExpiryDialog } from "./bundle-expiry-dialog";
import { OwnedRefundDialog } from "./owned-refund-dialog";

/**
 * A customer's bundles (customers.bundles.read): room used, validity, what was paid, each row
 * opening the registrations it paid for; staff with the permissions extend the validity and
 * refund to the wallet.
 */
export function BundlesSection({ bundles }: { bundles: readonly CustomerBundleAdminView[] }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CustomerBundleAdminView>[] = [
    {
      id: "bundle",
      header: t("admin.customers.owned.bundles.columns.bundle"),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium text-slate-950">{row.title}</span>
          {row.participant ? <span className="text-slate-600">{row.participant}</span> : null}
          <span className="flex flex-wrap gap-1">
            {row.refund ? (
              <StatusBadge tone="red">
                {t("admin.customers.owned.refunded", { amount: format.money(row.refund.amount) })}
              </StatusBadge>
            ) : null}
            {row.from_voucher ? (
              <StatusBadge tone="blue">
                {t("admin.customers.owned.bundles.from_voucher")}
              </StatusBadge>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      id: "used",
      header: t("admin.customers.owned.bundles.columns.used"),
      cell: (row) => (
        <span className="tabular-nums">
          {row.capacity === null
            ? t("admin.customers.owned.bundles.used_unlimited", { used: row.used })
            : t("admin.customers.owned.bundles.used_of", {
                used: row.used,
                capacity: row.capacity,
              })}
        </span>
      ),
    },
    {
      id: "expires",
      header: t("admin.customers.owned.bundles.columns.expires"),
      cell: (row) =>
        row.expires_at ? format.dateTime(row.expires_at) : t("admin.customers.owned.no_end"),
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
        row.refund ? null : (
          <span className="flex flex-wrap justify-end gap-2">
            {can("customers.bundles.update") ? <BundleExpiryDialog bundle={row} /> : null}
            {can("customers.bundles.refund") ? (
              <OwnedRefundDialog
                title={t("admin.customers.owned.bundles.refund_title", { title: row.title })}
                paid={row.paid_amount}
                send={(body) => customerOwnedApi.refundBundle(row.cuid, body)}
                testId="refund-bundle"
              />
            ) : null}
          </span>
        ),
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.owned.bundles.title")}
      testId="customer-bundles"
      columns={columns}
      rows={bundles}
      rowKey={(row) => row.cuid}
      empty={<EmptyState icon={LayersIcon} title={t("admin.customers.owned.bundles.empty")} />}
      renderDetail={(row) => <Consumption bundle={row} />}
      detailLabel={(row) => t("admin.customers.owned.bundles.consumption_of", { title: row.title })}
    />
  );
}

/** The registrations a bundle paid for, oldest first. */
function Consumption({ bundle }: { bundle: CustomerBundleAdminView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  if (bundle.consumption.length === 0) {
    return <p className="text-sm text-slate-600">{t("admin.customers.owned.bundles.unused")}</p>;
  }
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="bundle-consumption">
      {bundle.consumption.map((use) => (
        <li key={use.registration} className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium">{use.activity}</span>
          <span className="text-slate-600">
            {format.dateTime(use.start_at)} · {use.participant} · {use.registration}
          </span>
          {use.cancelled ? (
            <StatusBadge tone="red">{t("admin.customers.owned.cancelled")}</StatusBadge>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
