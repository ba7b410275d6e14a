import type { AvailabilityCalendarFeed } from "@booking/contracts";
import { useId } from "react";
import { useTranslation } from "../../i18n/react";
import { CalendarIcon } from "../icons";
import { inputClasses } from "../ui/field";

/**
 * An availability's calendar feed to subscribe to (decision 0093): the webcal:// link that
 * calendar apps open, and the https address to paste into the others (Google Agenda, Outlook on
 * the web). Shown to families on their registration and to staff in the console.
 */
export function CalendarSubscribeLinks({ feed }: { feed: AvailabilityCalendarFeed }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-3" data-testid="calendar-subscribe">
      <p className="text-sm text-slate-600">{t("registrations.calendar_feed.hint")}</p>
      <div>
        <a
          href={feed.webcal_url}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:border-slate-400"
          data-testid="calendar-subscribe-webcal"
        >
          <CalendarIcon className="size-4" aria-hidden="true" />
          {t("registrations.calendar_feed.subscribe")}
        </a>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {t("registrations.calendar_feed.address")}
        </label>
        <input
          id={id}
          readOnly
          value={feed.url}
          onFocus={(event) => event.target.select()}
          className={`${inputClasses(false)} py-2 font-mono text-xs`}
          data-testid="calendar-subscribe-url"
        />
      </div>
    </div>
  );
}
