import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * The frame of the authentication pages: one centred card with the page's h1. The document title
 * comes from each page's `meta` (with its description and OpenGraph tags), not from here.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="flex flex-1 justify-center bg-slate-50 px-4 py-12 sm:px-6 md:py-16">
      <div className={clsx("w-full", wide ? "max-w-2xl" : "max-w-md")}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{title}</h1>
          {subtitle ? (
            <p className="mt-2 text-base text-pretty text-slate-700">{subtitle}</p>
          ) : null}
          <div className="mt-8">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </div>
  );
}

export const textLinkClass = "font-semibold text-accent-ink underline-offset-4 hover:underline";
