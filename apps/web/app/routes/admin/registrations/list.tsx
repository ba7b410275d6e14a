import {
  type AdminActivityListItem,
  type AdminRegistrationList,
  type ListEnvelope,
  REGISTRATION_PAYMENT_STATES,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { ExportMenu } from "../../../components/admin/export-menu";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { SendMessageLink } from "../../../components/admin/notifications/manual-link";
import { PageHeader } from "../../../components/admin/page-header";
import { registrationListQuery } from "../../../components/admin/registrations/list-query";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { useRegistrationColumns } from "../../../components/admin/registrations/registration-columns";
import { PlusIcon, TicketIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { Can } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/list";

/**
 * Every registration of the organiser, newest first: searched (participant, customer,
 * reference), filtered by activity, period, payment state and cancellation, sorted by column.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "registrations.registrations.read");
  const url = new URL(args.request.url);
  const query = registrationListQuery(url);
  const [page, activities] = await Promise.all([
    readListPage(args.request, (paging) =>
      adminGet<AdminRegistrationList>(
        args,
        withQuery("/api/admin/registrations", { ...paging, ...query.params }),
      ),
    ),
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
    filters: query.params,
    activities: (activities?.data ?? []).map((activity) => ({
      value: activity.cuid,
      label: activity.title,
    })),
  };
}

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useRegistrationColumns({ showActivity: true });
  return (
    <>
      <PageHeader
        title={t("admin.registrations.title")}
        description={t("admin.registrations.description")}
        actions={
          <>
            <ExportMenu kind="registrations" />
            <SendMessageLink target={{ type: "REGISTRATIONS", filters: loaderData.filters }} />
            <Can permission="registrations.registrations.create">
              <ButtonLink to="/admin/registrations/new" data-testid="new-registration">
                <PlusIcon className="size-4" />
                {t("admin.registrations.new.open")}
              </ButtonLink>
            </Can>
          </>
        }
      />
      <DataTable
        caption={t("admin.registrations.title")}
        testId="registrations-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        sort={loaderData.sort}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.registrations.search")} param="q" />
            {loaderData.activities.length > 0 ? (
              <FilterSelect
                label={t("admin.registrations.filters.activity")}
                param="activity"
                allLabel={t("admin.registrations.filters.all_activities")}
                options={loaderData.activities}
              />
            ) : null}
            <FilterSelect
              label={t("admin.registrations.filters.payment")}
              param="payment"
              allLabel={t("admin.registrations.filters.all_payments")}
              options={REGISTRATION_PAYMENT_STATES.map((state) => ({
                value: state,
                label: t(`admin.registrations.payment_states.${state}`),
              }))}
            />
            <FilterSelect
              label={t("admin.registrations.filters.cancelled")}
              param="cancelled"
              allLabel={t("admin.registrations.filters.all_states")}
              options={[
                { value: "false", label: t("admin.registrations.filters.active_only") },
                { value: "true", label: t("admin.registrations.filters.cancelled_only") },
              ]}
            />
            <PeriodFilter />
            {loaderData.filtered ? (
              <Link
                to="/admin/registrations"
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.registrations.filters.reset")}
              </Link>
            ) : null}
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
