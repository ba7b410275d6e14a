/** The console's own pages that other pieces link to (the nav lists the rest). */
export const CONSOLE_HOME = "/admin";
export const CONSOLE_LOGIN = "/admin/login";
export const CONSOLE_PASSWORD = "/admin/password";
/** The platform area of the operators (decision 0040), with its own log-in. */
export const PLATFORM_HOME = "/admin/platform";
export const PLATFORM_LOGIN = "/admin/platform/login";

/**
 * Where to go after logging in: a console path of the `redirect` parameter, the console's home
 * otherwise (another host, `//evil`, the log-in page itself).
 */
export function consoleRedirect(value: string | null | undefined): string {
  if (!value?.startsWith(CONSOLE_HOME)) return CONSOLE_HOME;
  const path = value.split(/[?#]/, 1)[0] ?? "";
  if (path !== CONSOLE_HOME && !path.startsWith(`${CONSOLE_HOME}/`)) return CONSOLE_HOME;
  if (path === CONSOLE_LOGIN || path === CONSOLE_PASSWORD) return CONSOLE_HOME;
  return value;
}

/**
 * The log-in page, coming back to `redirectTo` afterwards (the home needs no parameter); the
 * platform area's pages have the operators' log-in.
 */
export function loginHref(redirectTo?: string | null): string {
  const target = consoleRedirect(redirectTo);
  if (target === PLATFORM_HOME || target.startsWith(`${PLATFORM_HOME}/`)) {
    return target === PLATFORM_HOME
      ? PLATFORM_LOGIN
      : `${PLATFORM_LOGIN}?redirect=${encodeURIComponent(target)}`;
  }
  return target === CONSOLE_HOME
    ? CONSOLE_LOGIN
    : `${CONSOLE_LOGIN}?redirect=${encodeURIComponent(target)}`;
}

/** A path with its query, leaving out empty values: `withQuery("/api/admin/audit-logs", {…})`. */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
