import { DEFAULT_SMS_UNIT_AMOUNT, smsCost, smsLength } from "@booking/domain/sms";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";

/**
 * What an SMS body costs before it is sent, as the provider counts it (@booking/domain/sms):
 * characters, parts (160 GSM-7 characters, 70 once one needs UCS-2, 153/67 per part when split),
 * encoding and cost at the organiser's SMS unit amount; with `recipients`, the total too. Put its
 * `id` in the text field's aria-describedby so that screen readers read it with the field.
 */
export function SmsCounter({
  body,
  id,
  unitAmount = DEFAULT_SMS_UNIT_AMOUNT,
  recipients,
}: {
  body: string;
  id?: string;
  /** minor units per SMS part (the organiser's billing; §9 default 15) */
  unitAmount?: number;
  /** how many people receive it: adds the total cost */
  recipients?: number;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const length = smsLength(body);
  const cost = smsCost(length.segments, unitAmount);
  return (
    <div id={id} className="flex flex-col gap-0.5 text-sm text-slate-600" data-testid="sms-counter">
      <p aria-live="polite">
        {t("admin.sms.counter", {
          characters: length.characters,
          count: length.segments,
          encoding: length.encoding,
          cost: format.money(cost),
        })}
        {recipients !== undefined && recipients > 1
          ? ` · ${t("admin.sms.counter_total", { cost: format.money(cost * recipients), count: recipients })}`
          : null}
      </p>
      <p className="text-xs text-slate-500">
        {t("admin.sms.counter_remaining", { count: length.remaining })}
        {length.encoding === "UCS-2" ? ` ${t("admin.sms.counter_unicode")}` : null}
      </p>
    </div>
  );
}
