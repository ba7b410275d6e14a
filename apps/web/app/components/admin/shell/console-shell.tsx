import type { AdminSessionResponse } from "@booking/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { CloseIcon, MenuIcon } from "../../icons";
import { BillingOverdueBanner } from "./billing-overdue-banner";
import { ImpersonationBanner } from "./impersonation-banner";
import { ConsoleBrand, SidebarContent } from "./sidebar";
import { SuspendedBanner } from "./suspended-banner";

/** "Skip to content", the first stop of the keyboard on every console page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-slate-950 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("common.skip_to_content")}
    </a>
  );
}

/** The sidebar in a drawer from the left, for screens under 1024 px; closes on navigation. */
function MenuDrawer({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t("admin.shell.open_menu")}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100"
        data-testid="console-menu-button"
      >
        <MenuIcon className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="slide-from-left fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-white shadow-2xl"
          aria-describedby={undefined}
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3">
            <Dialog.Title asChild>
              <Link to="/admin" className="rounded-md">
                <ConsoleBrand />
              </Link>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("admin.shell.close_menu")}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1">
            <SidebarContent session={session} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The console's frame around every logged-in page: the sidebar (a drawer behind a menu button
 * under 1024 px), the impersonation banner above the page, and the page in `<main>`.
 */
export function ConsoleShell({
  session,
  children,
}: {
  session: AdminSessionResponse;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-14 shrink-0 items-center border-b border-slate-200 px-4">
          <Link to="/admin" className="rounded-md">
            <ConsoleBrand />
          </Link>
        </div>
        <div className="min-h-0 flex-1">
          <SidebarContent session={session} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <ImpersonationBanner session={session} />
        <SuspendedBanner session={session} />
        <BillingOverdueBanner session={session} />
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 lg:hidden">
          <MenuDrawer session={session} />
          <Link to="/admin" className="shrink-0 rounded-md">
            <ConsoleBrand compact />
          </Link>
          {session.organiser ? (
            <span className="min-w-0 truncate pr-2 text-sm font-semibold text-slate-950">
              {session.organiser.name}
            </span>
          ) : null}
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <div className="mx-auto flex max-w-7xl flex-col gap-6">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** The frame of the console pages without a session (log-in, password) and of their errors. */
export function PublicConsoleFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
          <Link to="/admin" className="rounded-md">
            <ConsoleBrand />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
    </div>
  );
}
