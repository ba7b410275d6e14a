import type { FastifyRequest } from "fastify";

/** A page address rather than an API call, asked for by a browser. */
export function wantsPage(request: FastifyRequest): boolean {
  return !request.url.startsWith("/api/") && (request.headers.accept ?? "").includes("text/html");
}

const PAGES = {
  badRequest: {
    fr: ["Adresse invalide", "Cette adresse contient des caractères qui ne peuvent pas être lus."],
    en: ["Bad request", "This address contains characters that cannot be read."],
  },
  unavailable: {
    fr: [
      "Service momentanément indisponible",
      "Le site ne peut pas accéder à ses données pour l'instant. Réessayez dans quelques secondes.",
    ],
    en: [
      "Service unavailable",
      "The site cannot reach its data for a moment. Please try again in a few seconds.",
    ],
  },
} as const;

/** The page's language: the address's (/en/…) or else the browser's first, French by default. */
function languageOf(request: FastifyRequest): "fr" | "en" {
  if (/^\/en(\/|$|\?)/.test(request.url)) return "en";
  if (/^\/fr(\/|$|\?)/.test(request.url)) return "fr";
  return (request.headers["accept-language"] ?? "").trim().startsWith("en") ? "en" : "fr";
}

/**
 * A self-contained page for answers given before (or instead of) the web app's rendering: it
 * needs no database, no organiser and no script.
 */
export function simplePage(request: FastifyRequest, kind: keyof typeof PAGES): string {
  const language = languageOf(request);
  const [title, message] = PAGES[kind][language];
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body style="font-family:system-ui;margin:4rem auto;max-width:32rem;padding:0 1rem;text-align:center">' +
    `<h1 style="font-size:1.5rem">${title}</h1><p>${message}</p></body></html>`
  );
}
