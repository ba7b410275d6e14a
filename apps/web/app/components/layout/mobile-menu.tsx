import type { NavigationLink } from "@booking/contracts";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { MenuIcon } from "../icons";
import { useLazyDialog } from "../ui/lazy-dialog";

// The panel and its dialog are downloaded when first needed (useLazyDialog).
const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);

/** The mobile menu: its button, and the panel once asked for. */
export function MobileMenu({
  links,
  shell,
  email,
  phone,
}: {
  links: NavigationLink[];
  shell: StorefrontShell;
  email: string | null;
  phone: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = useLazyDialog(loadPanel, open);
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    // A navigation happened: close the panel (spec: closes on route change).
    setOpenedOn(pathname);
    setOpen(false);
  }

  return (
    <>
      <button
        {...panel.buttonProps}
        type="button"
        data-testid="mobile-menu-button"
        aria-label={t("layout.menu.open")}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100 md:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      {panel.mounted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            links={links}
            shell={shell}
            email={email}
            phone={phone}
            open={open}
            setOpen={setOpen}
            returnFocus={panel.button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
