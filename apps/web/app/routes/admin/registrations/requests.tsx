import {
  ADMIN_REQUEST_STATUSES,
  type AdminActivityListItem,
  type AdminRequestList,
  type ListEnvelope,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import { AgeFilter } from "../../../components/admin/registrations/age-filter";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { useRequestColumns } from "../../../components/admin/registrations/request-columns";
import { requestListQuery } from "../../../components/admin/registrations/request-list-query";
import { InboxIcon, LayersIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { Can } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/requests";

/**
 * The registration requests queue (issue 15 §1): PENDING ones first come, first served unless
 * another status is asked; searched, filtered by activity, tier, the participant's age and the
 * day of the request, all in the URL.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "registrations.requests.read");
  const query = requestListQuery(new URL(args.request.url));
  let tiers: AdminRequestList["tiers"] = [];
  const [page, activities] = await Promise.all([
    readListPage(args.request, async (paging) => {
      const list = await adminGet<AdminRequestList>(
        args,
        withQuery("/api/admin/registrations/requests", { ...paging, ...query.params }),
      );
      tiers = list.tiers;
      return list;
    }),
    hasPermission(session, "activities.activities.read")
      ? adminGet<ListEnvelope<AdminActivityListItem>>(
          args,
          "/api/admin/activities?page_size=100&sort=title",
        )
      : null,
  ]);
  return {
    ...page,
    sort: query.sort,
    filtered: query.filtered,
    tiers,
    activity: query.params.activity ?? null,
    activities: (activities?.data ?? []).map((activity) => ({
      value: activity.cuid,
      label: activity.title,
    })),
  };
}

export default function RegistrationRequests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useRequestColumns();
  const bulkHref = loaderData.activity
    ? `/admin/registrations/requests/bulk?activity=${encodeURIComponent(loaderData.activity)}`
    : "/admin/registrations/requests/bulk";
  return (
    <>
      <PageHeader
        title={t("admin.registration_requests.title")}
        description={t("admin.registration_requests.description")}
        actions={
          <Can permission="registrations.requests.update">
            <ButtonLink to={bulkHref} variant="secondary" data-testid="bulk-approval">
              <LayersIcon className="size-4" />
              {t("admin.registration_requests.bulk_open")}
            </ButtonLink>
          </Can>
        }
      />
      <DataTable
        caption={t("admin.registration_requests.title")}
        testId="requests-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.registration_requests.search")} param="q" />
            <FilterSelect
              label={t("admin.registration_requests.filters.status")}
              param="status"
              allLabel={t("admin.registration_requests.status.PENDING")}
              options={[...ADMIN_REQUEST_STATUSES.filter((s) => s !== "PENDING"), "ALL"].map(
                (status) => ({
                  value: status,
                  label: t(`admin.registration_requests.status.${status}`),
                }),
              )}
            />
            {loaderData.activities.length > 0 ? (
              <FilterSelect
                label={t("admin.registration_requests.filters.activity")}
                param="activity"
                allLabel={t("admin.registration_requests.filters.all_activities")}
                options={loaderData.activities}
              />
            ) : null}
            {loaderData.tiers.length > 0 ? (
              <FilterSelect
                label={t("admin.registration_requests.filters.tier")}
                param="tier"
                allLabel={t("admin.registration_requests.filters.all_tiers")}
                options={loaderData.tiers.map((tier) => ({ value: tier.cuid, label: tier.name }))}
              />
            ) : null}
            <AgeFilter />
            <PeriodFilter />
            {loaderData.filtered ? (
              <Link
                to="/admin/registrations/requests"
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.registration_requests.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={InboxIcon}
            title={t(
              loaderData.filtered
                ? "admin.registration_requests.empty_filtered"
                : "admin.registration_requests.empty",
            )}
          />
        }
      />
    </>
  );
}
