import type { OperatorView } from "@booking/contracts";
import { type ReactNode, useState } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { PLATFORM_HOME, PLATFORM_LOGIN } from "../../../lib/admin/paths";
import { platformApi } from "../../../lib/admin/platform-api";
import { Spinner } from "../../ui/spinner";
import { SkipLink } from "../shell/console-shell";
import { ConsoleBrand } from "../shell/sidebar";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1.5 ${isActive ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/** The frame of the platform area's pages: the brand, the operator and the way out. */
export function PlatformShell({
  operator,
  children,
}: {
  operator: OperatorView;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  async function logout() {
    setPending(true);
    try {
      await platformApi.logout();
    } finally {
      window.location.assign(PLATFORM_LOGIN);
    }
  }
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          <Link to={PLATFORM_HOME} className="flex items-center gap-2 rounded-md">
            <ConsoleBrand compact />
            <span className="rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              {t("admin.platform.brand")}
            </span>
          </Link>
          <nav
            aria-label={t("admin.platform.nav.label")}
            className="flex gap-1 text-sm font-semibold"
          >
            <NavLink to={PLATFORM_HOME} end className={navClass}>
              {t("admin.platform.nav.organisers")}
            </NavLink>
            <NavLink to={`${PLATFORM_HOME}/invoices`} className={navClass}>
              {t("admin.platform.nav.invoices")}
            </NavLink>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <span
              className="min-w-0 truncate text-sm text-slate-600"
              data-testid="platform-operator"
            >
              {t("admin.platform.signed_in_as", { name: operator.name })}
            </span>
            <button
              type="button"
              onClick={() => void logout()}
              disabled={pending}
              className="inline-flex min-h-9 shrink-0 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-70"
            >
              {pending ? <Spinner /> : null}
              {t("admin.platform.logout")}
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:py-8">
        <div className="mx-auto flex max-w-7xl flex-col gap-6">{children}</div>
      </main>
    </div>
  );
}
