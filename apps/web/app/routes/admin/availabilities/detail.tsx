import type {
  AdminAvailabilityFormChoices,
  AdminAvailabilityView,
  AvailabilityAutomaticCancellationView,
  AvailabilityCalendarFeed,
  AvailabilityStaffView,
} from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AutomaticCancellationSection } from "../../../components/admin/availabilities/automatic-cancellation-section";
import { AvailabilityActions } from "../../../components/admin/availabilities/availability-actions";
import { CalendarFeedSection } from "../../../components/admin/availabilities/calendar-feed-section";
import { DatesSection } from "../../../components/admin/availabilities/dates-section";
import { activityAvailabilitiesPath } from "../../../components/admin/availabilities/paths";
import { AvailabilitySettingsForm } from "../../../components/admin/availabilities/settings-form";
import { StaffSection } from "../../../components/admin/availabilities/staff-section";
import { AvailabilityStatusBadge } from "../../../components/admin/availabilities/status-badge";
import { PageHeader } from "../../../components/admin/page-header";
import { ExternalLinkIcon, TicketIcon, UsersIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/detail";

/**
 * /admin/availabilities/:cuid: the availability with its dates and staff, and what its form
 * offers.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "availabilities.availabilities.read");
  const cuid = encodeURIComponent(args.params.cuid);
  const readsRule = hasPermission(session, "availabilities.automatic_cancellations.read");
  const [availability, choices, staff, rule, feed] = await Promise.all([
    adminGet<AdminAvailabilityView>(args, `/api/admin/availabilities/${cuid}`),
    adminGet<AdminAvailabilityFormChoices>(args, "/api/admin/availabilities/choices"),
    adminGet<AvailabilityStaffView>(args, `/api/admin/availabilities/${cuid}/staff`),
    readsRule
      ? adminGet<AvailabilityAutomaticCancellationView>(
          args,
          `/api/admin/availabilities/${cuid}/automatic-cancellation`,
        )
      : null,
    adminGet<AvailabilityCalendarFeed>(args, `/api/admin/availabilities/${cuid}/calendar-feed`),
  ]);
  return { availability, choices, staff, rule, feed };
}

/**
 * One availability: its status and actions (close, reopen, duplicate, delete), where its
 * registrations and waiting list are, its dates, its staff and its settings.
 */
export default function AvailabilityDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session, can } = useConsole();
  const format = useConsoleFormatters();
  const { availability, choices, staff, rule, feed } = loaderData;
  const storefront = session.organiser?.storefront_url;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={availability.activity.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <AvailabilityStatusBadge status={availability.status} />
            <span>
              {format.date(availability.start_at)} – {format.date(availability.end_at)} ·{" "}
              {t("admin.availabilities.dates_count", { count: availability.dates_count })}
              {availability.location ? ` · ${availability.location.title}` : ""}
            </span>
          </span>
        }
        back={{
          to: activityAvailabilitiesPath(availability.activity.cuid),
          label: t("admin.availabilities.back_to_activity_availabilities"),
        }}
        actions={<AvailabilityActions availability={availability} />}
      />

      <nav aria-label={t("admin.availabilities.related")} className="flex flex-wrap gap-2 text-sm">
        {can("registrations.registrations.read") ? (
          <RelatedLink to={`/admin/availabilities/${availability.cuid}/registrations`}>
            <TicketIcon className="size-4" />
            {t("admin.availabilities.registrations", { count: availability.registrations_count })}
          </RelatedLink>
        ) : null}
        {can("waiting_list.entries.read") ? (
          <RelatedLink to={`/admin/availabilities/${availability.cuid}/waiting-list`}>
            <UsersIcon className="size-4" />
            {t("admin.availabilities.waiting_list")}
          </RelatedLink>
        ) : null}
        {storefront ? (
          <a
            href={`${storefront}/availabilities/${availability.cuid}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 py-1.5 font-medium text-slate-700 hover:border-slate-300 hover:text-slate-950"
          >
            <ExternalLinkIcon className="size-4" />
            {t("admin.availabilities.on_storefront")}
          </a>
        ) : null}
      </nav>

      <DatesSection availability={availability} patterns={choices.date_configurations} />
      <StaffSection availabilityCuid={availability.cuid} staff={staff} />
      <CalendarFeedSection availabilityCuid={availability.cuid} feed={feed} />
      {rule ? (
        <AutomaticCancellationSection
          key={JSON.stringify(rule)}
          availabilityCuid={availability.cuid}
          rule={rule.automatic_cancellation}
        />
      ) : null}
      <AvailabilitySettingsForm availability={availability} choices={choices} />
    </div>
  );
}

function RelatedLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 py-1.5 font-medium text-slate-700 hover:border-slate-300 hover:text-slate-950"
    >
      {children}
    </Link>
  );
}
