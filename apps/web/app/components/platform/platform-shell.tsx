import type { Language } from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/react";
import { GlobeIcon, LogInIcon } from "../icons";
import { buttonClasses } from "../ui/button";

interface PlatformShellProps {
  language: Language;
  /** the console's log-in page (admin host) */
  consoleUrl: string;
  /** the same page in the other language */
  otherLanguageHref: string;
  /** computed by the loader, so that server and browser render the same */
  year: number;
  children: ReactNode;
}

/** The product's mark: a calendar page with a tick, in the platform's colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <rect x="8" y="9" width="16" height="15" rx="3" fill="none" stroke="white" strokeWidth="2" />
      <path d="M8 13.5h16M12 7v4M20 7v4" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <path
        d="m12.5 18.5 2.5 2.5 4.5-4.5"
        fill="none"
        stroke="white"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950";

/** The header and footer of the platform host's pages (the product's site and the sign-up). */
export function PlatformShell({
  language,
  consoleUrl,
  otherLanguageHref,
  year,
  children,
}: PlatformShellProps) {
  const { t } = useTranslation();
  const home = `/${language}`;
  const otherCode = language === "fr" ? "EN" : "FR";
  const product = t("common.product");
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link
            to={home}
            className="mr-auto flex items-center gap-2.5 rounded-md"
            aria-label={t("platform.home_link", { product })}
          >
            <BrandMark className="size-8" />
            <span className="hidden text-lg font-bold tracking-tight text-slate-950 md:inline">
              {product}
            </span>
          </Link>
          <nav aria-label={t("platform.nav.label")} className="hidden items-center lg:flex">
            <a href={`${home}#audiences`} className={navLinkClass}>
              {t("platform.nav.audiences")}
            </a>
            <a href={`${home}#features`} className={navLinkClass}>
              {t("platform.nav.features")}
            </a>
            <a href={`${home}#steps`} className={navLinkClass}>
              {t("platform.nav.steps")}
            </a>
          </nav>
          <a
            href={otherLanguageHref}
            hrefLang={language === "fr" ? "en" : "fr"}
            lang={language === "fr" ? "en" : "fr"}
            className={`${navLinkClass} inline-flex items-center gap-1.5`}
            // The name holds what either width shows ("English", "EN").
            aria-label={`${t("platform.nav.language")} (${otherCode})`}
          >
            <GlobeIcon className="size-4" />
            <span className="hidden sm:inline">{t("platform.nav.language")}</span>
            <span className="sm:hidden">{otherCode}</span>
          </a>
          <a
            href={consoleUrl}
            className={`${navLinkClass} hidden items-center gap-1.5 sm:inline-flex`}
          >
            <LogInIcon className="size-4" />
            {t("platform.nav.login")}
          </a>
          <Link to={`${home}/signup`} className={buttonClasses("primary", "sm")}>
            {t("platform.nav.signup")}
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="bg-slate-950 text-slate-300">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr]">
          <div>
            <div className="flex items-center gap-2.5">
              <BrandMark className="size-8" />
              <span className="text-lg font-bold text-white">{product}</span>
            </div>
            <p className="mt-3 max-w-sm text-sm text-slate-400">{t("platform.footer.tagline")}</p>
          </div>
          <nav aria-label={t("platform.footer.product")}>
            <h2 className="text-sm font-semibold text-white">{t("platform.footer.product")}</h2>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              <li>
                <Link to={`${home}/signup`} className="hover:text-white">
                  {t("platform.footer.signup")}
                </Link>
              </li>
              <li>
                <a href={consoleUrl} className="hover:text-white">
                  {t("platform.footer.console")}
                </a>
              </li>
              <li>
                <a href={`${home}#features`} className="hover:text-white">
                  {t("platform.nav.features")}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="border-t border-slate-800">
          <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400 sm:px-6">
            {t("platform.footer.rights", { year, product })}
          </p>
        </div>
      </footer>
    </div>
  );
}
