import type { DashboardSession } from "@booking/contracts";
import { clsx } from "clsx";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { CheckCircleIcon, MapPinIcon, TicketIcon } from "../../icons";
import { buttonClasses } from "../../ui/button";
import { StatusBadge } from "../status-badge";

export const registrationsOf = (session: DashboardSession) =>
  `/admin/availabilities/${encodeURIComponent(session.availability_cuid)}/registrations`;
export const attendanceOf = (session: DashboardSession) =>
  `/admin/availabilities/${encodeURIComponent(session.availability_cuid)}/dates/${encodeURIComponent(session.cuid)}/attendance`;

/** The fill bar's colour: nearly full sessions stand out, full ones are done. */
function barColour(rate: number): string {
  if (rate >= 1) return "bg-emerald-600";
  if (rate >= 0.8) return "bg-amber-500";
  return "bg-sky-600";
}

/**
 * One session of the week: when, what, where, how full (registered / places and a bar), and the
 * two screens staff open from it: its registrations and, on the day, its attendance sheet.
 */
export function SessionRow({ session }: { session: DashboardSession }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const percent = new Intl.NumberFormat(format.locale, {
    style: "percent",
    maximumFractionDigits: 0,
  });
  const rate = session.fill_rate;
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 @2xl:flex-row @2xl:items-center @2xl:gap-4"
      data-testid="dashboard-session"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="w-28 shrink-0 pt-0.5 text-sm font-semibold whitespace-nowrap text-slate-950 tabular-nums">
          {format.timeRange(session.start_at, session.end_at)}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-slate-950">{session.activity.title}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {session.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-3.5" aria-hidden="true" />
                {session.location.title}
              </span>
            ) : null}
            {session.status === "CLOSED" ? (
              <StatusBadge tone="grey">{t("admin.dashboard.closed")}</StatusBadge>
            ) : null}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 @2xl:w-96 @2xl:shrink-0 @2xl:flex-nowrap">
        <div className="min-w-40 flex-1">
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold text-slate-950 tabular-nums">
              {session.capacity === null
                ? t("admin.dashboard.registered", { count: session.registered })
                : t("admin.dashboard.places", {
                    registered: session.registered,
                    capacity: session.capacity,
                  })}
            </span>
            {rate === null ? (
              <span className="text-slate-500">{t("admin.dashboard.unlimited")}</span>
            ) : (
              <span className="text-slate-600 tabular-nums">{percent.format(rate)}</span>
            )}
          </p>
          {rate === null ? null : (
            // The figures above say it; the bar only lets the eye compare sessions.
            <div
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
              aria-hidden="true"
            >
              <div
                className={clsx("h-full rounded-full", barColour(rate))}
                style={{ width: `${Math.min(rate, 1) * 100}%` }}
              />
            </div>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          {can("registrations.registrations.read") ? (
            <Link
              to={registrationsOf(session)}
              className={buttonClasses("secondary", "sm")}
              aria-label={t("admin.dashboard.registrations_of", { title: session.activity.title })}
              title={t("admin.dashboard.registrations")}
            >
              <TicketIcon className="size-4" />
              <span className="@2xl:sr-only">{t("admin.dashboard.registrations")}</span>
            </Link>
          ) : null}
          {can("registrations.attendances.read") ? (
            <Link
              to={attendanceOf(session)}
              className={buttonClasses("secondary", "sm")}
              aria-label={t("admin.dashboard.attendance_of", { title: session.activity.title })}
              title={t("admin.dashboard.attendance")}
            >
              <CheckCircleIcon className="size-4" />
              <span className="@2xl:sr-only">{t("admin.dashboard.attendance")}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
