/**
 * An organiser's slug names its storefront host, `{slug}.{PLATFORM_DOMAIN}`, so it must be a DNS
 * label the platform does not use itself.
 *
 * Decisions:
 * - 3 to 40 characters: short enough to type, long enough to be unambiguous (a DNS label allows 63).
 * - Lower-case letters, digits and single hyphens, neither first nor last: a hostname label; two
 *   hyphens in a row are refused because `xx--` prefixes are kept for internationalised names.
 * - Reserved: the platform's own hosts and names that would look like the platform speaking.
 */

export const ORGANISER_SLUG_LENGTH = Object.freeze({ min: 3, max: 40 });

export const RESERVED_ORGANISER_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "app",
  "www",
  "assets",
  "auth",
  "billing",
  "blog",
  "cdn",
  "console",
  "dashboard",
  "docs",
  "help",
  "login",
  "mail",
  "platform",
  "signup",
  "smtp",
  "static",
  "status",
  "support",
]);

export type OrganiserSlugProblem = "TOO_SHORT" | "TOO_LONG" | "INVALID_FORMAT" | "SLUG_RESERVED";

/** Why `slug` (already trimmed and lower-cased) cannot name an organiser, or null when it can. */
export function organiserSlugProblem(slug: string): OrganiserSlugProblem | null {
  if (slug.length < ORGANISER_SLUG_LENGTH.min) return "TOO_SHORT";
  if (slug.length > ORGANISER_SLUG_LENGTH.max) return "TOO_LONG";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return "INVALID_FORMAT";
  if (RESERVED_ORGANISER_SLUGS.has(slug)) return "SLUG_RESERVED";
  return null;
}

/** A slug suggested from an organiser's name: "École de Musique d'Uccle" → "ecole-de-musique-d-uccle". */
export function suggestOrganiserSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ORGANISER_SLUG_LENGTH.max)
    .replace(/-+$/, "");
}
