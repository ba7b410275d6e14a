import { useTranslation } from "../../i18n/react";
import { useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { loadStoredPage, readStoredPage } from "../../lib/stored-page";
import { simplePageSeo } from "../../lib/storefront-page";
import { PageElements } from "../../sections/render";
import type { Route } from "./+types/terms";

/** The organiser's own terms: its page stored at `/terms` (page builder), else the fallback. */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { reader } = requireStorefront(context);
  const page = await readStoredPage(reader, "/terms");
  if (page) {
    const stored = await loadStoredPage(page, { context, request, url, params });
    return { stored: stored.sections, seo: stored.seo };
  }
  return {
    stored: null,
    seo: simplePageSeo(context, params, request, {
      title: "terms.title",
      description: "meta.terms_description",
      path: "/terms",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Terms({ loaderData }: Route.ComponentProps) {
  if (loaderData.stored) return <PageElements sections={loaderData.stored} />;
  return <FallbackTerms />;
}

/**
 * The terms of an organiser that has not written its own page yet: whose terms they are and how
 * to reach the organiser.
 */
function FallbackTerms() {
  const { t } = useTranslation();
  const shell = useStorefrontShell();
  if (!shell) return null;
  const { name, contact_email: email, contact_phone: phone } = shell.organiser;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
        {t("terms.title")}
      </h1>
      <p className="mt-2 text-lg font-medium break-words text-slate-700">{name}</p>
      <div className="mt-8 flex flex-col gap-4 text-base leading-relaxed text-slate-800">
        <p>{t("terms.intro", { name })}</p>
        <p>{t("terms.scope", { name })}</p>
        <p>{t("terms.provided")}</p>
        {email || phone ? (
          <>
            <p>{t("terms.contact", { name })}</p>
            <ul className="list-disc pl-6">
              {email ? (
                <li>
                  <a
                    className="text-accent-ink underline underline-offset-4"
                    href={`mailto:${email}`}
                  >
                    {t("terms.email", { email })}
                  </a>
                </li>
              ) : null}
              {phone ? (
                <li>
                  <a
                    className="text-accent-ink underline underline-offset-4"
                    href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                  >
                    {t("terms.phone", { phone })}
                  </a>
                </li>
              ) : null}
            </ul>
          </>
        ) : null}
      </div>
    </article>
  );
}
