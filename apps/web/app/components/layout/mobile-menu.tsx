import type { NavigationLink } from "@booking/contracts";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigation } from "react-router";
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
  const navigation = useNavigation();
  const [shownOn, setShownOn] = useState(pathname);
  // The page the panel was opened for: the one a pending navigation is going to when it was
  // opened meanwhile (a tap right after logging in, before the next page is there).
  const [openedFor, setOpenedFor] = useState(pathname);
  if (shownOn !== pathname) {
    // A navigation happened: close the panel (spec: closes on route change), unless it was
    // opened for the page that just arrived.
    setShownOn(pathname);
    if (openedFor !== pathname) setOpen(false);
  }
  const openPanel = () => {
    setOpenedFor(navigation.location?.pathname ?? pathname);
    setOpen(true);
  };

  return (
    <>
      <button
        {...panel.buttonProps}
        type="button"
        data-testid="mobile-menu-button"
        aria-label={t("layout.menu.open")}
        onClick={openPanel}
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
