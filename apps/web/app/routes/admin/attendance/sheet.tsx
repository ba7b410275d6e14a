import {
  ATTENDANCE_STATUSES,
  type AttendanceSheetView,
  type AttendanceStatusValue,
  type RecordAttendanceBody,
} from "@booking/contracts";
import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PresenceTimes } from "../../../components/admin/attendance-billing/presence-times";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { TagChip } from "../../../components/admin/tags/tag-chip";
import { ChevronLeftIcon, ChevronRightIcon, UsersIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import type { Route } from "./+types/sheet";

/** A session's participants, to mark present, absent or excused. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.attendances.read");
  const { cuid, date } = args.params;
  return adminGet<AttendanceSheetView>(
    args,
    `/api/admin/availabilities/${encodeURIComponent(cuid)}/dates/${encodeURIComponent(date)}/attendance`,
  );
}

const TONES: Record<AttendanceStatusValue, string> = {
  PRESENT: "bg-emerald-600 text-white ring-emerald-700",
  ABSENT: "bg-red-600 text-white ring-red-700",
  EXCUSED: "bg-amber-400 text-slate-950 ring-amber-500",
};

/**
 * Phone first: one row per participant with three big toggles; a tap saves at once (a second tap
 * on the chosen one clears it), "everyone else present" marks the rest. Steps to the
 * availability's previous and next dates. Where the activity bills the time present, arrival and
 * departure too: "arrived now", "left now", then the times, editable (decision 0064).
 */
export default function AttendanceSheet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const [sheet, setSheet] = useState(loaderData);
  useEffect(() => setSheet(loaderData), [loaderData]);
  const editable = can("registrations.attendances.register");
  const { availability, date } = sheet;
  const { mutate, pending } = useAdminMutation(
    (entries: RecordAttendanceBody["entries"]) =>
      registrationsApi.recordAttendance(availability.cuid, date.cuid, { entries }),
    { revalidate: false },
  );
  async function record(entries: RecordAttendanceBody["entries"]) {
    const previous = sheet;
    const changes = new Map(entries.map(({ registration, ...change }) => [registration, change]));
    setSheet({
      ...sheet,
      entries: sheet.entries.map((entry) =>
        changes.has(entry.registration) ? { ...entry, ...changes.get(entry.registration)! } : entry,
      ),
    });
    const outcome = await mutate(entries);
    setSheet(outcome.ok ? outcome.value : previous);
  }
  const unmarked = sheet.entries.filter((entry) => entry.attendance === null);
  const sheetHref = (dateCuid: string) =>
    `/admin/availabilities/${encodeURIComponent(availability.cuid)}/dates/${encodeURIComponent(dateCuid)}/attendance`;
  const step =
    "inline-flex min-h-12 min-w-12 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";

  return (
    <>
      <PageHeader
        title={availability.activity.title}
        description={`${format.dateRange(date.start_at, date.end_at)}${availability.location ? ` · ${availability.location}` : ""}`}
        back={{ to: "/admin/attendance", label: t("admin.attendance.title") }}
      />
      <div className="flex items-center gap-2">
        {sheet.previous_date ? (
          <Link
            to={sheetHref(sheet.previous_date)}
            className={step}
            aria-label={t("admin.attendance.previous_date")}
          >
            <ChevronLeftIcon className="size-5" />
          </Link>
        ) : null}
        <p
          className="flex-1 text-center text-sm text-slate-700"
          aria-live="polite"
          data-testid="attendance-counts"
        >
          {t("admin.attendance.counts", sheet.counts)}
        </p>
        {sheet.next_date ? (
          <Link
            to={sheetHref(sheet.next_date)}
            className={step}
            aria-label={t("admin.attendance.next_date")}
          >
            <ChevronRightIcon className="size-5" />
          </Link>
        ) : null}
      </div>
      {editable && unmarked.length > 0 ? (
        <Button
          size="lg"
          variant="secondary"
          disabled={pending}
          onClick={() =>
            record(
              unmarked.map((entry) => ({
                registration: entry.registration,
                attendance: "PRESENT",
              })),
            )
          }
        >
          {t("admin.attendance.all_present", { count: unmarked.length })}
        </Button>
      ) : null}
      {sheet.entries.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState icon={UsersIcon} title={t("admin.attendance.no_participants")} />
        </div>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="attendance-sheet">
          {sheet.entries.map((entry) => (
            <li
              key={entry.registration}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:flex-row sm:flex-wrap sm:items-center"
              data-testid="attendance-entry"
            >
              <div className="min-w-0 flex-1">
                <p className="text-base font-semibold text-slate-950">
                  {entry.participant.fullname}
                </p>
                <p className="text-sm text-slate-600">
                  {entry.customer.fullname} ·{" "}
                  <a
                    href={`tel:${entry.customer.phone}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {entry.customer.phone}
                  </a>
                </p>
                {entry.badges.length > 0 ? (
                  <ul
                    className="mt-1 flex flex-wrap gap-1"
                    aria-label={t("admin.badges.of", { name: entry.participant.fullname })}
                  >
                    {entry.badges.map((badge) => (
                      <li key={badge.cuid}>
                        <TagChip name={`${badge.list} : ${badge.label}`} color={badge.color} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <fieldset className="grid grid-cols-3 gap-2 sm:w-96">
                <legend className="sr-only">
                  {t("admin.attendance.mark", { name: entry.participant.fullname })}
                </legend>
                {ATTENDANCE_STATUSES.map((status) => {
                  const chosen = entry.attendance === status;
                  return (
                    <button
                      key={status}
                      type="button"
                      disabled={!editable}
                      aria-pressed={chosen}
                      onClick={() =>
                        record([
                          { registration: entry.registration, attendance: chosen ? null : status },
                        ])
                      }
                      className={clsx(
                        "min-h-12 rounded-xl px-2 text-sm font-semibold ring-1 transition-colors disabled:cursor-not-allowed",
                        chosen
                          ? TONES[status]
                          : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50",
                      )}
                    >
                      {t(`admin.attendance.states.${status}`)}
                    </button>
                  );
                })}
              </fieldset>
              {sheet.records_times &&
              entry.attendance !== "ABSENT" &&
              entry.attendance !== "EXCUSED" ? (
                <PresenceTimes
                  entry={entry}
                  session={date}
                  disabled={!editable || pending}
                  onChange={(change) => record([{ registration: entry.registration, ...change }])}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
