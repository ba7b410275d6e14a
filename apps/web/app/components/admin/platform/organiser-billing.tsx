import type { Language, PlatformInvoiceItem, PlatformOrganiserBilling } from "@booking/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { platformApi } from "../../../lib/admin/platform-api";
import { platformDate, platformMoney } from "../../../lib/admin/platform-format";
import { Button } from "../../ui/button";
import { StatusBadge } from "../status-badge";

// An organiser's platform billing in the operators' area (issue 16 §3; decision 0082).

const STATUS_TONES = { OPEN: "blue", OVERDUE: "red", PAID: "green" } as const;

export function PlatformInvoiceStatus({ status }: { status: PlatformInvoiceItem["status"] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_TONES[status]}>{t(`admin.billing.statuses.${status}`)}</StatusBadge>
  );
}

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={testId}
    >
      <h2 className="mb-4 text-base font-semibold text-slate-950">{title}</h2>
      {children}
    </section>
  );
}

const cell = "px-2 py-2 text-right tabular-nums";
const input =
  "w-24 rounded-md border border-slate-300 px-2 py-1.5 text-right text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600";

/** Minor units from what the operator typed in currency units ("0,50" or "0.50"); null if not a number. */
const minorUnits = (text: string) => {
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
};
const decimal = (text: string) => Number(text.replace(",", "."));

function ItemsForm({ cuid, billing }: { cuid: string; billing: PlatformOrganiserBilling }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.platform.billing.${key}`);
  const [items, setItems] = useState(() =>
    billing.items.map((item) => ({
      item: item.item,
      metadata: item.metadata,
      flat: String(item.flat_amount / 100),
      unit: String(item.unit_amount / 100),
      percentage: String(item.percentage),
    })),
  );
  const [vat, setVat] = useState(String(billing.taxes[0]?.percentage ?? billing.vat.rate));
  const save = useAdminMutation(
    () =>
      platformApi.setBilling(cuid, {
        items: items.map((item) => ({
          item: item.item,
          flat_amount: minorUnits(item.flat),
          unit_amount: minorUnits(item.unit),
          percentage: decimal(item.percentage),
          metadata: item.metadata,
        })),
        taxes: [{ type: "VAT", percentage: decimal(vat), metadata: {} }],
      }),
    { success: label("saved") },
  );
  const edit = (index: number, field: "flat" | "unit" | "percentage", value: string) =>
    setItems((current) =>
      current.map((item, at) => (at === index ? { ...item, [field]: value } : item)),
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save.mutate();
      }}
      className="flex flex-col gap-4"
    >
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-2 text-left font-medium">
                {t("admin.billing.item")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {label("flat_amount")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {label("unit_amount")}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {label("percentage")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item, index) => {
              const name = t(`admin.billing.items.${item.item}`);
              return (
                <tr key={item.item}>
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {name}
                  </th>
                  {(["flat", "unit", "percentage"] as const).map((field) => (
                    <td key={field} className={cell}>
                      <input
                        className={input}
                        inputMode="decimal"
                        aria-label={`${name} · ${label(field === "flat" ? "flat_amount" : field === "unit" ? "unit_amount" : "percentage")}`}
                        name={`${item.item}.${field}`}
                        value={item[field]}
                        onChange={(event) => edit(index, field, event.target.value)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <label className="flex items-center gap-3 text-sm">
        <span className="font-medium text-slate-700">{label("vat")}</span>
        <input
          className={input}
          inputMode="decimal"
          name="vat"
          value={vat}
          onChange={(event) => setVat(event.target.value)}
        />
      </label>
      <p className="text-xs text-slate-600">{label("items_hint")}</p>
      <div>
        <Button type="submit" disabled={save.pending} data-testid="save-billing">
          {label("save")}
        </Button>
      </div>
    </form>
  );
}

function Rerun({ cuid, months }: { cuid: string; months: string[] }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(months[0] ?? "");
  const rerun = useAdminMutation(() => platformApi.rerunCycle(cuid, month), {
    success: (result) =>
      result.changed
        ? t("admin.platform.billing.rerun_closed", {
            month: result.month,
            outcome: result.invoice_number ?? t("admin.platform.billing.cycle_statuses.CARRIED"),
          })
        : t("admin.platform.billing.rerun_unchanged", { month: result.month }),
  });
  if (months.length === 0) {
    return <p className="text-sm text-slate-600">{t("admin.platform.billing.rerun_none")}</p>;
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-xs font-medium text-slate-600">
          {t("admin.platform.billing.month")}
        </span>
        <select
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          name="month"
        >
          {months.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="secondary"
        disabled={rerun.pending}
        onClick={() => void rerun.mutate()}
        data-testid="rerun-cycle"
      >
        {t("admin.platform.billing.rerun")}
      </Button>
    </div>
  );
}

/** The organiser's usage, items and taxes, cycles, invoices and payments, for operators. */
export function OrganiserBilling({
  cuid,
  billing,
  language,
}: {
  cuid: string;
  billing: PlatformOrganiserBilling;
  language: Language;
}) {
  const { t } = useTranslation();
  const label = (key: string, options?: Record<string, unknown>) =>
    t(`admin.platform.billing.${key}`, options);
  const money = (amount: number, currency = billing.usage.currency) =>
    platformMoney(language, amount, currency);
  const { cycle } = billing.usage;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="platform-billing">
      <Section title={label("usage")} testId="platform-billing-usage">
        <p className="mb-3 text-sm text-slate-600">
          {label("period", {
            start: platformDate(language, cycle.start_at),
            end: platformDate(
              language,
              new Date(new Date(cycle.end_at).getTime() - 1).toISOString(),
            ),
          })}
        </p>
        <table className="w-full text-sm">
          <tbody className="divide-y divide-slate-100">
            {cycle.lines.map((line) => (
              <tr key={line.kind}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {t(`admin.billing.items.${line.kind}`)}
                </th>
                <td className={cell}>{line.quantity}</td>
                <td className={cell}>{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold">
            <tr>
              <th scope="row" colSpan={2} className="py-2 pr-2 text-left">
                {t("admin.billing.so_far")}
              </th>
              <td className={cell} data-testid="platform-billing-so-far">
                {money(cycle.amount)}
              </td>
            </tr>
            <tr className="font-normal">
              <th scope="row" colSpan={2} className="py-2 pr-2 text-left">
                {t("admin.billing.projected")}
              </th>
              <td className={cell}>{money(cycle.projected_amount)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-3 text-xs text-slate-600">
          {label(`vat_${billing.vat.category}`, { rate: billing.vat.rate })}
        </p>
      </Section>
      <Section title={label("items")} testId="platform-billing-items">
        <ItemsForm cuid={cuid} billing={billing} />
      </Section>
      <Section title={label("cycles")} testId="platform-billing-cycles">
        <Rerun cuid={cuid} months={billing.rerunnable_months} />
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {billing.cycles.map((closed) => (
            <li key={closed.month} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-mono">{closed.month}</span>
              <span>
                {label(`cycle_statuses.${closed.status}`)}
                {closed.invoice_number ? ` · ${closed.invoice_number}` : ""}
              </span>
              <span className="tabular-nums">{money(closed.amount)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={label("invoices")} testId="platform-billing-invoices">
        {billing.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.billing.no_invoices")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {billing.invoices.map((invoice) => (
              <li key={invoice.cuid} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-32 flex-1 font-mono">{invoice.number}</span>
                <PlatformInvoiceStatus status={invoice.status} />
                <span className="tabular-nums">
                  {money(invoice.total_amount, invoice.currency)}
                </span>
                <a
                  href={invoice.pdf_url}
                  download
                  className="font-semibold underline underline-offset-4"
                >
                  PDF
                </a>
                {invoice.ubl_url ? (
                  <a
                    href={invoice.ubl_url}
                    download
                    className="font-semibold underline underline-offset-4"
                  >
                    UBL
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-950">{label("payments")}</h3>
        {billing.payments.length === 0 ? (
          <p className="text-sm text-slate-600">{label("no_payments")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {billing.payments.map((payment) => (
              <li key={payment.cuid} className="flex flex-wrap gap-3 py-2">
                <span className="min-w-32 flex-1 font-mono">{payment.invoice_number}</span>
                <span>{label(`payment_statuses.${payment.status}`)}</span>
                <span>{platformDate(language, payment.paid_at ?? payment.created_at, true)}</span>
                <span className="tabular-nums">{money(payment.amount, payment.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
