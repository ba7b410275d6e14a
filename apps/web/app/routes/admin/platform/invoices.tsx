import type { PlatformInvoiceRow, PlatformInvoiceRows } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { PlatformInvoiceStatus } from "../../../components/admin/platform/organiser-billing";
import { FileIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { PLATFORM_HOME, withQuery } from "../../../lib/admin/paths";
import { platformDate, platformMoney } from "../../../lib/admin/platform-format";
import { platformGet } from "../../../lib/admin/platform-loaders";
import { preferredLanguage } from "../../../lib/browser-language";
import type { Route } from "./+types/invoices";

const STATUSES = ["OPEN", "OVERDUE", "PAID"] as const;

type Row = PlatformInvoiceRow & { issued_label: string; due_label: string; total_label: string };

export async function loader(args: Route.LoaderArgs) {
  const asked = new URL(args.request.url).searchParams.get("status");
  const status = STATUSES.find((value) => value === asked);
  const language = preferredLanguage(args.request);
  const page = await readListPage(args.request, (paging) =>
    platformGet<PlatformInvoiceRows>(
      args,
      withQuery("/api/admin/platform/billing/invoices", { ...paging, status }),
    ),
  );
  const data: Row[] = page.data.map((invoice) => ({
    ...invoice,
    issued_label: platformDate(language, invoice.issued_at),
    due_label: platformDate(language, invoice.due_at),
    total_label: platformMoney(language, invoice.total_amount, invoice.currency),
  }));
  return { ...page, data, filtered: Boolean(status) };
}

/** /admin/platform/invoices: every organiser's platform invoices, by status (decision 0082). */
export default function PlatformInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.platform.invoices.${key}`);
  const columns: DataTableColumn<Row>[] = [
    {
      id: "number",
      header: label("columns.number"),
      cell: (invoice) => <span className="font-mono font-medium">{invoice.number}</span>,
    },
    {
      id: "organiser",
      header: label("columns.organiser"),
      cell: (invoice) => (
        <Link
          to={`${PLATFORM_HOME}/organisers/${invoice.organiser.cuid}`}
          className="font-semibold text-slate-950 underline-offset-4 hover:underline"
        >
          {invoice.organiser.name}
        </Link>
      ),
    },
    { id: "issued", header: label("columns.issued"), cell: (invoice) => invoice.issued_label },
    { id: "due", header: label("columns.due"), cell: (invoice) => invoice.due_label },
    {
      id: "total",
      header: label("columns.total"),
      cell: (invoice) => <span className="tabular-nums">{invoice.total_label}</span>,
    },
    {
      id: "status",
      header: label("columns.status"),
      cell: (invoice) => <PlatformInvoiceStatus status={invoice.status} />,
    },
    {
      id: "files",
      header: label("columns.files"),
      cell: (invoice) => (
        <span className="flex gap-3 text-sm font-semibold">
          <a href={invoice.pdf_url} download className="underline underline-offset-4">
            PDF
          </a>
          {invoice.ubl_url ? (
            <a href={invoice.ubl_url} download className="underline underline-offset-4">
              UBL
            </a>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={label("title")} description={label("description")} />
      <DataTable
        caption={label("title")}
        testId="platform-invoices"
        columns={columns}
        rows={loaderData.data}
        rowKey={(invoice) => invoice.cuid}
        paging={loaderData.paging}
        toolbar={
          <FilterSelect
            label={label("status_filter")}
            param="status"
            allLabel={label("all_statuses")}
            options={STATUSES.map((value) => ({
              value,
              label: t(`admin.billing.statuses.${value}`),
            }))}
          />
        }
        empty={
          <EmptyState
            icon={FileIcon}
            title={label(loaderData.filtered ? "empty_filtered" : "empty")}
          />
        }
      />
    </>
  );
}
