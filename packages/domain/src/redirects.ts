/** True for paths of this site (`/…`), false for external, mailto:, tel:, `#…` and `//host`. */
export function isInternalHref(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
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
