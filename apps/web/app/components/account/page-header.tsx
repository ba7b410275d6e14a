import type { ReactNode } from "react";
import { ChevronLeftIcon } from "../icons";
import { ButtonLink } from "../ui/button";

/**
 * The heading of an account page (platform-and-account.md §2.3): a title, an optional subtitle
 * and optional actions, which sit on the right on wide screens and under the text on phones.
 * `back` is the way back to the page this one belongs to (a list, a registration), put first.
 */
export function AccountPageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-950 sm:text-3xl">
          {title}
        </h1>
        {subtitle ? (
          <p className="mt-2 max-w-2xl text-base text-pretty text-slate-600">{subtitle}</p>
        ) : null}
      </div>
      {actions || back ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {back ? (
            <ButtonLink to={back.to} variant="secondary">
              <ChevronLeftIcon className="size-4" />
              {back.label}
            </ButtonLink>
          ) : null}
          {actions}
        </div>
      ) : null}
    </header>
  );
}
