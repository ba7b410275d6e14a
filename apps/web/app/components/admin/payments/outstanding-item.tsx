import type { OutstandingItemView } from "@booking/contracts";
import { cycleMonthOf, localDay } from "@booking/domain";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { monthLabel } from "../../../lib/format";

/**
 * The console page of what an outstanding item is about (decision 0072): an attendance charge's
 * month on its activity's billing tab, a booking share's day on its resource's planning; an order
 * has no page of its own (its customer's is linked beside it).
 */
function subjectPath(item: OutstandingItemView, timeZone: string): string | null {
  if (!item.subject) return null;
  const { cuid, at } = item.subject;
  if (item.type === "ATTENDANCE_CHARGE") {
    const month = at ? `&month=${cycleMonthOf(at, timeZone)}` : "";
    return `/admin/activities/${cuid}?tab=attendance_billing${month}`;
  }
  const day = at ? `&from=${localDay(new Date(at), timeZone)}&days=1` : "";
  return `/admin/resources?resource=${cuid}${day}`;
}

/** What an outstanding row is owed for: its kind, reference and subject, linked to its page. */
export function OutstandingItem({ item }: { item: OutstandingItemView }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const timeZone = session.organiser?.timezone ?? "UTC";
  const path = subjectPath(item, timeZone);
  const when = !item.subject?.at
    ? null
    : item.type === "ATTENDANCE_CHARGE"
      ? monthLabel(format, timeZone, item.subject.at)
      : format.date(item.subject.at);
  return (
    <span className="flex flex-col" data-testid="outstanding-item" data-type={item.type}>
      <span className="text-xs font-medium text-slate-600">
        {t(`admin.payments.outstanding.types.${item.type}`)}
      </span>
      <span className="font-mono text-xs text-slate-950">
        {item.reference ?? t("admin.payments.outstanding.no_reference")}
      </span>
      {item.subject && path ? (
        <Link
          to={path}
          className="text-xs font-semibold text-accent-ink underline-offset-4 hover:underline"
        >
          {when ? `${item.subject.label} · ${when}` : item.subject.label}
        </Link>
      ) : null}
    </span>
  );
}
