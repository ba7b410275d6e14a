import type {
  AdminBookingConfigurationList,
  AdminBookingConfigurationView,
} from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { ResourcesTabs } from "../../../components/admin/resources/resources-tabs";
import { useRulesSummary } from "../../../components/admin/resources/rules-summary";
import { PlusIcon, SlidersIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/configurations";

/**
 * /admin/resources/configurations (issue 15 §3, decision 0071): how customers may book the
 * resources sharing each configuration.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bookings.configurations.read");
  return adminGet<AdminBookingConfigurationList>(args, "/api/admin/booking-configurations");
}

export default function BookingConfigurations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const summary = useRulesSummary();
  const columns: DataTableColumn<AdminBookingConfigurationView>[] = [
    {
      id: "name",
      header: t("admin.booking_configurations.name"),
      cell: (configuration) => (
        <Link
          to={`/admin/resources/configurations/${configuration.cuid}`}
          className="font-semibold text-slate-950 underline-offset-2 hover:underline"
        >
          {configuration.name}
        </Link>
      ),
    },
    {
      id: "rules",
      header: t("admin.booking_configurations.rules"),
      cell: summary,
    },
    {
      id: "resources",
      header: t("admin.booking_configurations.resources"),
      cell: (configuration) =>
        configuration.resources.length === 0
          ? t("admin.booking_configurations.no_resources")
          : configuration.resources.map((resource) => resource.name).join(", "),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.resources.tabs.label")}
        description={t("admin.booking_configurations.description")}
        actions={
          can("bookings.configurations.create") ? (
            <ButtonLink
              to="/admin/resources/configurations/new"
              data-testid="new-booking-configuration"
            >
              <PlusIcon className="size-4" />
              {t("admin.booking_configurations.new")}
            </ButtonLink>
          ) : null
        }
      />
      <ResourcesTabs />
      <DataTable
        caption={t("admin.resources.tabs.configurations")}
        testId="booking-configurations-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(configuration) => configuration.cuid}
        empty={<EmptyState icon={SlidersIcon} title={t("admin.booking_configurations.empty")} />}
      />
    </div>
  );
}
