import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { ErrorContent, NotFoundContent } from "../../components/status-pages";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return null;
}

function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-3 rounded-md">
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-lg bg-accent text-base font-bold text-on-accent"
            >
              B
            </span>
            <span className="text-base font-semibold text-slate-950">{t("admin.product")}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <AdminFrame>
      {notFound ? <NotFoundContent homeHref="/admin" /> : <ErrorContent homeHref="/admin" />}
    </AdminFrame>
  );
}
