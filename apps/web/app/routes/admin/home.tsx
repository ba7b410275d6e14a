import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowRightIcon, MailIcon } from "../../components/icons";
import { PageTitle } from "../../components/page-title";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/home";

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const url = new URL(request.url);
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

/** The console landing of this release: the development tools and the demo storefronts. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <PageTitle title={t("admin.title")} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">{t("admin.title")}</h1>
      <p className="mt-3 max-w-2xl text-base text-slate-700">{t("admin.lead")}</p>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="tools"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
        >
          <h2 id="tools" className="text-lg font-semibold text-slate-950">
            {t("admin.tools_title")}
          </h2>
          {loaderData.outboxAvailable ? (
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
          ) : (
            <p className="mt-4 text-sm text-slate-700">{t("admin.smtp")}</p>
          )}
        </section>

        <section
          aria-labelledby="storefronts"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
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
    </div>
  );
}
