import { lazy } from "react";
import { AvailabilityLayout } from "../../components/catalogue/availability-layout";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { shortAvailabilityPage } from "../../lib/availability-page";
import { platformHome } from "../../lib/platform-page";
import { useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { notFound, requireStorefront } from "../../lib/server-context";
import { loadStoredPage, pageToRender, storedPagePath } from "../../lib/stored-page";
import { simplePageSeo } from "../../lib/storefront-page";
import { PageElements } from "../../sections/render";
import type { Route } from "./+types/home";

/**
 * The home page: the organiser's stored page at "/" when there is one, the welcome page otherwise.
 * `/catalogue` also lands here (it matches `/:lang` with lang "catalogue"): the stored page at that
 * path, else the availability whose short address it is (`/{cuid}`), or 404. In preview mode a path without stored page is an empty page the editor fills.
 */
// The platform host's own home page shares these addresses; storefront visitors never load it.
const LandingPage = lazy(() => import("../../components/platform/landing-page"));

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const platform = platformHome(context, params, request);
  if (platform) return { stored: null, seo: platform.seo, platform };
  const { reader } = requireStorefront(context);
  const path = storedPagePath(url);
  const page = await pageToRender(reader, url);
  if (page) {
    const stored = await loadStoredPage(page, { context, request, url, params });
    return { stored: stored.sections, seo: stored.seo };
  }
  if (path !== "/") {
    const availability = await shortAvailabilityPage({ context, params, request, url });
    if (!availability) notFound();
    return { stored: null, seo: availability.seo, availability };
  }
  return {
    stored: null,
    seo: simplePageSeo(context, params, request, {
      description: "meta.home_description",
      path: "/",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  if ("platform" in loaderData && loaderData.platform) {
    const { seo: _seo, ...landing } = loaderData.platform;
    return <LandingPage {...landing} />;
  }
  if ("availability" in loaderData && loaderData.availability) {
    return <AvailabilityLayout page={loaderData.availability} />;
  }
  if (loaderData.stored) return <PageElements sections={loaderData.stored} />;
  return <Welcome />;
}

/** The welcome page of an organiser that has not composed its home page yet. */
function Welcome() {
  const { t } = useTranslation();
  const shell = useStorefrontShell();
  if (!shell) return null;
  const name = shell.organiser.name;
  const steps = [
    { title: t("home.step_account"), body: t("home.step_account_body") },
    { title: t("home.step_participants"), body: t("home.step_participants_body") },
    { title: t("home.step_book"), body: t("home.step_book_body") },
  ];
  return (
    <>
      <section className="relative isolate overflow-hidden bg-accent-soft">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-accent opacity-20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 -z-10 size-80 rounded-full bg-accent opacity-10 blur-3xl"
        />
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28">
          <p className="text-sm font-semibold tracking-wide text-accent-ink uppercase">
            {t("home.eyebrow")}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance break-words text-slate-950 md:text-6xl">
            {t("home.title", { name })}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-700 md:text-xl">
            {t("home.lead")}
          </p>
          {shell.customer ? (
            <p className="mt-8 max-w-2xl rounded-xl border border-slate-200 bg-white/80 p-4 text-base text-slate-800">
              <strong className="font-semibold text-slate-950">
                {t("home.welcome_back", { name: shell.customer.firstname })}
              </strong>{" "}
              {t("home.welcome_back_body")}
            </p>
          ) : (
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/auth/register" size="lg">
                {t("home.cta_register")}
              </ButtonLink>
              <ButtonLink to="/auth/login" size="lg" variant="secondary">
                {t("home.cta_login")}
              </ButtonLink>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="soon" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div>
            <h2 id="soon" className="text-2xl font-bold tracking-tight text-slate-950 md:text-3xl">
              {t("home.soon_title")}
            </h2>
            <p className="mt-4 text-base leading-relaxed text-pretty text-slate-700">
              {t("home.soon_body", { name })}
            </p>
          </div>
          <div>
            <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {t("home.steps_title")}
            </h3>
            <ol className="mt-4 grid gap-4 sm:grid-cols-3">
              {steps.map((step, index) => (
                <li
                  key={step.title}
                  className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
                >
                  <span
                    aria-hidden="true"
                    className="inline-flex size-9 items-center justify-center rounded-full bg-accent text-sm font-bold text-on-accent"
                  >
                    {index + 1}
                  </span>
                  <p className="mt-3 font-semibold text-slate-950">{step.title}</p>
                  <p className="mt-1 text-sm text-slate-700">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>
    </>
  );
}
