import type { OperatorView } from "@booking/contracts";
import { Outlet, redirect, useRouteLoaderData } from "react-router";
import { PlatformShell } from "../../../components/admin/platform/platform-shell";
import { PublicConsoleFrame } from "../../../components/admin/shell/console-shell";
import { ConsoleErrorContent } from "../../../components/admin/status-pages";
import { loginHref } from "../../../lib/admin/paths";
import { requireAdmin } from "../../../lib/server-context";
import type { Route } from "./+types/layout";

export const PLATFORM_ROUTE_ID = "admin-platform";

/** The platform area: operators only (a collaborator's console session is no way in). */
export function loader({ context, request }: Route.LoaderArgs): { operator: OperatorView } {
  const admin = requireAdmin(context);
  const url = new URL(request.url);
  if (!admin.operator) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return { operator: admin.operator };
}

export default function PlatformLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PlatformShell operator={loaderData.operator}>
      <Outlet />
    </PlatformShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaded = useRouteLoaderData(PLATFORM_ROUTE_ID) as { operator: OperatorView } | undefined;
  const content = <ConsoleErrorContent error={error} />;
  return loaded ? (
    <PlatformShell operator={loaded.operator}>{content}</PlatformShell>
  ) : (
    <PublicConsoleFrame>{content}</PublicConsoleFrame>
  );
}
