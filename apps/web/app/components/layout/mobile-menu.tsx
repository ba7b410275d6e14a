import type { NavigationLink } from "@booking/contracts";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { useHydrated } from "../../lib/use-hydrated";
import { MenuIcon } from "../icons";
import { useLazyDialog } from "../ui/lazy-dialog";
import { MobileMenuContents } from "./mobile-menu-contents";

// The panel and its dialog are downloaded when first needed (useLazyDialog).
const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);

/**
 * The mobile menu: its button, and the panel once asked for. The button is a `<details>`'s summary,
 * so that a tap before the page's script runs (a slow phone) opens the menu's contents below the
 * header all the same; once hydrated, the summary opens the dialog instead (and a menu opened
 * before becomes the dialog), with `aria-expanded`, the focus kept inside and Escape closing it.
 */
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
  const panel = useLazyDialog<HTMLElement>(loadPanel, open);
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
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

  // A menu opened before the script ran becomes the dialog: the script takes over.
  useEffect(() => {
    if (!details.current?.open) return;
    details.current.open = false;
    setOpen(true);
  }, []);

  return (
    <details ref={details} className="md:hidden">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its details' button (its implicit role) */}
      <summary
        {...(hydrated ? panel.buttonProps : { ref: panel.button })}
        data-testid="mobile-menu-button"
        aria-label={t("layout.menu.open")}
        onClick={(event) => {
          // Hydrated: the dialog opens instead of the details.
          event.preventDefault();
          openPanel();
        }}
        className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <MenuIcon className="size-6" />
      </summary>
      {hydrated ? null : (
        <div className="absolute inset-x-0 top-full z-50 max-h-[80vh] overflow-y-auto border-b border-slate-200 bg-white px-2 py-4 shadow-lg">
          <MobileMenuContents
            links={links}
            shell={shell}
            email={email}
            phone={phone}
            logout={null}
          />
        </div>
      )}
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
    </details>
  );
}
