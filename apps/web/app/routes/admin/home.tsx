import type { DashboardView, OnboardingView } from "@booking/contracts";
import { Link } from "react-router";
import { DashboardStats } from "../../components/admin/dashboard/dashboard-stats";
import { LatestRegistrations } from "../../components/admin/dashboard/latest-registrations";
import { OnboardingChecklist } from "../../components/admin/dashboard/onboarding-checklist";
import { WeekSessions } from "../../components/admin/dashboard/week-sessions";
import { PageHeader } from "../../components/admin/page-header";
import { ArrowRightIcon, MailIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { useConsole } from "../../lib/admin/console";
import { adminGet, requireConsole } from "../../lib/admin/loaders";
import { hasPermission } from "../../lib/admin/permissions";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/home";

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const admin = requireAdmin(args.context);
  const url = new URL(args.request.url);
  const port = url.port ? `:${url.port}` : "";
  const storefront = (slug: string) => `${url.protocol}//${slug}.${admin.platformDomain}${port}`;
  const dashboardReader = hasPermission(session, "reports.dashboard.read");
  const [dashboard, onboarding] = dashboardReader
    ? await Promise.all([
        adminGet<DashboardView>(args, "/api/admin/dashboard"),
        adminGet<OnboardingView>(args, "/api/admin/onboarding"),
      ])
    : [null, null];
  return {
    dashboard,
    onboarding,
    outboxAvailable: admin.outbox !== null,
    storefronts: [
      { key: "storefront_fr", url: storefront("demo") },
      { key: "storefront_en", url: storefront("demo-en") },
    ] as const,
  };
}

/**
 * The console's home: a new organiser's first steps until they are done, this week's sessions
 * and how full they are, the new registrations and what is still owed (for the roles that may
 * read the dashboard); in development, a corner with the outbox and the demo storefronts.
 */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const { dashboard, onboarding } = loaderData;
  return (
    <>
      <PageHeader
        title={t("admin.home.title", { name: session.collaborator.firstname })}
        description={session.organiser?.name}
      />
      {onboarding ? <OnboardingChecklist onboarding={onboarding} /> : null}
      {dashboard ? (
        <>
          <DashboardStats dashboard={dashboard} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <WeekSessions dashboard={dashboard} />
            <LatestRegistrations registrations={dashboard.registrations.latest} />
          </div>
        </>
      ) : null}
      {loaderData.outboxAvailable ? (
        <DevelopmentTools storefronts={loaderData.storefronts} />
      ) : null}
    </>
  );
}

function DevelopmentTools({
  storefronts,
}: {
  storefronts: ReadonlyArray<{ key: string; url: string }>;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="tools"
      className="rounded-xl border border-dashed border-slate-300 bg-white/60 p-4"
    >
      <h2 id="tools" className="text-sm font-semibold text-slate-700">
        {t("admin.tools_title")}
      </h2>
      <div className="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
        <Link
          to="/admin/dev/outbox"
          className="group inline-flex items-center gap-2 font-semibold text-slate-900 hover:text-accent-ink"
        >
          <MailIcon className="size-4" />
          {t("admin.outbox_link")}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
        {storefronts.map((storefront) => (
          <a
            key={storefront.key}
            href={storefront.url}
            className="font-mono text-xs break-all text-accent-ink underline-offset-4 hover:underline"
            title={t(`admin.${storefront.key}`)}
          >
            {storefront.url}
          </a>
        ))}
      </div>
    </section>
  );
}
