import { safeRedirect } from "../../lib/links";

/** The account's participants list, where the participant pages go back to. */
export const PARTICIPANTS_PATH = "/account/participants";

/**
 * Where the create form goes once the participant exists (platform-and-account.md §2.3): with a
 * `redirect` query parameter, to that path of this site — its own query kept, the create page's
 * other query parameters added — with `participant` set to the new participant's cuid (the
 * availability's add form then preselects it); without one (or with one pointing elsewhere than
 * this site), back to the participants list.
 */
export function pathAfterCreate(search: string, cuid: string): string {
  const current = new URLSearchParams(search);
  const redirect = safeRedirect(current.get("redirect"), "");
  if (!redirect) return PARTICIPANTS_PATH;
  const target = new URL(redirect, "http://site.invalid");
  for (const [key, value] of current) {
    if (key !== "redirect" && key !== "participant" && !target.searchParams.has(key)) {
      target.searchParams.append(key, value);
    }
  }
  target.searchParams.set("participant", cuid);
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Where "cancel" on the create form leads: back to the redirect path, or the list. */
export function pathOnCancel(search: string): string {
  return safeRedirect(new URLSearchParams(search).get("redirect"), PARTICIPANTS_PATH);
}
