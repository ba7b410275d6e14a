import type { ConsoleInvoiceItem } from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { InvoiceActions } from "../../../components/admin/invoices/invoice-actions";
import { PaymentStatus } from "../../../components/admin/invoices/payment-status";
import { PeppolStatus } from "../../../components/admin/invoices/peppol-status";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/detail";

/** One invoice or credit note: its figures, what it bills, its payment and its Peppol delivery. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payments.payments.read");
  const invoice = await adminGet<ConsoleInvoiceItem>(
    args,
    `/api/admin/invoices/${encodeURIComponent(args.params.cuid)}`,
  );
  return { invoice };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-950">{children}</dd>
    </div>
  );
}

export default function InvoiceDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { invoice } = loaderData;
  const sign = invoice.type === "CREDIT_NOTE" ? -1 : 1;
  return (
    <>
      <PageHeader
        title={`${t(`admin.invoices.types.${invoice.type}`)} ${invoice.number}`}
        back={{ to: "/admin/invoices", label: t("admin.invoices.detail.back") }}
        description={invoice.customer.company_name ?? invoice.customer.fullname}
        actions={<InvoiceActions invoice={invoice} />}
      />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
          <dl className="flex flex-col gap-3" data-testid="invoice-facts">
            <Fact label={t("admin.invoices.columns.customer")}>
              <Link
                to={`/admin/customers/${invoice.customer.cuid}`}
                className="underline underline-offset-4"
              >
                {invoice.customer.fullname}
              </Link>
              {invoice.customer.company_name ? ` · ${invoice.customer.company_name}` : null}
            </Fact>
            <Fact label={t("admin.invoices.columns.date")}>{format.date(invoice.created_at)}</Fact>
            {invoice.due_at ? (
              <Fact label={t("admin.invoices.detail.due_at")}>{format.date(invoice.due_at)}</Fact>
            ) : null}
            <Fact label={t("admin.invoices.detail.source")}>
              {t(`admin.invoices.sources.${invoice.source.kind}`)}
              {invoice.source.reference ? (
                <span className="ml-2 font-mono text-xs">{invoice.source.reference}</span>
              ) : null}
            </Fact>
            {invoice.credited_invoice_number ? (
              <Fact label={t("admin.invoices.detail.credited_invoice")}>
                {invoice.credited_invoice_number}
              </Fact>
            ) : null}
            <Fact label={t("admin.invoices.columns.amount")}>
              <span className="font-semibold tabular-nums">
                {format.money(sign * invoice.total_amount)}
              </span>
            </Fact>
            {invoice.paid_amount !== null ? (
              <Fact label={t("admin.invoices.detail.paid")}>
                {format.money(invoice.paid_amount)}
              </Fact>
            ) : null}
            {invoice.credited_amount > 0 ? (
              <Fact label={t("admin.invoices.detail.credited")}>
                {format.money(invoice.credited_amount)}
              </Fact>
            ) : null}
          </dl>
        </section>
        <aside className="flex flex-col gap-4">
          <section className="flex flex-col items-start gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <h2 className="text-sm font-semibold text-slate-950">
              {t("admin.invoices.columns.status")}
            </h2>
            <PaymentStatus invoice={invoice} />
          </section>
          <section
            className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
            aria-labelledby="peppol-heading"
          >
            <h2 id="peppol-heading" className="text-sm font-semibold text-slate-950">
              {t("admin.invoices.peppol.title")}
            </h2>
            {invoice.peppol ? (
              <PeppolStatus invoice={invoice} detailed />
            ) : (
              <p className="text-sm text-slate-600">
                {t(
                  invoice.ubl_url
                    ? "admin.invoices.peppol.not_sent"
                    : "admin.invoices.peppol.not_business",
                )}
              </p>
            )}
          </section>
        </aside>
      </div>
    </>
  );
}
