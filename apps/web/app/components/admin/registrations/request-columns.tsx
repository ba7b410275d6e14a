import type { AdminRequestListItem } from "@booking/contracts";
import { ageInYears, registrationRequestTone } from "@booking/domain";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import type { DataTableColumn } from "../data-table";
import { StatusBadge } from "../status-badge";

export const requestHref = (cuid: string) =>
  `/admin/registrations/requests/${encodeURIComponent(cuid)}`;

/** A request's status in the colours of platform-and-account.md §4. */
export function RequestStatus({ status }: { status: AdminRequestListItem["status"] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={registrationRequestTone(status)} value={status} testId="request-status">
      {t(`admin.registration_requests.status.${status}`)}
    </StatusBadge>
  );
}

/** "3 places left", "full" or "no limit" of a requested session. */
export function PlacesLeft({ free }: { free: number | null }) {
  const { t } = useTranslation();
  if (free === null) {
    return (
      <span className="text-slate-500">{t("admin.registration_requests.places.unlimited")}</span>
    );
  }
  return free === 0 ? (
    <span className="font-medium text-red-700">{t("admin.registration_requests.places.full")}</span>
  ) : (
    <span className="text-slate-600">
      {t("admin.registration_requests.places.left", { count: free })}
    </span>
  );
}

/** The requested sessions in preference order, each with its places left. */
export function RequestedSessions({
  sessions,
}: {
  sessions: AdminRequestListItem["availabilities"];
}) {
  const format = useConsoleFormatters();
  return (
    <ol className="flex flex-col gap-1">
      {sessions.map((session) => (
        <li key={session.cuid} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-950">
            {session.preference}. {format.dateRange(session.start_at, session.end_at)}
          </span>
          <span className="text-xs">
            <PlacesLeft free={session.free_places} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The participant's age today in whole years, when the birthdate is known. */
export function useParticipantAge() {
  const { t } = useTranslation();
  const { session } = useConsole();
  const timeZone = session.organiser?.timezone;
  return (birthdate: string | null) =>
    birthdate === null
      ? null
      : t("admin.registration_requests.age", {
          count: ageInYears(birthdate, new Date(), timeZone),
        });
}

/** The columns of the requests queue: who, for what, which sessions, when, status. */
export function useRequestColumns(): DataTableColumn<AdminRequestListItem>[] {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const ageOf = useParticipantAge();
  const label = (key: string) => t(`admin.registration_requests.columns.${key}`);
  return [
    {
      id: "participant",
      header: label("participant"),
      cell: (row) => (
        <span className="flex flex-col">
          <Link
            to={requestHref(row.cuid)}
            className="font-medium text-slate-950 underline-offset-4 hover:underline"
          >
            {row.participant.fullname}
          </Link>
          <span className="text-xs text-slate-500">{ageOf(row.participant.birthdate)}</span>
        </span>
      ),
    },
    {
      id: "customer",
      header: label("customer"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.customer.fullname}</span>
          <span className="text-xs break-words text-slate-500">{row.customer.email}</span>
        </span>
      ),
    },
    {
      id: "activity",
      header: label("activity"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.activity.title}</span>
          {row.tier ? <span className="text-xs text-slate-500">{row.tier.name}</span> : null}
        </span>
      ),
    },
    {
      id: "sessions",
      header: label("sessions"),
      cell: (row) => <RequestedSessions sessions={row.availabilities} />,
    },
    {
      id: "created_at",
      header: label("requested_at"),
      sortable: true,
      cell: (row) => <span className="whitespace-nowrap">{format.dateTime(row.created_at)}</span>,
    },
    {
      id: "status",
      header: label("status"),
      cell: (row) => <RequestStatus status={row.status} />,
    },
  ];
}
