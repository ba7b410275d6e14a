import type { Language } from "@booking/contracts";
import { DEFAULT_LANGUAGE } from "../i18n";

/**
 * The language of a page whose address does not say it (the console before log-in, the platform's
 * home page at "/"): the browser's when it is English, French otherwise.
 */
export function preferredLanguage(request: Request): Language {
  const header = request.headers.get("accept-language") ?? "";
  return header.trim().toLowerCase().startsWith("en") ? "en" : DEFAULT_LANGUAGE;
}
