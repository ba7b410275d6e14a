import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "../../i18n/react";
import { LockIcon } from "../icons";
import { PageTitle } from "../page-title";
import { ErrorContent, NotFoundContent } from "../status-pages";
import { ButtonLink } from "../ui/button";

/** What a page the collaborator's role does not open says (a 403 of the console API). */
export function ForbiddenContent() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center"
      data-testid="forbidden"
    >
      <PageTitle title={t("admin.forbidden.title")} />
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-slate-200 text-slate-700"
      >
        <LockIcon className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance text-slate-950">
        {t("admin.forbidden.title")}
      </h1>
      <p className="mt-2 text-base text-pretty text-slate-700">{t("admin.forbidden.body")}</p>
      <ButtonLink to="/admin" variant="secondary" className="mt-6">
        {t("admin.forbidden.home")}
      </ButtonLink>
    </section>
  );
}

/** The console's page for an error of a loader or a render: no access, not found, or failed. */
export function ConsoleErrorContent({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === 403) return <ForbiddenContent />;
  if (status === 404) return <NotFoundContent homeHref="/admin" />;
  console.error(error);
  return <ErrorContent homeHref="/admin" />;
}
