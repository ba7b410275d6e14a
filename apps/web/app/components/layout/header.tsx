import type { HeaderSettings } from "@booking/contracts";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { useLogout } from "../../lib/use-logout";
import { UserIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { Cart } from "./cart";
import { DesktopNav } from "./desktop-nav";
import { MobileMenu } from "./mobile-menu";
import { useAuthLinks } from "./use-auth-links";

export function Header({
  settings,
  shell,
  withoutTopbar,
  contacts,
}: {
  settings: HeaderSettings;
  shell: StorefrontShell;
  contacts: { email: string | null; phone: string | null };
  /** true when no top bar carries the account, login and logout links */
  withoutTopbar: boolean;
}) {
  const nav = <DesktopNav links={settings.links} />;
  const menu = (
    <MobileMenu
      links={settings.links}
      shell={shell}
      email={contacts.email}
      phone={contacts.phone}
    />
  );
  const actions = <HeaderActions shell={shell} withoutTopbar={withoutTopbar} />;
  const logo = <Logo shell={shell} />;

  let body: ReactNode;
  if (settings.logo_position === "center") {
    body = (
      <>
        <div className="grid min-h-16 grid-cols-[1fr_auto_1fr] items-center gap-3 py-2 md:min-h-20">
          <div className="flex min-w-0 items-center gap-2">
            {menu}
            {settings.links_position === "left" ? nav : null}
          </div>
          <div className="min-w-0 justify-self-center">{logo}</div>
          <div className="flex min-w-0 items-center justify-end gap-2">
            {settings.links_position === "right" ? nav : null}
            {actions}
          </div>
        </div>
        {settings.links_position === "center" ? (
          <div className="hidden justify-center pb-3 md:flex">{nav}</div>
        ) : null}
      </>
    );
  } else {
    body = (
      <div className="flex min-h-16 items-center gap-3 py-2 md:min-h-20 md:gap-6">
        {menu}
        <div className="min-w-0 shrink">{logo}</div>
        <div
          className={clsx(
            "hidden min-w-0 flex-1 md:flex",
            settings.links_position === "left" && "justify-start",
            settings.links_position === "center" && "justify-center",
            settings.links_position === "right" && "justify-end",
          )}
        >
          {nav}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">{actions}</div>
      </div>
    );
  }

  return (
    <header
      className={clsx(
        "z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85",
        settings.sticky && "sticky top-0",
      )}
    >
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6">{body}</div>
    </header>
  );
}

function Logo({ shell }: { shell: StorefrontShell }) {
  const { t } = useTranslation();
  const { name, logo } = shell.organiser;
  return (
    <LocalizedLink
      to="/"
      className="flex min-w-0 items-center rounded-md"
      aria-label={logo ? undefined : t("layout.header.home", { name })}
      title={name}
    >
      {logo ? (
        <img
          src={logo}
          alt={t("layout.header.home", { name })}
          className="h-10 w-auto max-w-48 object-contain md:h-12"
        />
      ) : (
        <span className="block max-w-[11rem] truncate text-lg font-bold tracking-tight text-slate-950 sm:max-w-xs md:text-xl xl:max-w-md">
          {name}
        </span>
      )}
    </LocalizedLink>
  );
}

function HeaderActions({
  shell,
  withoutTopbar,
}: {
  shell: StorefrontShell;
  withoutTopbar: boolean;
}) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  const { logout, pending } = useLogout();
  return (
    <>
      {shell.customer && withoutTopbar ? (
        // No top bar carries the logout button: the header offers it on desktop.
        <button
          type="button"
          onClick={logout}
          disabled={pending}
          className="hidden min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-70 md:inline-flex"
        >
          {t("layout.logout")}
        </button>
      ) : null}
      {shell.customer ? (
        <LocalizedLink
          to="/account/home"
          data-testid="account-link"
          aria-label={t("layout.account_of", { name: shell.customer.firstname })}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-900 hover:bg-slate-100 sm:px-3"
        >
          <UserIcon className="size-5 shrink-0" />
          <span
            className={clsx(
              "hidden max-w-32 truncate sm:inline",
              // From md up the top bar shows the first name: the header does not repeat it.
              !withoutTopbar && "md:hidden",
            )}
          >
            {shell.customer.firstname}
          </span>
        </LocalizedLink>
      ) : withoutTopbar ? (
        <LocalizedLink
          to={authLinks.login}
          className="hidden min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 md:inline-flex"
        >
          <UserIcon className="size-5 shrink-0" />
          {t("layout.login")}
        </LocalizedLink>
      ) : null}
      <Cart shell={shell} />
    </>
  );
}
