import { Outlet, useRouteLoaderData } from "react-router";
import { ConsoleShell, PublicConsoleFrame } from "../../components/admin/shell/console-shell";
import { ConsoleErrorContent } from "../../components/admin/status-pages";
import { CONSOLE_ROUTE_ID, type ConsoleLayoutData } from "../../lib/admin/console";
import { requireConsole } from "../../lib/admin/loaders";
import type { Route } from "./+types/console";

/** The logged-in console: its session feeds the shell and `useConsole()` of every page. */
export function loader(args: Route.LoaderArgs): ConsoleLayoutData {
  return { session: requireConsole(args).session };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleShell session={loaderData.session}>
      <Outlet />
    </ConsoleShell>
  );
}

/** A page's error (no access, not found, failure) keeps the shell when the session is there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaded = useRouteLoaderData(CONSOLE_ROUTE_ID) as ConsoleLayoutData | undefined;
  const content = <ConsoleErrorContent error={error} />;
  return loaded ? (
    <ConsoleShell session={loaded.session}>{content}</ConsoleShell>
  ) : (
    <PublicConsoleFrame>{content}</PublicConsoleFrame>
  );
}
