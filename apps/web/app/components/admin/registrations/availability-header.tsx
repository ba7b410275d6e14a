import type { AdminAvailabilitySummary } from "@booking/contracts";
import { clsx } from "clsx";
import { NavLink } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { PlusIcon } from "../../icons";
import { ButtonLink } from "../../ui/button";
import { PageHeader } from "../page-header";

export const availabilityPath = (cuid: string, tab: "registrations" | "waiting-list") =>
  `/admin/availabilities/${encodeURIComponent(cuid)}/${tab}`;

/**
 * The top of an availability's registration pages: its activity and period, its free places,
 * "register a customer" on it, and the tabs between its registrations and its waiting list.
 */
export function AvailabilityHeader({ availability }: { availability: AdminAvailabilitySummary }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const tabs = [
    {
      to: availabilityPath(availability.cuid, "registrations"),
      label: t("admin.registrations.availability.tabs.registrations"),
      visible: can("registrations.registrations.read"),
    },
    {
      to: availabilityPath(availability.cuid, "waiting-list"),
      label: t("admin.registrations.availability.tabs.waiting_list", {
        count: availability.waiting_list_count,
      }),
      visible: can("waiting_list.entries.read"),
    },
  ].filter((tab) => tab.visible);
  return (
    <>
      <PageHeader
        title={availability.activity.title}
        description={[
          format.dateRange(availability.start_at, availability.end_at),
          availability.free_places === null
            ? t("admin.registrations.availability.unlimited")
            : t("admin.registrations.availability.free_places", {
                count: availability.free_places,
              }),
        ].join(" · ")}
        back={{ to: "/admin/registrations", label: t("admin.registrations.title") }}
        actions={
          can("registrations.registrations.create") ? (
            <ButtonLink
              to={`/admin/registrations/new?availability=${encodeURIComponent(availability.cuid)}`}
            >
              <PlusIcon className="size-4" />
              {t("admin.registrations.new.open")}
            </ButtonLink>
          ) : null
        }
      />
      <nav
        aria-label={t("admin.registrations.availability.tabs.label")}
        className="-mb-2 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              clsx(
                "-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
                isActive
                  ? "border-accent text-slate-950"
                  : "border-transparent text-slate-600 hover:text-slate-950",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </>
  );
}
