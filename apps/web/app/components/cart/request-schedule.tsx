import {
  type RequestSelectionFeedback,
  type RequestTierBounds,
  requestSelectionFeedback,
  requestSelectionWording,
} from "@booking/domain/registration-request-selection";
import { clsx } from "clsx";
import { useTranslation } from "../../i18n/react";
import type { RequestPageData } from "../../lib/request-page";
import { CalendarIcon } from "../icons";

type Session = RequestPageData["sessions"][number];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The activity's sessions as a week, Monday first (storefront.md §2, §9): a column per weekday
 * on wide screens, the days that have sessions one under the other on small ones; each session
 * a checkbox.
 */
export function RequestSchedule({
  sessions,
  selected,
  onToggle,
}: {
  sessions: readonly Session[];
  selected: readonly string[];
  onToggle: (cuid: string) => void;
}) {
  const { t } = useTranslation();
  const days = WEEKDAYS.map((weekday) => ({
    weekday,
    sessions: sessions.filter((session) => session.weekday === weekday),
  }));
  return (
    <fieldset className="min-w-0">
      <legend className="text-xl font-semibold text-slate-950">{t("requests.schedule")}</legend>
      <ol className="mt-4 grid gap-3 lg:grid-cols-7" data-testid="request-schedule">
        {days.map((day) => (
          <li
            key={day.weekday}
            className={clsx(
              "flex min-w-0 flex-col gap-2",
              day.sessions.length === 0 && "max-lg:hidden",
            )}
          >
            <h3 className="text-sm font-semibold text-slate-700">
              {t(`requests.weekdays.${day.weekday}`)}
            </h3>
            {day.sessions.map((session) => (
              <SessionChoice
                key={session.cuid}
                session={session}
                checked={selected.includes(session.cuid)}
                onToggle={onToggle}
              />
            ))}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

function SessionChoice({
  session,
  checked,
  onToggle,
}: {
  session: Session;
  checked: boolean;
  onToggle: (cuid: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label
      data-testid="request-session"
      className={clsx(
        // In the week's narrow columns the box sits above the text, which keeps its width.
        "flex cursor-pointer items-start gap-2 rounded-xl border p-3 text-sm shadow-sm lg:flex-col lg:p-2",
        checked ? "border-accent bg-accent/10" : "border-slate-200 bg-white hover:border-slate-300",
      )}
    >
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-current"
        checked={checked}
        onChange={() => onToggle(session.cuid)}
        value={session.cuid}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold whitespace-nowrap text-slate-950">
          <span className="lg:sr-only">{session.weekdayLabel} </span>
          {session.time}
        </span>
        {session.location ? <span className="text-slate-700">{session.location}</span> : null}
        <span className="flex items-center gap-1 text-slate-600">
          <CalendarIcon className="size-3.5 shrink-0" />
          {t("requests.dates_count", { count: session.datesCount })}
        </span>
        {session.full ? (
          <span className="font-medium text-red-800">{t("requests.full")}</span>
        ) : null}
      </span>
    </label>
  );
}

const TONES: Record<RequestSelectionFeedback, string> = {
  too_few: "border-sky-200 bg-sky-50 text-sky-950",
  valid: "border-emerald-200 bg-emerald-50 text-emerald-950",
  too_many: "border-red-200 bg-red-50 text-red-900",
};

/** too_few, valid or too_many, worded for a fixed number of sessions or an interval. */
export function RequestFeedback({ count, tier }: { count: number; tier: RequestTierBounds }) {
  const { t } = useTranslation();
  const feedback = requestSelectionFeedback(count, tier);
  const wording = requestSelectionWording(tier);
  return (
    <p
      role="status"
      data-testid="request-feedback"
      data-feedback={feedback}
      className={clsx("rounded-xl border px-3 py-2 text-sm font-medium", TONES[feedback])}
    >
      {t(`requests.feedback.${wording}.${feedback}`, {
        // The plural follows the number the sentence counts sessions by.
        count:
          feedback === "valid"
            ? count
            : feedback === "too_few"
              ? tier.minimum_availabilities
              : tier.maximum_availabilities,
        chosen: count,
        minimum: tier.minimum_availabilities,
        maximum: tier.maximum_availabilities,
        missing: tier.minimum_availabilities - count,
        extra: count - tier.maximum_availabilities,
      })}
    </p>
  );
}
