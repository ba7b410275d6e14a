import { AccountCard } from "../../components/account/card";
import {
  accountItemSeo,
  cycleDaysLabel,
  durationLabel,
  itemPayment,
  loadAccountItem,
  pictureOf,
} from "../../components/account-items/data";
import { AccountItemPage, ItemSummaryCard, PaymentCard } from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { Description } from "../../components/catalogue/detail";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import { useTranslation } from "../../i18n/react";
import { descriptionHtml } from "../../lib/catalogue-data";
import { monthLabel } from "../../lib/format";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/attendance-charges-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.attendanceCharge(cuid),
  );
  const { format, language, t, storefront } = page;
  const { billing_cycle: cycle } = item;
  return {
    seo: accountItemSeo(context, params, request, "attendanceCharges", item.cuid),
    title: cycle.configuration.title,
    picture: pictureOf(cycle.configuration.images),
    description: descriptionHtml(cycle.configuration.description, language),
    month: monthLabel(format, storefront.organiser.timezone, cycle.start_at),
    days: cycleDaysLabel(format, cycle.start_at, cycle.end_at),
    items: item.items.map(({ cuid, amount, duration, registration_date: attended }) => ({
      cuid,
      date: format.fullDate(attended.date.start_at),
      participant: attended.registration.participant.fullname,
      presence: format.timeRange(attended.arrival, attended.departure),
      duration: durationLabel(duration, t),
      amount: format.money(amount),
    })),
    totals: {
      duration: durationLabel(item.totals.duration, t),
      amount: format.money(item.totals.amount),
    },
    ...itemPayment(format, item, { outstanding: item.amount_due }),
    reference: item.reference,
    bankTransfer: item.bank_transfer,
    // Charges issued before payment references existed (decision 0064) are paid by other means.
    paymentActions: item.reference
      ? paymentActionsData(page, {
          destination: { type: "ATTENDANCE_CHARGE", id: item.id },
          reference: item.reference,
          due: item.amount_due,
        })
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * An attendance charge (/account/attendance-charges/{cuid}, platform-and-account.md §2.3): its
 * billing cycle, what is billed and how, the table of items (date, participant, attendance,
 * amount) with the total duration and the total amount, and its payment: from the wallet,
 * online, or by bank transfer with the charge's own reference (decision 0064).
 */
export default function AttendanceCharge({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <AccountItemPage
      kind="attendanceCharges"
      title={data.title}
      subtitle={t("account_items.attendance.detail_subtitle", { month: data.month })}
      side={
        <PaymentCard badge={data.badge} amounts={data.amounts} reference={data.reference}>
          {data.paymentActions ? <PaymentActions data={data.paymentActions} /> : null}
        </PaymentCard>
      }
      summary={
        <ItemSummaryCard
          kind="attendanceCharges"
          picture={data.picture}
          title={data.title}
          badge={
            <p className="text-sm text-slate-700" data-testid="attendance-cycle">
              {t("account_items.attendance.cycle_label", { days: data.days })}
            </p>
          }
        >
          <Description html={data.description} />
        </ItemSummaryCard>
      }
      main={
        <AccountCard title={t("account_items.attendance.items", { count: data.items.length })}>
          {/* A table from 640 px; a list of rows on phones. */}
          <table
            className="hidden w-full border-collapse text-sm sm:table"
            data-testid="attendance-items"
          >
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("account_items.attendance.columns.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("account_items.attendance.columns.participant")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("account_items.attendance.columns.attendance")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("account_items.attendance.columns.amount")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((item) => (
                <tr key={item.cuid} data-testid="attendance-item">
                  <td className="py-2.5 pr-3 text-slate-900 first-letter:uppercase">{item.date}</td>
                  <td className="py-2.5 pr-3 text-slate-900">{item.participant}</td>
                  <td className="py-2.5 pr-3 text-slate-700">
                    <span className="whitespace-nowrap">{item.presence}</span>
                    <span className="text-slate-500"> · {item.duration}</span>
                  </td>
                  <td className="py-2.5 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {item.amount}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-200 font-semibold text-slate-950">
                <th scope="row" colSpan={2} className="pt-3 pr-3 text-left">
                  {t("account_items.attendance.total")}
                </th>
                <td className="pt-3 pr-3" data-testid="attendance-total-duration">
                  {data.totals.duration}
                </td>
                <td
                  className="pt-3 text-right whitespace-nowrap tabular-nums"
                  data-testid="attendance-total-amount"
                >
                  {data.totals.amount}
                </td>
              </tr>
            </tfoot>
          </table>

          <div className="sm:hidden" data-testid="attendance-items-mobile">
            <ul className="flex flex-col divide-y divide-slate-100">
              {data.items.map((item) => (
                <li key={item.cuid} className="flex justify-between gap-3 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900 first-letter:uppercase">{item.date}</p>
                    <p className="text-slate-700">{item.participant}</p>
                    <p className="text-slate-600">
                      {item.presence} · {item.duration}
                    </p>
                  </div>
                  <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {item.amount}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="mt-2 flex flex-col gap-1 border-t-2 border-slate-200 pt-3 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t("account_items.attendance.total_duration")}</dt>
                <dd className="font-semibold text-slate-950">{data.totals.duration}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{t("account_items.attendance.total_amount")}</dt>
                <dd className="font-semibold text-slate-950 tabular-nums">{data.totals.amount}</dd>
              </div>
            </dl>
          </div>
        </AccountCard>
      }
    >
      {data.bankTransfer ? <BankTransfer transfer={data.bankTransfer} format={format} /> : null}
    </AccountItemPage>
  );
}
