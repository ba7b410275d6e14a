import type { AdminSessionResponse } from "@booking/contracts";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { fullName, initials } from "../../../lib/admin/people";
import { useSessionActions } from "../../../lib/admin/session-actions";
import { ChevronsUpDownIcon, LogOutIcon, UserIcon } from "../../icons";
import { menuContentClass, menuItemClass } from "./menu";

/** Who is logged in (name, e-mail), their profile and the log-out. */
export function UserMenu({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  const { logout, pending } = useSessionActions();
  const me = session.collaborator;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        data-testid="user-menu"
      >
        {/* Initials drawn by CSS: out of the button's name, which its visible text must be in. */}
        <span
          aria-hidden="true"
          data-initials={initials(me)}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-bold text-accent-ink before:content-[attr(data-initials)]"
        />
        <span className="min-w-0 flex-1 text-left">
          <span className="block truncate text-sm font-semibold text-slate-950">
            {fullName(me)}
          </span>{" "}
          <span className="block truncate text-xs text-slate-500">{session.role?.name}</span>
        </span>{" "}
        <span className="sr-only">{t("admin.shell.user_menu")}</span>
        <ChevronsUpDownIcon className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className={menuContentClass}>
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-950">{fullName(me)}</p>
            <p className="truncate text-sm text-slate-600">{me.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {session.organiser ? (
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/admin/profile" data-testid="profile-link">
                <UserIcon className="size-4 text-slate-600" />
                {t("admin.staff.profile.menu")}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            className={menuItemClass}
            disabled={pending}
            onSelect={() => void logout()}
            data-testid="logout"
          >
            <LogOutIcon className="size-4 text-slate-600" />
            {t("admin.shell.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
