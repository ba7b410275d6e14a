import type { FooterSettings } from "@booking/contracts";
import { LANGUAGES } from "@booking/contracts/languages";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { switchLanguage } from "../../lib/links";
import { useLanguage } from "../../lib/root-data";
import type { StorefrontShell } from "../../lib/shell";
import { LocalizedLink } from "../localized-link";

const footerLink =
  "text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white";

export function Footer({ settings, shell }: { settings: FooterSettings; shell: StorefrontShell }) {
  const { t } = useTranslation();
  const brand = settings.brand ?? shell.organiser.name;
  const year = String(shell.year);
  return (
    <footer className="mt-auto bg-slate-950 text-slate-200">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="min-w-0">
            <p className="text-xl font-bold break-words text-white">{brand}</p>
            {settings.quote ? (
              <blockquote className="mt-3 max-w-sm text-sm leading-relaxed text-slate-300 italic">
                {settings.quote}
              </blockquote>
            ) : null}
          </div>
          {settings.columns.length > 0 ? (
            <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
              {settings.columns.map((column) => (
                <nav key={column.id} aria-label={column.title || undefined} className="min-w-0">
                  {column.title ? (
                    <p className="text-sm font-semibold tracking-wide text-white uppercase">
                      {column.title}
                    </p>
                  ) : null}
                  <ul className="mt-3 flex flex-col gap-2">
                    {column.links.map((link) => (
                      <li key={`${link.href}-${link.name}`} className="break-words">
                        <LocalizedLink to={link.href} className={footerLink}>
                          {link.name}
                        </LocalizedLink>
                      </li>
                    ))}
                  </ul>
                </nav>
              ))}
            </div>
          ) : null}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-800 pt-6 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>
            {t("layout.footer.copyright", { year, name: brand })}
            {settings.call_to_action ? (
              <>
                {" · "}
                <LocalizedLink
                  to={settings.call_to_action.href}
                  className="font-semibold text-white underline underline-offset-4"
                >
                  {settings.call_to_action.text}
                </LocalizedLink>
              </>
            ) : null}
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {settings.legal_links.length > 0 ? (
              <nav aria-label={t("layout.footer.legal")}>
                <ul className="flex flex-wrap gap-x-4 gap-y-2">
                  {settings.legal_links.map((link) => (
                    <li key={`${link.href}-${link.name}`}>
                      <LocalizedLink to={link.href} className={footerLink}>
                        {link.name}
                      </LocalizedLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <LanguageSwitch />
          </div>
        </div>
      </div>
    </footer>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t("common.language_label")}>
      <ul className="flex gap-3">
        {LANGUAGES.map((code) => (
          <li key={code}>
            {code === language ? (
              <span aria-current="true" className="font-semibold text-white" lang={code}>
                {t(`common.languages.${code}`)}
              </span>
            ) : (
              <Link
                to={switchLanguage(pathname, search, code)}
                lang={code}
                hrefLang={code}
                className={footerLink}
              >
                {t(`common.languages.${code}`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
