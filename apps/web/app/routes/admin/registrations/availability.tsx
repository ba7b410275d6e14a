import type { AdminAvailabilityRegistrations } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { AvailabilityHeader } from "../../../components/admin/registrations/availability-header";
import { registrationListQuery } from "../../../components/admin/registrations/list-query";
import { useRegistrationColumns } from "../../../components/admin/registrations/registration-columns";
import { TicketIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/availability";

/** An availability's registrations, with the places of each of its dates. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.registrations.read");
  const query = registrationListQuery(new URL(args.request.url));
  let availability: AdminAvailabilityRegistrations["availability"] | null = null;
  const page = await readListPage(args.request, async (paging) => {
    const answer = await adminGet<AdminAvailabilityRegistrations>(
      args,
      withQuery(`/api/admin/availabilities/${encodeURIComponent(args.params.cuid)}/registrations`, {
        ...paging,
        ...query.params,
      }),
    );
    availability = answer.availability;
    return answer;
  });
  return { ...page, availability: availability!, sort: query.sort, filtered: query.filtered };
}

export default function AvailabilityRegistrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns = useRegistrationColumns({ showActivity: false });
  const { availability } = loaderData;
  return (
    <>
      <AvailabilityHeader availability={availability} />
      <section aria-labelledby="dates-heading" className="flex flex-col gap-2">
        <h2 id="dates-heading" className="text-sm font-semibold text-slate-700">
          {t("admin.registrations.availability.dates")}
        </h2>
        <ul className="flex gap-2 overflow-x-auto pb-1" data-testid="availability-dates">
          {availability.dates.map((date) => {
            const places = (
              <>
                <span className="font-medium text-slate-950">{format.date(date.start_at)}</span>
                <span className="text-xs text-slate-600">
                  {format.timeRange(date.start_at, date.end_at)}
                </span>
                <span className="text-xs text-slate-700">
                  {date.capacity === null
                    ? t("admin.registrations.availability.registered", { count: date.registered })
                    : t("admin.registrations.availability.places", {
                        registered: date.registered,
                        capacity: date.capacity,
                      })}
                  {date.held > 0
                    ? ` · ${t("admin.registrations.availability.held", { count: date.held })}`
                    : ""}
                </span>
              </>
            );
            const box =
              "flex min-w-36 flex-col rounded-lg border border-slate-200 bg-white px-3 py-2";
            return (
              <li key={date.cuid}>
                {can("registrations.attendances.read") ? (
                  <Link
                    to={`/admin/availabilities/${encodeURIComponent(availability.cuid)}/dates/${encodeURIComponent(date.cuid)}/attendance`}
                    className={`${box} hover:border-slate-400`}
                    aria-label={t("admin.attendance.open_sheet", {
                      date: format.dateTime(date.start_at),
                    })}
                  >
                    {places}
                  </Link>
                ) : (
                  <div className={box}>{places}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <DataTable
        caption={t("admin.registrations.title")}
        testId="availability-registrations-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.registrations.search")} param="q" />
            <FilterSelect
              label={t("admin.registrations.filters.cancelled")}
              param="cancelled"
              allLabel={t("admin.registrations.filters.all_states")}
              options={[
                { value: "false", label: t("admin.registrations.filters.active_only") },
                { value: "true", label: t("admin.registrations.filters.cancelled_only") },
              ]}
            />
          </>
        }
        empty={
          <EmptyState
            icon={TicketIcon}
            title={t(
              loaderData.filtered
                ? "admin.registrations.empty_filtered"
                : "admin.registrations.empty",
            )}
          />
        }
      />
    </>
  );
}
