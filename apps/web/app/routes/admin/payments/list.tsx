import {
  type AdminPaymentView,
  type ListEnvelope,
  PAYMENT_KINDS,
  PAYMENT_LIST_STATUSES,
} from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { ConfirmDialog } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { paymentListQuery } from "../../../components/admin/payments/list-query";
import { RefundDialog } from "../../../components/admin/payments/refund-dialog";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { StatusBadge } from "../../../components/admin/status-badge";
import { ReceiptIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { fullName } from "../../../lib/admin/people";
import type { Route } from "./+types/list";

const STATUS_TONES: Record<AdminPaymentView["status"], StatusTone> = {
  open: "blue",
  paid: "green",
  failed: "red",
  expired: "grey",
  canceled: "grey",
  refunded: "yellow",
  RECEIVED: "green",
  CANCELLED: "grey",
  CHECKOUT: "green",
  PAYMENT: "green",
};

/** Every payment received, newest first: searched, filtered by type, status and period. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const query = paymentListQuery(new URL(args.request.url));
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<AdminPaymentView>>(
      args,
      withQuery("/api/admin/payments", { ...paging, ...query.params }),
    ),
  );
  return { ...page, sort: query.sort, filtered: query.filtered };
}

function CancelTransfer({ payment }: { payment: AdminPaymentView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const cancel = useAdminMutation(() => paymentsApi.cancelTransfer(payment.cuid), {
    success: t("admin.payments.cancel_transfer.done"),
  });
  return (
    <ConfirmDialog
      title={t("admin.payments.cancel_transfer.title")}
      description={t(
        payment.source === "STATEMENT"
          ? "admin.payments.cancel_transfer.description_statement"
          : "admin.payments.cancel_transfer.description",
        { amount: format.money(payment.amount), reference: payment.reference ?? "" },
      )}
      confirmLabel={t("admin.payments.cancel_transfer.confirm")}
      onConfirm={async () => (await cancel.mutate()).ok}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="whitespace-nowrap text-red-700 hover:bg-red-50"
          aria-label={`${t("admin.payments.cancel_transfer.open")} ${payment.reference ?? ""}`.trim()}
          data-testid="cancel-transfer"
        >
          {t("admin.payments.cancel_transfer.open")}
        </Button>
      }
    />
  );
}

export default function PaymentsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<AdminPaymentView>[] = [
    {
      id: "date",
      header: t("admin.payments.columns.date"),
      sortable: true,
      cell: (payment) => (
        <time dateTime={payment.date} className="whitespace-nowrap text-slate-700">
          {payment.type === "TRANSFER" ? format.date(payment.date) : format.dateTime(payment.date)}
        </time>
      ),
    },
    {
      id: "type",
      header: t("admin.payments.columns.type"),
      cell: (payment) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">
            {t(`admin.payments.types.${payment.type}`)}
          </span>
          <span className="text-xs text-slate-500">
            {payment.provider ??
              (payment.source ? t(`admin.payments.sources.${payment.source}`) : "")}
          </span>
        </span>
      ),
    },
    {
      id: "customer",
      header: t("admin.payments.columns.customer"),
      cell: (payment) =>
        payment.customer ? (
          <span className="flex flex-col">
            <span className="text-slate-950">{fullName(payment.customer)}</span>
            <span className="text-xs text-slate-500">{payment.customer.email}</span>
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "reference",
      header: t("admin.payments.columns.reference"),
      cell: (payment) => <span className="font-mono text-xs">{payment.reference ?? "—"}</span>,
    },
    {
      id: "amount",
      header: t("admin.payments.columns.amount"),
      sortable: true,
      align: "end",
      cell: (payment) => (
        <span className="flex flex-col items-end">
          <span className="font-semibold whitespace-nowrap tabular-nums text-slate-950">
            {format.money(payment.amount)}
          </span>
          {payment.refunded_amount ? (
            <span className="text-xs whitespace-nowrap text-amber-800">
              {t("admin.payments.refunded_amount", {
                amount: format.money(payment.refunded_amount),
              })}
            </span>
          ) : null}
          {payment.wallet_credit ? (
            <span className="text-xs whitespace-nowrap text-slate-500">
              {t("admin.payments.wallet_credit", { amount: format.money(payment.wallet_credit) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.payments.columns.status"),
      cell: (payment) => (
        <span className="flex flex-col items-end gap-1 md:items-start">
          <StatusBadge tone={STATUS_TONES[payment.status]} value={payment.status}>
            {t(`admin.payments.statuses.${payment.status}`)}
          </StatusBadge>
          {payment.refund_reason && payment.refund_reason !== "ORGANISER" ? (
            <span className="max-w-56 text-xs text-slate-500">
              {t(`admin.payments.refund_reasons.${payment.refund_reason}`)}
            </span>
          ) : null}
          {payment.refund_note || payment.note ? (
            <span className="max-w-56 text-xs text-slate-500">
              {payment.refund_note ?? payment.note}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.payments.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (payment) => {
        if (
          payment.type === "ONLINE" &&
          payment.status === "paid" &&
          can("payments.payments.refund")
        ) {
          return <RefundDialog payment={payment} />;
        }
        if (
          payment.type === "TRANSFER" &&
          payment.status === "RECEIVED" &&
          can("bank.transfers.delete")
        ) {
          return <CancelTransfer payment={payment} />;
        }
        return null;
      },
    },
  ];

  return (
    <DataTable
      caption={t("admin.payments.tabs.payments")}
      testId="payments-table"
      columns={columns}
      rows={loaderData.data}
      rowKey={(payment) => `${payment.type}-${payment.cuid}`}
      sort={loaderData.sort}
      paging={loaderData.paging}
      toolbar={
        <>
          <SearchBox label={t("admin.payments.search")} param="q" />
          <FilterSelect
            label={t("admin.payments.filters.type")}
            param="type"
            allLabel={t("admin.payments.filters.all_types")}
            options={PAYMENT_KINDS.map((kind) => ({
              value: kind,
              label: t(`admin.payments.types.${kind}`),
            }))}
          />
          <FilterSelect
            label={t("admin.payments.filters.status")}
            param="status"
            allLabel={t("admin.payments.filters.all_statuses")}
            options={PAYMENT_LIST_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.payments.statuses.${status}`),
            }))}
          />
          <PeriodFilter />
          {loaderData.filtered ? (
            <Link
              to="/admin/payments"
              className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
            >
              {t("admin.payments.filters.reset")}
            </Link>
          ) : null}
        </>
      }
      empty={
        <EmptyState
          icon={ReceiptIcon}
          title={t(loaderData.filtered ? "admin.payments.empty_filtered" : "admin.payments.empty")}
        />
      }
    />
  );
}
