import type { Permission } from "@booking/domain";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useConsole } from "../../../lib/admin/console";

/** The tabs of the payments page, each shown to the collaborators who may read it. */
const TABS: ReadonlyArray<{ to: string; label: string; permission: Permission; end?: boolean }> = [
  {
    to: "/admin/payments",
    label: "admin.payments.tabs.payments",
    permission: "payments.payments.read",
    end: true,
  },
  {
    to: "/admin/payments/outstanding",
    label: "admin.payments.tabs.outstanding",
    permission: "payments.payments.read",
  },
  {
    to: "/admin/payments/statements",
    label: "admin.payments.tabs.statements",
    permission: "bank.statements.read",
  },
  {
    to: "/admin/payments/lines",
    label: "admin.payments.tabs.lines",
    permission: "bank.statements.read",
  },
];

export function PaymentsTabs() {
  const { t } = useTranslation();
  const { can } = useConsole();
  return (
    <nav
      aria-label={t("admin.payments.tabs.label")}
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {TABS.filter((tab) => can(tab.permission)).map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              preventScrollReset
              className={({ isActive }) =>
                clsx(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                  isActive
                    ? "border-accent text-slate-950"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-950",
                )
              }
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
