import type { FastifyRequest } from "fastify";

/** A page address rather than an API call, asked for by a browser. */
export function wantsPage(request: FastifyRequest): boolean {
  return !request.url.startsWith("/api/") && (request.headers.accept ?? "").includes("text/html");
}

/**
 * A self-contained page for answers given before (or instead of) the web app's rendering: it
 * needs no database, no organiser and no script.
 */
export function simplePage(title: string, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body style="font-family:system-ui;margin:4rem auto;max-width:32rem;padding:0 1rem;text-align:center">' +
    `<h1>${title}</h1><p>${message}</p></body></html>`
  );
}
