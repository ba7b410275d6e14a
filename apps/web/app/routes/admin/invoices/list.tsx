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
import { InvoiceActions } from "../../../components/admin/invoices/invoice-actions";
import { PaymentStatus } from "../../../components/admin/invoices/payment-status";
import { PeppolStatus } from "../../../components/admin/invoices/peppol-status";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { dayRange, oneOf, urlParam } from "../../../components/admin/table-query";
import { DownloadIcon, ReceiptIcon } from "../../../components/icons";
import { buttonClasses } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
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

export default function InvoicesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<ConsoleInvoiceItem>[] = [
    {
      id: "number",
      header: t("admin.invoices.columns.number"),
      cell: (invoice) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/invoices/${invoice.cuid}`}
            className="font-mono font-medium whitespace-nowrap text-slate-950 underline-offset-4 hover:underline"
          >
            {invoice.number}
          </Link>
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
      cell: (invoice) => (
        <span className="flex flex-col items-start gap-1">
          <PaymentStatus invoice={invoice} />
          <PeppolStatus invoice={invoice} />
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.invoices.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (invoice) => <InvoiceActions invoice={invoice} />,
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
