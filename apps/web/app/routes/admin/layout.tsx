import { Outlet } from "react-router";
import { PublicConsoleFrame } from "../../components/admin/shell/console-shell";
import { ConsoleErrorContent } from "../../components/admin/status-pages";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/layout";

/** Every /admin path: only on the admin host (404 elsewhere). */
export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicConsoleFrame>
      <ConsoleErrorContent error={error} />
    </PublicConsoleFrame>
  );
}
