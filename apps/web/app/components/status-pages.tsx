import { useTranslation } from "../i18n/react";
import { PageTitle } from "./page-title";
import { Button, ButtonLink } from "./ui/button";

/** The not-found page (404): used by /page-not-found, unknown paths and missing records. */
export function NotFoundContent({ homeHref = "/" }: { homeHref?: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <PageTitle title={t("not_found.title")} />
      <p className="rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-ink">
        {t("not_found.code")}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl">
        {t("not_found.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-pretty text-slate-700">
        {t("not_found.subtitle")}
      </p>
      {homeHref ? (
        <ButtonLink to={homeHref} className="mt-8">
          {t("not_found.home")}
        </ButtonLink>
      ) : null}
    </section>
  );
}

/** A friendly page for unexpected errors; details go to the server log, not to the visitor. */
export function ErrorContent({ homeHref = "/" }: { homeHref?: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <PageTitle title={t("error.title")} />
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl">
        {t("error.title")}
      </h1>
      <p className="mt-3 max-w-md text-base text-pretty text-slate-700">{t("error.subtitle")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t("error.retry")}</Button>
        {homeHref ? (
          <ButtonLink to={homeHref} variant="secondary">
            {t("error.home")}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
