import type { AttendanceDayView } from "@booking/contracts";
import { Link } from "react-router";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/day";

/** The sessions of a day (today by default), to take attendance from a phone. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.attendances.read");
  const day = new URL(args.request.url).searchParams.get("day") ?? "";
  return adminGet<AttendanceDayView>(
    args,
    withQuery("/api/admin/attendance", { day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null }),
  );
}

export default function AttendanceDay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { day, sessions } = loaderData;
  const noon = `${day}T12:00:00Z`;
  const step =
    "inline-flex min-h-12 min-w-12 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <>
      <PageHeader
        title={t("admin.attendance.title")}
        description={t("admin.attendance.description")}
      />
      <nav aria-label={t("admin.attendance.days")} className="flex items-center gap-2">
        <Link
          to={`?day=${loaderData.previous_day}`}
          className={step}
          aria-label={t("admin.attendance.previous_day")}
        >
          <ChevronLeftIcon className="size-5" />
        </Link>
        <h2
          className="flex-1 text-center text-lg font-semibold text-slate-950 first-letter:uppercase"
          data-testid="attendance-day"
        >
          {format.fullDate(noon)}
        </h2>
        <Link
          to={`?day=${loaderData.next_day}`}
          className={step}
          aria-label={t("admin.attendance.next_day")}
        >
          <ChevronRightIcon className="size-5" />
        </Link>
      </nav>
      <Link
        to="/admin/attendance"
        className="self-center text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
      >
        {t("admin.attendance.today")}
      </Link>
      {sessions.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState icon={CalendarIcon} title={t("admin.attendance.no_sessions")} />
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="attendance-sessions">
          {sessions.map((session) => {
            const { counts } = session;
            const recorded = counts.present + counts.absent + counts.excused;
            return (
              <li key={session.date.cuid}>
                <Link
                  to={`/admin/availabilities/${encodeURIComponent(session.availability.cuid)}/dates/${encodeURIComponent(session.date.cuid)}/attendance`}
                  className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs hover:border-slate-400"
                >
                  <span className="w-16 shrink-0 text-lg font-bold text-slate-950 tabular-nums">
                    {format.time(session.date.start_at)}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold text-slate-950">
                      {session.availability.activity.title}
                    </span>
                    <span className="text-sm text-slate-600">
                      {[
                        format.timeRange(session.date.start_at, session.date.end_at),
                        session.availability.location,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                    <span className="text-sm text-slate-700">
                      {t("admin.attendance.summary", {
                        registered: counts.registered,
                        present: counts.present,
                        recorded,
                      })}
                    </span>
                  </span>
                  <ChevronRightIcon className="size-5 shrink-0 text-slate-500" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
