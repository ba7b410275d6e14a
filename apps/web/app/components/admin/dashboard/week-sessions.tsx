import type { DashboardSession, DashboardView } from "@booking/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "../../../i18n/react";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { CalendarIcon } from "../../icons";
import { SessionRow } from "./session-row";

function byDay(sessions: readonly DashboardSession[]): Array<[string, DashboardSession[]]> {
  const days = new Map<string, DashboardSession[]>();
  for (const session of sessions) {
    days.set(session.day, [...(days.get(session.day) ?? []), session]);
  }
  return [...days];
}

function Day({ title, sessions }: { title: ReactNode; sessions: DashboardSession[] }) {
  return (
    <section className="@container overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
      <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800 first-letter:uppercase">
        {title}
      </h3>
      <ul className="divide-y divide-slate-100">
        {sessions.map((session) => (
          <SessionRow key={session.cuid} session={session} />
        ))}
      </ul>
    </section>
  );
}

/**
 * This week's sessions: today's first (what staff need now), then the days to come, then the
 * days already past, folded.
 */
export function WeekSessions({ dashboard }: { dashboard: DashboardView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dayTitle = (day: string) =>
    formatDay(day, language, { weekday: "long", day: "numeric", month: "long" });
  const { today } = dashboard;
  const todays = dashboard.sessions.filter((session) => session.day === today);
  const coming = byDay(dashboard.sessions.filter((session) => session.day > today));
  const past = byDay(dashboard.sessions.filter((session) => session.day < today));
  const hidden = dashboard.week.sessions - dashboard.sessions.length;

  return (
    <section aria-labelledby="week-sessions" className="flex flex-col gap-3">
      <h2 id="week-sessions" className="text-lg font-semibold text-slate-950">
        {t("admin.dashboard.sessions_title")}
      </h2>
      {todays.length > 0 ? (
        <Day title={t("admin.dashboard.today_title", { day: dayTitle(today) })} sessions={todays} />
      ) : (
        <p className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
          <CalendarIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("admin.dashboard.no_session_today")}
        </p>
      )}
      {coming.map(([day, sessions]) => (
        <Day key={day} title={dayTitle(day)} sessions={sessions} />
      ))}
      {past.length > 0 ? (
        <details className="group rounded-xl border border-slate-200 bg-white">
          <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-700 hover:text-slate-950">
            {t("admin.dashboard.earlier", {
              count: past.reduce((sum, [, sessions]) => sum + sessions.length, 0),
            })}
          </summary>
          <div className="flex flex-col gap-3 p-3 pt-0">
            {past.map(([day, sessions]) => (
              <Day key={day} title={dayTitle(day)} sessions={sessions} />
            ))}
          </div>
        </details>
      ) : null}
      {hidden > 0 ? (
        <p className="text-sm text-slate-600">
          {t("admin.dashboard.more_sessions", { count: hidden })}
        </p>
      ) : null}
    </section>
  );
}
