import type { AdminSessionResponse } from "@booking/contracts";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLocation } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { hasPermission } from "../../../lib/admin/permissions";
import { useSessionActions } from "../../../lib/admin/session-actions";
import { CheckIcon, ChevronsUpDownIcon } from "../../icons";
import { Spinner } from "../../ui/spinner";
import { menuContentClass, menuItemClass } from "./menu";
import { CONSOLE_NAV, linkAllowed, sectionOf } from "./nav";

function OrganiserMark({ name, logo }: { name: string; logo: string | null }) {
  return logo ? (
    <img
      src={logo}
      alt=""
      className="size-8 shrink-0 rounded-md border border-slate-200 object-contain"
    />
  ) : (
    // The initial is drawn by CSS, not written: it stays out of the menu button's name and of
    // its visible text, which must be contained in that name.
    <span
      aria-hidden="true"
      data-initial={name.trim().charAt(0).toUpperCase()}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-slate-900 text-sm font-bold text-white before:content-[attr(data-initial)]"
    />
  );
}

/**
 * The organiser the console shows; with several, a menu to switch (PUT /api/admin/session/organiser),
 * which opens the same list page for the other organiser when its role allows it, else the home.
 */
export function OrganiserSwitcher({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { switchOrganiser, pending } = useSessionActions();
  const current = session.organiser;
  if (!current) {
    return <p className="px-3 text-sm text-slate-600">{t("admin.shell.no_organiser")}</p>;
  }
  const summary = (
    <>
      <OrganiserMark name={current.name} logo={current.logo} />
      <span className="min-w-0 flex-1 text-left">
        <span className="block text-xs text-slate-500">{t("admin.shell.organiser")}</span>{" "}
        <span className="line-clamp-2 text-sm leading-tight font-semibold text-slate-950">
          {current.name}
        </span>
      </span>
    </>
  );
  if (session.organisers.length < 2) {
    return <div className="flex items-center gap-3 px-3 py-1.5">{summary}</div>;
  }

  const targetAfterSwitch = (next: AdminSessionResponse) => {
    const section = sectionOf(pathname);
    const link = CONSOLE_NAV.flatMap((area) => area.links).find((item) => item.to === section);
    const allowed = !link || linkAllowed(link, (permission) => hasPermission(next, permission));
    return allowed ? section : "/admin";
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex w-full items-center gap-3 rounded-lg border border-slate-200 px-3 py-1.5 hover:bg-slate-50 data-[state=open]:bg-slate-50"
        data-testid="organiser-switcher"
      >
        {summary} <span className="sr-only">{t("admin.shell.switch_organiser")}</span>
        {pending ? (
          <Spinner className="text-slate-500" />
        ) : (
          <ChevronsUpDownIcon className="size-4 shrink-0 text-slate-500" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-slate-500">
            {t("admin.shell.organisers")}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current.cuid}
            onValueChange={(cuid) => {
              if (cuid !== current.cuid) void switchOrganiser(cuid, targetAfterSwitch);
            }}
          >
            {session.organisers.map((organiser) => (
              <DropdownMenu.RadioItem
                key={organiser.cuid}
                value={organiser.cuid}
                className={menuItemClass}
              >
                <OrganiserMark name={organiser.name} logo={organiser.logo} />
                <span className="min-w-0 flex-1 truncate">{organiser.name}</span>
                <DropdownMenu.ItemIndicator>
                  <CheckIcon className="size-4 text-accent-ink" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
