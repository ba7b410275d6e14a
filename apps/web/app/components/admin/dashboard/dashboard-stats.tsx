import type { DashboardView } from "@booking/contracts";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";

function Stat({
  label,
  value,
  detail,
  to,
  testId,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  /** the page with the details, when the collaborator may open it */
  to?: string;
  testId: string;
}) {
  const body = (
    <>
      <span className="text-sm font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold tracking-tight text-slate-950 tabular-nums">
        {value}
      </span>
      <span className="mt-1 block text-sm text-slate-600">{detail}</span>
    </>
  );
  const classes = "block rounded-xl border border-slate-200 bg-white p-4 shadow-xs";
  return to ? (
    <Link
      to={to}
      className={clsx(classes, "hover:border-slate-300 hover:bg-slate-50")}
      data-testid={testId}
    >
      {body}
    </Link>
  ) : (
    <div className={classes} data-testid={testId}>
      {body}
    </div>
  );
}

/**
 * The four figures of the home: today's sessions, how full the week is, the registrations of the
 * last 7 days against the 7 before, and what customers still owe.
 */
export function DashboardStats({ dashboard }: { dashboard: DashboardView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const percent = new Intl.NumberFormat(format.locale, {
    style: "percent",
    maximumFractionDigits: 0,
  });
  const todays = dashboard.sessions.filter((session) => session.day === dashboard.today);
  const { week, registrations, outstanding } = dashboard;
  const change = registrations.last_7_days - registrations.previous_7_days;

  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        testId="stat-today"
        label={t("admin.dashboard.stats.today")}
        value={String(todays.length)}
        detail={t("admin.dashboard.stats.today_detail", {
          count: todays.reduce((sum, session) => sum + session.registered, 0),
        })}
      />
      <Stat
        testId="stat-week"
        label={t("admin.dashboard.stats.week")}
        value={week.fill_rate === null ? "–" : percent.format(week.fill_rate)}
        detail={t("admin.dashboard.stats.week_detail", {
          count: week.sessions,
          registered: week.registered,
        })}
      />
      <Stat
        testId="stat-registrations"
        label={t("admin.dashboard.stats.registrations")}
        value={String(registrations.last_7_days)}
        detail={
          <span className={clsx(change > 0 && "text-emerald-700", change < 0 && "text-red-700")}>
            {t(
              change === 0
                ? "admin.dashboard.stats.same"
                : change > 0
                  ? "admin.dashboard.stats.more"
                  : "admin.dashboard.stats.fewer",
              { count: Math.abs(change) },
            )}
          </span>
        }
        to={can("registrations.registrations.read") ? "/admin/registrations" : undefined}
      />
      <Stat
        testId="stat-outstanding"
        label={t("admin.dashboard.stats.outstanding")}
        value={format.money(outstanding.amount_due)}
        detail={t("admin.dashboard.stats.outstanding_detail", { count: outstanding.carts })}
        to={can("payments.payments.read") ? "/admin/payments/outstanding" : undefined}
      />
    </div>
  );
}
