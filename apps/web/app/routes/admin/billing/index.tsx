import type {
  BillingOverview,
  PlatformInvoiceItem,
  PlatformInvoiceList,
  PlatformPaymentStart,
  PlatformPaymentView,
} from "@booking/contracts";
import { FormPanel } from "../../../components/admin/form-panel";
import { StatusBadge } from "../../../components/admin/status-badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import { apiRequest } from "../../../lib/api";
import type { Route } from "./+types/index";

/**
 * What the platform bills the organiser (decision 0078): the current cycle so far and its
 * projection, overdue invoices, its platform invoices (with `billing.invoices.read`), referral.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session, api } = requirePermission(args, "organiser.billing.read");
  // Back from the provider's page: the payment's status is asked of the provider first, so the
  // invoice below already shows paid (decision 0082). A stale or foreign link shows nothing.
  const paymentCuid = new URL(args.request.url).searchParams.get("payment");
  const payment =
    paymentCuid && hasPermission(session, "billing.invoices.read")
      ? await api.get<PlatformPaymentView>(
          `/api/admin/billing/payments/${encodeURIComponent(paymentCuid)}`,
        )
      : null;
  const [overview, invoices] = await Promise.all([
    adminGet<BillingOverview>(args, "/api/admin/billing"),
    hasPermission(session, "billing.invoices.read")
      ? adminGet<PlatformInvoiceList>(args, "/api/admin/billing/invoices?page_size=100")
      : null,
  ]);
  return { overview, invoices, payment: payment?.status === 200 ? payment.body : null };
}

const STATUS_TONES = { OPEN: "blue", OVERDUE: "red", PAID: "green" } as const;

function CurrentCycle({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { cycle } = overview;
  const label = (key: string) => t(`admin.billing.${key}`);
  return (
    <FormPanel
      title={label("cycle")}
      description={t("admin.billing.cycle_hint", {
        start: format.date(cycle.start_at),
        end: format.date(new Date(new Date(cycle.end_at).getTime() - 1).toISOString()),
        minimum: format.money(overview.minimum_invoice_amount),
      })}
      testId="billing-cycle"
    >
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {label("item")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {label("quantity")}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              {label("amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {cycle.lines.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-3 text-slate-500">
                {label("no_usage")}
              </td>
            </tr>
          ) : (
            cycle.lines.map((line) => (
              <tr key={line.kind}>
                <th scope="row" className="py-2 pr-3 font-normal">
                  {label(`items.${line.kind}`)}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{format.money(line.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t border-slate-200 text-slate-950">
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
              {label("so_far")}
            </th>
            <td className="py-2 pl-3 text-right tabular-nums" data-testid="billing-so-far">
              {format.money(cycle.amount)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left font-normal">
              {label("projected")}
            </th>
            <td className="py-2 pl-3 text-right tabular-nums">
              {format.money(cycle.projected_amount)}
            </td>
          </tr>
        </tfoot>
      </table>
    </FormPanel>
  );
}

function PayButton({ invoice }: { invoice: PlatformInvoiceItem }) {
  const { t } = useTranslation();
  const pay = useAdminMutation(
    () =>
      apiRequest<PlatformPaymentStart>(
        "POST",
        `/api/admin/billing/invoices/${encodeURIComponent(invoice.cuid)}/pay`,
        {},
      ),
    { revalidate: false },
  );
  return (
    <Button
      type="button"
      disabled={pay.pending}
      onClick={async () => {
        const outcome = await pay.mutate();
        if (outcome.ok) window.location.assign(outcome.value.next_action_url);
      }}
    >
      {t("admin.billing.pay", { number: invoice.number })}
    </Button>
  );
}

function Invoices({
  invoices,
  onlinePayment,
}: {
  invoices: PlatformInvoiceItem[];
  onlinePayment: boolean;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const label = (key: string) => t(`admin.billing.${key}`);
  return (
    <FormPanel title={label("invoices")} testId="billing-invoices">
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-500">{label("no_invoices")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.cuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
              <span className="flex min-w-40 flex-1 flex-col">
                <span className="font-mono font-medium text-slate-950">{invoice.number}</span>
                <span className="text-xs text-slate-500">
                  {t("admin.billing.period", {
                    start: format.date(invoice.period_start),
                    end: format.date(
                      new Date(new Date(invoice.period_end).getTime() - 1).toISOString(),
                    ),
                  })}
                  {" · "}
                  {t("admin.billing.due", { date: format.date(invoice.due_at) })}
                </span>
              </span>
              <StatusBadge tone={STATUS_TONES[invoice.status]}>
                {invoice.paid_at
                  ? t("admin.billing.paid_on", { date: format.date(invoice.paid_at) })
                  : label(`statuses.${invoice.status}`)}
              </StatusBadge>
              <span className="w-24 text-right font-semibold tabular-nums text-slate-950">
                {format.money(invoice.total_amount)}
              </span>
              <span className="flex flex-wrap gap-2">
                {onlinePayment && !invoice.paid_at ? <PayButton invoice={invoice} /> : null}
                <a href={invoice.pdf_url} download className={buttonClasses("secondary")}>
                  PDF
                </a>
                {invoice.ubl_url ? (
                  <a href={invoice.ubl_url} download className={buttonClasses("secondary")}>
                    UBL
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </FormPanel>
  );
}

function Referral({ referral }: { referral: BillingOverview["referral"] }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  return (
    <FormPanel
      title={t("admin.billing.referral")}
      description={t("admin.billing.referral_hint", {
        rate: referral.rate,
        duration: referral.duration,
      })}
      testId="billing-referral"
    >
      <input
        readOnly
        value={referral.link}
        aria-label={t("admin.billing.referral_link")}
        className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("admin.billing.referred")}</dt>
          <dd className="font-semibold tabular-nums">{referral.referred_organisers}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin.billing.earnings")}</dt>
          <dd className="font-semibold tabular-nums">{format.money(referral.earnings)}</dd>
        </div>
      </dl>
    </FormPanel>
  );
}

/** What became of the payment the browser came back from. */
function PaymentNotice({ payment }: { payment: PlatformPaymentView }) {
  const { t } = useTranslation();
  const paid = payment.status === "paid";
  return (
    <p
      role="status"
      className={
        paid
          ? "rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
          : "rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      }
      data-testid="billing-payment-notice"
    >
      {t(paid ? "admin.billing.payment_paid" : "admin.billing.payment_not_paid", {
        number: payment.invoice_number,
      })}
    </p>
  );
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { overview, invoices, payment } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      {payment ? <PaymentNotice payment={payment} /> : null}
      {overview.overdue.length > 0 ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="billing-overdue"
        >
          {t("admin.billing.overdue", {
            numbers: overview.overdue.map((invoice) => invoice.number).join(", "),
          })}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <CurrentCycle overview={overview} />
        <Referral referral={overview.referral} />
      </div>
      {invoices && can("billing.invoices.read") ? (
        <Invoices invoices={invoices.data} onlinePayment={overview.online_payment} />
      ) : null}
    </div>
  );
}
