import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/admin/page-header";
import { ArrowRightIcon, MailIcon } from "../../components/icons";
import { useConsole } from "../../lib/admin/console";
import { requireConsole } from "../../lib/admin/loaders";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/home";

export function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  const admin = requireAdmin(args.context);
  const url = new URL(args.request.url);
  const port = url.port ? `:${url.port}` : "";
  const storefront = (slug: string) => `${url.protocol}//${slug}.${admin.platformDomain}${port}`;
  return {
    outboxAvailable: admin.outbox !== null,
    storefronts: [
      { key: "storefront_fr", url: storefront("demo") },
      { key: "storefront_en", url: storefront("demo-en") },
    ] as const,
  };
}

/** The console's home of this release: a greeting, the development tools and the demo storefronts. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session } = useConsole();
  return (
    <>
      <PageHeader
        title={t("admin.home.title", { name: session.collaborator.firstname })}
        description={session.organiser?.name}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="tools"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs"
        >
          <h2 id="tools" className="text-lg font-semibold text-slate-950">
            {t("admin.tools_title")}
          </h2>
          {loaderData.outboxAvailable ? (
            <>
              <p className="mt-1 text-sm text-slate-600">{t("admin.lead")}</p>
              <Link
                to="/admin/dev/outbox"
                className="group mt-4 flex items-start gap-4 rounded-xl border border-slate-200 p-4 hover:border-slate-300 hover:bg-slate-50"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
                  <MailIcon className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="flex items-center gap-2 font-semibold text-slate-950">
                    {t("admin.outbox_link")}
                    <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">
                    {t("admin.outbox_description")}
                  </span>
                </span>
              </Link>
            </>
          ) : (
            <p className="mt-4 text-sm text-slate-700">{t("admin.smtp")}</p>
          )}
        </section>

        <section
          aria-labelledby="storefronts"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs"
        >
          <h2 id="storefronts" className="text-lg font-semibold text-slate-950">
            {t("admin.storefronts_title")}
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {loaderData.storefronts.map((storefront) => (
              <li key={storefront.key} className="rounded-xl border border-slate-200 p-4">
                <p className="text-sm text-slate-700">{t(`admin.${storefront.key}`)}</p>
                <a
                  href={storefront.url}
                  className="mt-1 block font-mono text-sm font-semibold break-all text-accent-ink underline-offset-4 hover:underline"
                >
                  {storefront.url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
