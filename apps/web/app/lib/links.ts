import type { Language } from "@booking/contracts";

const LANG_PREFIX = /^\/(fr|en)(?=[/?#]|$)/;

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/**
 * Organiser-provided hrefs (navigation, footer, announcement) limited to paths of the site,
 * anchors, http(s), mailto: and tel: — anything else (javascript:, data:…) becomes "#".
 */
export function safeHref(href: string): string {
  const value = href.trim();
  if (value === "" || value.startsWith("#") || value.startsWith("?")) return value || "#";
  if (value.startsWith("/") || value.startsWith("./") || value.startsWith("../")) return value;
  if (SAFE_SCHEMES.test(value)) return value;
  // A relative path without scheme ("activities/x") has no colon before its first slash.
  const colon = value.indexOf(":");
  const slash = value.indexOf("/");
  if (colon === -1 || (slash !== -1 && slash < colon)) return value;
  return "#";
}

/** True for paths of this site (`/…`), false for external, mailto:, tel:, `#…` and `//host`. */
export function isInternalHref(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

/**
 * Spec: links that start with / receive the current language code as a prefix unless it is
 * already there.
 */
export function localizeHref(href: string, language: Language): string {
  if (!isInternalHref(href) || LANG_PREFIX.test(href)) return href;
  if (href === "/") return `/${language}`;
  if (href.startsWith("/?") || href.startsWith("/#")) return `/${language}${href.slice(1)}`;
  return `/${language}${href}`;
}

/** The path without its language prefix (`/en/auth/login` → `/auth/login`). */
export function stripLanguage(pathname: string): string {
  const stripped = pathname.replace(LANG_PREFIX, "");
  return stripped === "" ? "/" : stripped;
}

/** The same page in another language. */
export function switchLanguage(pathname: string, search: string, language: Language): string {
  const path = stripLanguage(pathname);
  return `/${language}${path === "/" ? "" : path}${search}`;
}

/**
 * A redirect target from the query string: only a path of this site, never another host
 * (`//evil.example`, `https://…`, `/\evil`), so a crafted link cannot send people elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  // Browsers drop tabs and new lines from URLs ("/\t/evil" becomes "//evil"): refuse them all.
  if (!value || !isInternalHref(value) || /[\s\\]/.test(value)) return fallback;
  return value;
}

/** `path?redirect=…` when a redirect is present, `path` otherwise. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  if (!redirect) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}redirect=${encodeURIComponent(redirect)}`;
}

export function isAuthPath(pathname: string): boolean {
  return stripLanguage(pathname).startsWith("/auth/") || stripLanguage(pathname) === "/auth";
}
