import {
  type ConsoleInvoiceItem,
  INVOICE_PAYMENT_STATUSES,
  type ListEnvelope,
} from "@booking/contracts";
import { INVOICE_SERIES } from "@booking/domain";
import { Link, useSearchParams } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { CreditDialog } from "../../../components/admin/invoices/credit-dialog";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { StatusBadge } from "../../../components/admin/status-badge";
import { dayRange, oneOf, urlParam } from "../../../components/admin/table-query";
import { DownloadIcon, ReceiptIcon } from "../../../components/icons";
import { Button, buttonClasses } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/list";

/** The organiser's invoices and credit notes, newest first: filtered by period, type, status. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const url = new URL(args.request.url);
  const filters = {
    q: urlParam(url, "q"),
    type: oneOf(INVOICE_SERIES, urlParam(url, "type")),
    status: oneOf(INVOICE_PAYMENT_STATUSES, urlParam(url, "status")),
    customer: urlParam(url, "customer", 40),
    ...dayRange(url),
  };
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<ConsoleInvoiceItem>>(
      args,
      withQuery("/api/admin/invoices", { ...paging, ...filters }),
    ),
  );
  return { ...page, filtered: Object.values(filters).some(Boolean) };
}

/** The documents under the list's filters as CSV, XLSX, or their UBL files in a ZIP. */
function InvoiceExports() {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [searchParams] = useSearchParams();
  if (!can("exports.payments.read")) return null;
  const filters = [...searchParams].filter(([key]) => !["page_number", "page_size"].includes(key));
  const href = (format: string) =>
    `/api/admin/invoices/export?${new URLSearchParams([...filters, ["format", format]])}`;
  return (
    <span className="flex flex-wrap gap-2">
      {(["xlsx", "csv", "ubl-zip"] as const).map((format) => (
        <a key={format} href={href(format)} download className={buttonClasses("secondary")}>
          <DownloadIcon className="size-4" />
          {t(`admin.invoices.export.${format}`)}
        </a>
      ))}
    </span>
  );
}

function Resend({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { t } = useTranslation();
  const resend = useAdminMutation(() => invoicesApi.resend(invoice.cuid), {
    success: t("admin.invoices.resent"),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => resend.mutate()}
      disabled={resend.pending}
      data-testid="resend-invoice"
    >
      {t("admin.invoices.resend")}
    </Button>
  );
}

export default function InvoicesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<ConsoleInvoiceItem>[] = [
    {
      id: "number",
      header: t("admin.invoices.columns.number"),
      cell: (invoice) => (
        <span className="flex flex-col">
          <span className="font-mono font-medium whitespace-nowrap text-slate-950">
            {invoice.number}
          </span>
          <span className="text-xs text-slate-500">
            {t(`admin.invoices.types.${invoice.type}`)}
            {invoice.credited_invoice_number ? ` · ${invoice.credited_invoice_number}` : ""}
          </span>
        </span>
      ),
    },
    {
      id: "date",
      header: t("admin.invoices.columns.date"),
      cell: (invoice) => (
        <time dateTime={invoice.created_at} className="whitespace-nowrap text-slate-700">
          {format.date(invoice.created_at)}
        </time>
      ),
    },
    {
      id: "customer",
      header: t("admin.invoices.columns.customer"),
      cell: (invoice) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/customers/${invoice.customer.cuid}`}
            className="text-slate-950 underline-offset-4 hover:underline"
          >
            {invoice.customer.fullname}
          </Link>
          {invoice.customer.company_name ? (
            <span className="text-xs text-slate-500">{invoice.customer.company_name}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "reference",
      header: t("admin.invoices.columns.reference"),
      cell: (invoice) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs whitespace-nowrap">
            {invoice.source.reference ?? "—"}
          </span>
          <span className="text-xs text-slate-500" data-testid="invoice-source">
            {t(`admin.invoices.sources.${invoice.source.kind}`)}
          </span>
        </span>
      ),
    },
    {
      id: "amount",
      header: t("admin.invoices.columns.amount"),
      align: "end",
      cell: (invoice) => (
        <span className="flex flex-col items-end">
          <span className="font-semibold whitespace-nowrap tabular-nums text-slate-950">
            {format.money(
              invoice.type === "CREDIT_NOTE" ? -invoice.total_amount : invoice.total_amount,
            )}
          </span>
          {invoice.credited_amount > 0 ? (
            <span className="text-xs whitespace-nowrap text-amber-800">
              {t("admin.invoices.credited", { amount: format.money(invoice.credited_amount) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.invoices.columns.status"),
      cell: (invoice) =>
        invoice.outstanding_amount === null ? null : invoice.outstanding_amount > 0 ? (
          <StatusBadge tone="yellow" value="OUTSTANDING">
            {t("admin.invoices.outstanding", { amount: format.money(invoice.outstanding_amount) })}
          </StatusBadge>
        ) : (
          <StatusBadge tone="green" value="PAID">
            {t("admin.invoices.statuses.PAID")}
          </StatusBadge>
        ),
    },
    {
      id: "actions",
      header: t("admin.invoices.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (invoice) => (
        <span className="flex flex-wrap items-center justify-end gap-1">
          <a
            href={invoice.pdf_url}
            target="_blank"
            rel="noreferrer"
            className="px-2 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
            data-testid="invoice-pdf"
          >
            PDF
          </a>
          {invoice.ubl_url ? (
            <a
              href={invoice.ubl_url}
              download
              className="px-2 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
            >
              UBL
            </a>
          ) : null}
          {can("notifications.trigger") ? <Resend invoice={invoice} /> : null}
          {invoice.type === "INVOICE" &&
          invoice.credited_amount < invoice.total_amount &&
          can("payments.payments.refund") ? (
            <CreditDialog invoice={invoice} />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.invoices.title")}
        description={t("admin.invoices.description")}
        actions={<InvoiceExports />}
      />
      <DataTable
        caption={t("admin.invoices.title")}
        testId="invoices-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(invoice) => invoice.cuid}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.invoices.search")} param="q" />
            <FilterSelect
              label={t("admin.invoices.filters.type")}
              param="type"
              allLabel={t("admin.invoices.filters.all_types")}
              options={INVOICE_SERIES.map((type) => ({
                value: type,
                label: t(`admin.invoices.types.${type}`),
              }))}
            />
            <FilterSelect
              label={t("admin.invoices.filters.status")}
              param="status"
              allLabel={t("admin.invoices.filters.all_statuses")}
              options={INVOICE_PAYMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.invoices.statuses.${status}`),
              }))}
            />
            <PeriodFilter />
            {loaderData.filtered ? (
              <Link
                to="/admin/invoices"
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.invoices.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={ReceiptIcon}
            title={t(
              loaderData.filtered ? "admin.invoices.empty_filtered" : "admin.invoices.empty",
            )}
          />
        }
      />
    </>
  );
}
