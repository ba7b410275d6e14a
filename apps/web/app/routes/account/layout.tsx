import { Outlet } from "react-router";
import { accountData, requireAccount, useAccount } from "../../components/account/account-data";
import { AccountNavigation } from "../../components/account/navigation";
import { LogOutIcon, WalletIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { useLogout } from "../../lib/use-logout";
import type { Route } from "./+types/layout";

/**
 * The account area (platform-and-account.md §2.3): the customer's tabs beside (from 1024 px) or
 * above the page. A visitor is sent to the login page and brought back.
 */
export function loader({ context, params, request }: Route.LoaderArgs) {
  return { account: accountData(requireAccount(context, params, request)) };
}

export default function AccountLayout() {
  const { t } = useTranslation();
  const account = useAccount();
  const { logout, pending } = useLogout();
  const { customer } = account;
  const initials = `${customer.firstname.trim().charAt(0)}${customer.lastname.trim().charAt(0)}`;
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-12 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10 lg:pt-10 lg:pb-16 xl:gap-14">
        <aside className="min-w-0">
          <p className="mb-3 text-xs font-semibold tracking-wider text-slate-500 uppercase lg:hidden">
            {t("account.title")}
          </p>
          <div className="mb-6 hidden items-center gap-3 lg:flex">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-base font-bold text-on-accent uppercase"
            >
              {initials}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-950">{customer.fullname}</p>
              <p className="truncate text-sm text-slate-600">{customer.email}</p>
            </div>
          </div>
          <AccountNavigation tabs={account.tabs} />
          <div className="mt-6 hidden flex-col gap-1 border-t border-slate-200 pt-4 lg:flex">
            <p className="flex items-center gap-2.5 px-3 py-2 text-sm text-slate-700">
              <WalletIcon className="size-5 shrink-0 text-slate-500" />
              <span className="flex-1">{t("account.wallet")}</span>
              <span className="font-semibold text-slate-950 tabular-nums">
                {account.wallet.label}
              </span>
            </p>
            <button
              type="button"
              onClick={logout}
              disabled={pending}
              className="flex min-h-11 items-center gap-2.5 rounded-lg px-3 text-left text-sm font-medium text-slate-700 hover:bg-white hover:text-slate-950 disabled:opacity-70"
            >
              <LogOutIcon className="size-5 shrink-0 text-slate-500" />
              {t("account.logout")}
            </button>
          </div>
        </aside>
        <div className="mt-6 min-w-0 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
