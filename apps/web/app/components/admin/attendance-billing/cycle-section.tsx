import type { AttendanceCycleChargeView, AttendanceCycleView } from "@booking/contracts";
import {
  attendanceChargeAmountDue,
  hoursAndMinutes,
  monthlyCycleBounds,
  toMinorUnits,
} from "@booking/domain";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { attendanceBillingApi } from "../../../lib/admin/attendance-billing-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { monthLabel } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { AmountField, amountText } from "../payments/amount-field";
import { TransferDialog } from "../payments/transfer-dialog";
import { StatusBadge } from "../status-badge";

/** "2 h 05" / "45 min". */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { hours, minutes } = hoursAndMinutes(seconds);
    return hours === 0
      ? t("admin.attendance_billing.minutes", { minutes })
      : t("admin.attendance_billing.hours", { hours, minutes: String(minutes).padStart(2, "0") });
  };
}

/**
 * A month of an activity's attendance billing: before issue, the preview of what the attendance
 * sheets bill (one charge per family) and the button that issues it once the month has ended;
 * after, the charges as issued, each item's amount adjustable with a reason.
 */
export function CycleSection({
  activityCuid,
  cycle,
  monthsToIssue,
}: {
  activityCuid: string;
  cycle: AttendanceCycleView;
  /** the ended months not issued yet, oldest first: staff may issue any of them */
  monthsToIssue: string[];
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const duration = useDuration();
  const issue = useAdminMutation(() => attendanceBillingApi.issue(activityCuid, cycle.month), {
    success: t("admin.attendance_billing.issued_done", { count: cycle.charges.length }),
  });
  const { can, session } = useConsole();
  const timeZone = session.organiser?.timezone ?? "UTC";
  const month = monthLabel(format, timeZone, cycle.start_at);
  const issued = cycle.issued_at !== null;
  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="attendance-cycle"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-950 first-letter:uppercase">
            {monthLabel(format, timeZone, cycle.start_at)}
          </h2>
          <p className="text-sm text-slate-700" data-testid="cycle-state">
            {issued ? (
              <StatusBadge tone="green">
                {t("admin.attendance_billing.issued_on", { date: format.date(cycle.issued_at!) })}
              </StatusBadge>
            ) : cycle.ended ? (
              <StatusBadge tone="blue">{t("admin.attendance_billing.preview")}</StatusBadge>
            ) : (
              <StatusBadge tone="grey">{t("admin.attendance_billing.running")}</StatusBadge>
            )}
          </p>
        </div>
        <nav className="flex gap-2" aria-label={t("admin.attendance_billing.months")}>
          <Link
            to={`?tab=attendance_billing&month=${cycle.previous_month}`}
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold"
            data-testid="cycle-previous"
          >
            {t("admin.attendance_billing.previous_month")}
          </Link>
          <Link
            to={`?tab=attendance_billing&month=${cycle.next_month}`}
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold"
            data-testid="cycle-next"
          >
            {t("admin.attendance_billing.next_month")}
          </Link>
        </nav>
      </div>
      <MonthsToIssue months={monthsToIssue} current={cycle.month} />
      <p className="text-sm text-slate-800" data-testid="cycle-totals">
        {t("admin.attendance_billing.totals", {
          count: cycle.charges.length,
          duration: duration(cycle.totals.duration),
          amount: format.money(cycle.totals.amount),
          paid: format.money(cycle.totals.paid),
        })}
      </p>
      {!issued && cycle.ended && can("activities.attendance_billing.create") ? (
        <div>
          <Button onClick={() => issue.mutate()} disabled={issue.pending} data-testid="cycle-issue">
            {t("admin.attendance_billing.issue", { month })}
          </Button>
          <p className="mt-1 text-sm text-slate-600">{t("admin.attendance_billing.issue_hint")}</p>
        </div>
      ) : null}
      {cycle.charges.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.attendance_billing.no_presence")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {cycle.charges.map((charge) => (
            <ChargeCard key={charge.cuid ?? charge.customer.cuid} charge={charge} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Links to the ended months not issued yet (the job catches up with them too, hourly). */
function MonthsToIssue({ months, current }: { months: string[]; current: string }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { session } = useConsole();
  const timeZone = session.organiser?.timezone ?? "UTC";
  if (months.length === 0) return null;
  return (
    <nav
      className="flex flex-wrap items-center gap-2 text-sm"
      aria-label={t("admin.attendance_billing.months_to_issue")}
      data-testid="months-to-issue"
    >
      <span className="text-slate-700">{t("admin.attendance_billing.months_to_issue")}</span>
      {months.map((month) => (
        <Link
          key={month}
          to={`?tab=attendance_billing&month=${month}`}
          preventScrollReset
          aria-current={month === current ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-lg border border-amber-300 bg-amber-50 px-3 font-semibold text-amber-900 first-letter:uppercase aria-[current=page]:bg-amber-200"
        >
          {monthLabel(format, timeZone, monthlyCycleBounds(month, timeZone).start.toISOString())}
        </Link>
      ))}
    </nav>
  );
}

function ChargeCard({ charge }: { charge: AttendanceCycleChargeView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const duration = useDuration();
  const adjustable = charge.cuid !== null && can("activities.attendance_billing.update");
  const due = attendanceChargeAmountDue({ total: charge.total_amount, paid: charge.paid_amount });
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="cycle-charge">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-950">
          {charge.customer.fullname}
          {charge.reference ? (
            <span className="ml-2 text-xs font-normal text-slate-600">{charge.reference}</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-800 tabular-nums" data-testid="charge-total">
          {duration(charge.total_duration)} · {format.money(charge.total_amount)}
          {charge.paid_amount > 0
            ? ` · ${t("admin.attendance_billing.paid", { amount: format.money(charge.paid_amount) })}`
            : ""}
        </p>
        {charge.cuid && charge.reference && due > 0 && can("bank.transfers.create") ? (
          <TransferDialog
            target={{
              type: "ATTENDANCE_CHARGE",
              cuid: charge.cuid,
              reference: charge.reference,
              amount_due: due,
              customer: charge.customer.fullname,
            }}
          />
        ) : null}
      </div>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {charge.items.map((item) => (
          <li
            key={item.cuid ?? `${item.date.cuid}-${item.participant.cuid}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-testid="cycle-item"
          >
            <span className="min-w-0">
              <span className="font-medium text-slate-900 first-letter:uppercase">
                {format.fullDate(item.date.start_at)}
              </span>
              <span className="text-slate-700"> · {item.participant.fullname} · </span>
              <span className="whitespace-nowrap text-slate-600">
                {format.timeRange(item.arrived_at, item.departed_at)} ({duration(item.duration)})
              </span>
            </span>
            {adjustable && item.cuid ? (
              <AdjustItem chargeCuid={charge.cuid!} itemCuid={item.cuid} amount={item.amount} />
            ) : (
              <span className="tabular-nums text-slate-900">{format.money(item.amount)}</span>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

function AdjustItem({
  chargeCuid,
  itemCuid,
  amount,
}: {
  chargeCuid: string;
  itemCuid: string;
  amount: number;
}) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const language = useLanguage();
  const format = useConsoleFormatters();
  const currency = session.organiser?.currency ?? "EUR";
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(amountText(amount, currency, language));
  const [note, setNote] = useState("");
  const adjust = useAdminMutation(
    (body: { amount: number; note: string }) =>
      attendanceBillingApi.adjust(chargeCuid, itemCuid, body),
    { success: t("admin.attendance_billing.adjusted") },
  );
  if (!open) {
    return (
      <span className="flex items-center gap-2">
        <span className="tabular-nums text-slate-900">{format.money(amount)}</span>
        <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="item-adjust">
          {t("admin.attendance_billing.adjust")}
        </Button>
      </span>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let minor: number;
    try {
      minor = toMinorUnits(value.trim(), currency);
    } catch {
      return;
    }
    const outcome = await adjust.mutate({ amount: minor, note: note.trim() });
    if (outcome.ok) setOpen(false);
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
      <AmountField
        label={t("admin.attendance_billing.item_amount")}
        value={value}
        onChange={setValue}
        currency={currency}
        testId="item-amount"
      />
      <TextField
        name="note"
        label={t("admin.attendance_billing.adjust_note")}
        value={note}
        required
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
        data-testid="item-note"
      />
      <Button type="submit" size="sm" disabled={adjust.pending} data-testid="item-save">
        {t("admin.attendance_billing.save")}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        {t("admin.attendance_billing.cancel")}
      </Button>
    </form>
  );
}
