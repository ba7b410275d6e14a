import type { AdminSessionResponse } from "@booking/contracts";
import type { Permission } from "@booking/domain";
import { data, type RouterContextProvider, redirect } from "react-router";
import { type AdminContext, notFound, requireAdmin } from "../server-context";
import { loginHref, PLATFORM_HOME } from "./paths";
import { hasPermission } from "./permissions";

/** What a console loader receives that these helpers need. */
export interface ConsoleLoaderArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
}

/** A logged-in console request: its session and the in-process reader of the console API. */
export interface ConsoleRequest {
  session: AdminSessionResponse;
  api: AdminContext["api"];
}

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The 403 every console page shows the same way (the shell's "no access" page). */
export function forbidden(): never {
  throw data({ error: "FORBIDDEN" }, { status: 403, statusText: "Forbidden" });
}

/**
 * The console session of the request; a visitor without one goes to the log-in page, which
 * brings them back here. Every console loader starts with it (loaders run in parallel, so the
 * layout's check does not protect its pages' reads).
 */
export function requireConsole({ context, request }: ConsoleLoaderArgs): ConsoleRequest {
  const admin = requireAdmin(context);
  // An operator reaches an organiser's console only by opening it from the platform area.
  if (!admin.session && admin.operator) throw redirect(PLATFORM_HOME);
  if (!admin.session) throw redirect(loginHref(here(request)));
  return { session: admin.session, api: admin.api };
}

/** requireConsole, and the "no access" page when the collaborator's role lacks `permission`. */
export function requirePermission(args: ConsoleLoaderArgs, permission: Permission): ConsoleRequest {
  const request = requireConsole(args);
  if (!hasPermission(request.session, permission)) forbidden();
  return request;
}

/**
 * A console API read (`/api/admin/…`) for a loader. The API checks the permission: its 401 goes
 * to the log-in page, 403 to the "no access" page, 404 to the not-found page; any other failure
 * is an error page.
 */
export async function adminGet<T>(args: ConsoleLoaderArgs, path: string): Promise<T> {
  const { api } = requireConsole(args);
  const answer = await api.get<T>(path);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  if (answer.status === 401) throw redirect(loginHref(here(args.request)));
  if (answer.status === 403) forbidden();
  if (answer.status === 404) notFound();
  throw data(answer.body, { status: answer.status });
}
