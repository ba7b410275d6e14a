import type { TopbarSettings } from "@booking/contracts";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { useLogout } from "../../lib/use-logout";
import { MailIcon, MegaphoneIcon, PhoneIcon, UserIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { useAuthLinks } from "./use-auth-links";

const linkClass = "underline-offset-4 hover:underline focus-visible:outline-current";

export function Topbar({ settings, shell }: { settings: TopbarSettings; shell: StorefrontShell }) {
  const { t } = useTranslation();
  const email = settings.email ?? shell.organiser.contact_email;
  const phone = settings.phone ?? shell.organiser.contact_phone;
  return (
    <section
      aria-label={t("layout.topbar.label")}
      style={{ color: settings.text_color, backgroundColor: settings.background_color }}
      className="text-sm"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2 sm:px-6">
        {email || phone ? (
          <ul className="flex w-full min-w-0 flex-wrap items-center justify-center gap-x-5 gap-y-1 md:w-auto md:justify-start">
            {email ? (
              <li className="min-w-0">
                <a
                  href={`mailto:${email}`}
                  className={`${linkClass} inline-flex max-w-full items-center gap-1.5`}
                  aria-label={t("layout.topbar.email", { email })}
                >
                  <MailIcon className="size-4 shrink-0" />
                  <span className="truncate">{email}</span>
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                  className={`${linkClass} inline-flex items-center gap-1.5 whitespace-nowrap`}
                  aria-label={t("layout.topbar.phone", { phone })}
                >
                  <PhoneIcon className="size-4 shrink-0" />
                  {phone}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
        {settings.announcement ? (
          <p className="order-first flex w-full min-w-0 items-center justify-center gap-2 text-center font-medium md:order-none md:w-auto md:flex-1">
            <MegaphoneIcon className="size-4 shrink-0" />
            {settings.announcement.href ? (
              <LocalizedLink to={settings.announcement.href} className={`${linkClass} underline`}>
                {settings.announcement.text}
              </LocalizedLink>
            ) : (
              <span>{settings.announcement.text}</span>
            )}
          </p>
        ) : null}
        <div className="ml-auto hidden items-center gap-4 md:flex">
          <TopbarAccountLinks shell={shell} />
        </div>
      </div>
    </section>
  );
}

function TopbarAccountLinks({ shell }: { shell: StorefrontShell }) {
  const { t } = useTranslation();
  const links = useAuthLinks();
  const { logout, pending } = useLogout();
  if (shell.customer) {
    return (
      <>
        <LocalizedLink
          to="/account/home"
          className={`${linkClass} inline-flex items-center gap-1.5`}
        >
          <UserIcon className="size-4 shrink-0" />
          <span className="max-w-40 truncate">{shell.customer.firstname}</span>
        </LocalizedLink>
        <button
          type="button"
          onClick={logout}
          disabled={pending}
          className={`${linkClass} cursor-pointer disabled:opacity-70`}
        >
          {t("layout.logout")}
        </button>
      </>
    );
  }
  return (
    <>
      <LocalizedLink to={links.login} className={linkClass}>
        {t("layout.login")}
      </LocalizedLink>
      <LocalizedLink to={links.register} className={linkClass}>
        {t("layout.register")}
      </LocalizedLink>
    </>
  );
}
