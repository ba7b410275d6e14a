import type { NavigationLink } from "@booking/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { useLogout } from "../../lib/use-logout";
import { CloseIcon, MailIcon, PhoneIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { focusBack } from "../ui/lazy-dialog";
import { useAuthLinks } from "./use-auth-links";

const rowClass =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base text-slate-900 hover:bg-slate-100";

/**
 * The mobile menu's panel, sliding from the left with nested links, account and contacts; loaded
 * by the menu button (mobile-menu.tsx) the first time it opens. Closing gives the focus back to it.
 */
export default function MobileMenuPanel({
  links,
  shell,
  email,
  phone,
  open,
  setOpen,
  returnFocus,
}: {
  links: NavigationLink[];
  shell: StorefrontShell;
  email: string | null;
  phone: string | null;
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  const { logout, pending } = useLogout();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="slide-from-left fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl"
          onCloseAutoFocus={focusBack(returnFocus)}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-slate-950">
              {t("layout.menu.title")}
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              {t("layout.menu.description")}
            </Dialog.Description>
            <Dialog.Close
              aria-label={t("layout.menu.close")}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-2 py-4">
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
                    <li>
                      <button
                        type="button"
                        onClick={async () => {
                          await logout();
                          setOpen(false);
                        }}
                        disabled={pending}
                        className={rowClass}
                      >
                        {t("layout.logout")}
                      </button>
                    </li>
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
              <section
                aria-labelledby="mobile-menu-contact"
                className="border-t border-slate-200 pt-4"
              >
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
                      <a
                        href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                        className={`${rowClass} gap-2`}
                      >
                        <PhoneIcon className="size-5 shrink-0 text-slate-600" />
                        {phone}
                      </a>
                    </li>
                  ) : null}
                </ul>
              </section>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
