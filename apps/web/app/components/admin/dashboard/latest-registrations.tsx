import type { DashboardRegistration } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { fullName } from "../../../lib/admin/people";
import { TicketIcon } from "../../icons";
import { EmptyState } from "../empty-state";
import { StatusBadge } from "../status-badge";

/** The 10 latest registrations: who, for what, when; each opens its detail. */
export function LatestRegistrations({
  registrations,
}: {
  registrations: readonly DashboardRegistration[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const linked = can("registrations.registrations.read");

  return (
    <section aria-labelledby="latest-registrations" className="flex flex-col gap-3">
      <h2 id="latest-registrations" className="text-lg font-semibold text-slate-950">
        {t("admin.dashboard.latest_title")}
      </h2>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
        {registrations.length === 0 ? (
          <EmptyState icon={TicketIcon} title={t("admin.dashboard.no_registration")} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {registrations.map((registration) => {
              const who = fullName(registration.participant);
              return (
                <li
                  key={registration.cuid}
                  className="px-4 py-3"
                  data-testid="dashboard-registration"
                >
                  <p className="flex items-start justify-between gap-2">
                    {linked ? (
                      <Link
                        to={`/admin/registrations/${encodeURIComponent(registration.cuid)}`}
                        className="font-medium text-slate-950 underline-offset-4 hover:underline"
                      >
                        {who}
                      </Link>
                    ) : (
                      <span className="font-medium text-slate-950">{who}</span>
                    )}
                    {registration.cancelled ? (
                      <StatusBadge tone="red">{t("admin.dashboard.cancelled")}</StatusBadge>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-700">{registration.activity.title}</p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {t("admin.dashboard.registered_by", {
                      customer: fullName(registration.customer),
                      date: format.dateTime(registration.created_at),
                    })}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
