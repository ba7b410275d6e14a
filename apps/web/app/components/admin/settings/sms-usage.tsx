import type { SmsUsageView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { dateTimeFormat } from "../../../lib/format";
import { FormPanel } from "../form-panel";

/**
 * The organiser's SMS per month (SENT in the delivery log) and their cost at its unit amount per
 * part: what platform billing charges. Months are calendar months of the organiser's time zone.
 */
export function SmsUsagePanel({ usage }: { usage: SmsUsageView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const monthName = dateTimeFormat(format.locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const total = usage.months.reduce((sum, month) => sum + month.amount, 0);
  const label = (key: string) => t(`admin.settings.sms.${key}`);
  return (
    <FormPanel
      title={label("usage")}
      description={t("admin.settings.sms.usage_hint", { unit: format.money(usage.unit_amount) })}
      testId="sms-usage"
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {label("month")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {label("messages")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {label("segments")}
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                {label("amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {usage.months.map((month) => (
              <tr key={month.month} className={month.messages === 0 ? "text-slate-500" : undefined}>
                <th scope="row" className="py-2 pr-3 font-normal first-letter:uppercase">
                  {monthName.format(new Date(`${month.month}-15T12:00:00Z`))}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{month.messages}</td>
                <td className="px-3 py-2 text-right tabular-nums">{month.segments}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{format.money(month.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold text-slate-950">
            <tr>
              <th scope="row" colSpan={3} className="py-2 pr-3 text-left">
                {label("usage_total")}
              </th>
              <td className="py-2 pl-3 text-right tabular-nums">{format.money(total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </FormPanel>
  );
}
