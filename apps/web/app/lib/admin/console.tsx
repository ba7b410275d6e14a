import type { AdminSessionResponse } from "@booking/contracts";
import { DEFAULT_TIME_ZONE, type Permission } from "@booking/domain";
import { type ReactNode, useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { createFormatters } from "../format";
import { useLanguage } from "../root-data";
import { hasPermission } from "./permissions";

/** The id of the console layout route (routes.ts), whose loader answers the session. */
export const CONSOLE_ROUTE_ID = "admin-console";

export interface ConsoleLayoutData {
  session: AdminSessionResponse;
}

/**
 * The console session of the page, for the pages inside the console layout: who is logged in,
 * the organiser shown, and `can(permission)` to hide what the role does not allow.
 */
export function useConsole() {
  const loaded = useRouteLoaderData(CONSOLE_ROUTE_ID) as ConsoleLayoutData | undefined;
  if (!loaded) throw new Error("useConsole is only available inside the console layout");
  const { session } = loaded;
  return useMemo(
    () => ({ session, can: (permission: Permission) => hasPermission(session, permission) }),
    [session],
  );
}

/** Shows its children only when the collaborator's role grants `permission`. */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { can } = useConsole();
  return <>{can(permission) ? children : fallback}</>;
}

/**
 * Dates and money in the console: the page's language, the organiser's time zone and currency
 * (the same on the server and in the browser, so the hydrated text matches).
 */
export function useConsoleFormatters() {
  const { session } = useConsole();
  const language = useLanguage();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const currency = session.organiser?.currency ?? "EUR";
  return useMemo(
    () => createFormatters(language, timeZone, currency),
    [language, timeZone, currency],
  );
}
