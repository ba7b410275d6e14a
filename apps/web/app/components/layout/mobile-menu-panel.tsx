import type { NavigationLink } from "@booking/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell } from "../../lib/shell";
import { useLogout } from "../../lib/use-logout";
import { CloseIcon } from "../icons";
import { focusBack } from "../ui/lazy-dialog";
import { MobileMenuContents } from "./mobile-menu-contents";

/**
 * The mobile menu's panel once the page's script runs: a dialog sliding from the left with the
 * menu's contents (mobile-menu-contents.tsx); loaded by the menu button (mobile-menu.tsx) the first
 * time it opens. Closing gives the focus back to it.
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
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
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
            <MobileMenuContents
              links={links}
              shell={shell}
              email={email}
              phone={phone}
              logout={{
                run: async () => {
                  await logout();
                  setOpen(false);
                },
                pending,
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
