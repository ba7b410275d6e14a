import type { NavigationLink } from "@booking/contracts";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { MailIcon, PhoneIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { useAuthLinks } from "./use-auth-links";

const rowClass =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base text-slate-900 hover:bg-slate-100";

/**
 * What the phone menu lists: the navigation's nested links, the account's links and the
 * organiser's contacts. The dialog of a hydrated page shows it (mobile-menu-panel.tsx), and so does
 * the menu before the page's script runs (mobile-menu.tsx), without the log-out button, which
 * needs the script.
 */
export function MobileMenuContents({
  links,
  shell,
  email,
  phone,
  logout,
}: {
  links: NavigationLink[];
  shell: StorefrontShell;
  email: string | null;
  phone: string | null;
  /** the log-out button's action, when the page's script runs */
  logout: { run(): void; pending: boolean } | null;
}) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  return (
    <>
      {links.length > 0 ? (
        <nav aria-label={t("layout.menu.navigation")} className="mb-6">
          <NestedLinkList links={links} depth={0} />
        </nav>
      ) : null}
      <section
        aria-labelledby="mobile-menu-account"
        className="mb-6 border-t border-slate-200 pt-4"
      >
        <h2
          id="mobile-menu-account"
          className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          {t("layout.menu.account")}
        </h2>
        <ul className="flex flex-col">
          {shell.customer ? (
            <>
              <li>
                <LocalizedLink to="/account/home" className={rowClass}>
                  <span className="truncate">
                    {t("layout.account_of", { name: shell.customer.firstname })}
                  </span>
                </LocalizedLink>
              </li>
              {logout ? (
                <li>
                  <button
                    type="button"
                    onClick={logout.run}
                    disabled={logout.pending}
                    className={rowClass}
                  >
                    {t("layout.logout")}
                  </button>
                </li>
              ) : null}
            </>
          ) : (
            <>
              <li>
                <LocalizedLink to={authLinks.login} className={rowClass}>
                  {t("layout.login")}
                </LocalizedLink>
              </li>
              <li>
                <LocalizedLink to={authLinks.register} className={rowClass}>
                  {t("layout.register")}
                </LocalizedLink>
              </li>
            </>
          )}
        </ul>
      </section>
      {email || phone ? (
        <section aria-labelledby="mobile-menu-contact" className="border-t border-slate-200 pt-4">
          <h2
            id="mobile-menu-contact"
            className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t("layout.menu.contact")}
          </h2>
          <ul className="flex flex-col">
            {email ? (
              <li>
                <a href={`mailto:${email}`} className={`${rowClass} gap-2`}>
                  <MailIcon className="size-5 shrink-0 text-slate-600" />
                  <span className="truncate">{email}</span>
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${rowClass} gap-2`}>
                  <PhoneIcon className="size-5 shrink-0 text-slate-600" />
                  {phone}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function NestedLinkList({ links, depth }: { links: NavigationLink[]; depth: number }) {
  return (
    <ul className={depth > 0 ? "ml-3 border-l border-slate-200 pl-2" : "flex flex-col"}>
      {links.map((link) => (
        <li key={link.id}>
          {link.href !== "#" && link.href !== "" ? (
            <LocalizedLink
              to={link.href}
              className={`${rowClass} ${link.children.length > 0 || depth === 0 ? "font-medium" : ""}`}
            >
              {link.name}
            </LocalizedLink>
          ) : (
            <p className={`${rowClass} font-semibold hover:bg-transparent`}>{link.name}</p>
          )}
          {link.children.length > 0 ? (
            <NestedLinkList links={link.children} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
