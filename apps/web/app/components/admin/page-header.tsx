import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon } from "../icons";
import { PageTitle } from "../page-title";

/**
 * The top of every console page: the way back to the list it belongs to, the h1 (also the
 * document's title), what the page is for, and its actions (on the right on wide screens, under
 * the text on phones). One per page.
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <PageTitle title={title} />
      <div className="min-w-0 sm:flex-1">
        {back ? (
          <Link
            to={back.to}
            className="mb-2 inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-950"
          >
            <ChevronLeftIcon className="size-4" />
            {back.label}
          </Link>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-balance break-words text-slate-950">
          {title}
        </h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-pretty text-slate-600">{description}</p>
        ) : null}
      </div>
      {/* Many actions wrap on the right instead of pushing into the title. */}
      {actions ? (
        <div className="flex flex-wrap gap-2 sm:max-w-[60%] sm:justify-end">{actions}</div>
      ) : null}
    </header>
  );
}
