import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { wantsPage } from "../../http/simple-page.ts";

/** How long a client is asked to wait: a suspension is lifted by a person, not in seconds. */
export const SUSPENDED_RETRY_AFTER_SECONDS = 3600;

/**
 * Still answered for a suspended organiser: a payment its customers made before the suspension
 * must still be recorded when the provider calls back. Health checks skip tenancy altogether.
 */
const STILL_ANSWERED = new Set(["/api/payments/webhook/:provider"]);

const TEXTS = {
  fr: [
    "Site momentanément indisponible",
    "Ce site est temporairement indisponible. Merci de réessayer plus tard.",
  ],
  en: [
    "Site temporarily unavailable",
    "This site is temporarily unavailable. Please try again later.",
  ],
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The neutral page: the organiser's name and nothing else of it, no script, no asset. */
export function suspendedPage(organiser: { name: string; language: "fr" | "en" }): string {
  const [title, message] = TEXTS[organiser.language];
  const name = escapeHtml(organiser.name);
  return (
    `<!doctype html><html lang="${organiser.language}"><head><meta charset="utf-8">` +
    `<title>${name} · ${title}</title><meta name="robots" content="noindex">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body style="font-family:system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem;text-align:center;color:#0f172a">' +
    `<p style="font-weight:600;color:#475569">${name}</p>` +
    `<h1 style="font-size:1.5rem">${title}</h1><p>${message}</p></body></html>`
  );
}

function answerSuspended(
  request: FastifyRequest,
  reply: FastifyReply,
  organiser: { name: string; language: "fr" | "en" },
) {
  // 503 + Retry-After: temporary, so search engines keep the site's pages (423 would claim a
  // WebDAV lock on the resource; 403/410 would tell them to drop it).
  reply
    .status(503)
    .header("retry-after", SUSPENDED_RETRY_AFTER_SECONDS)
    .header("cache-control", "no-store");
  if (wantsPage(request)) {
    return reply.type("text/html; charset=utf-8").send(suspendedPage(organiser));
  }
  return reply.send({ error: "ORGANISER_UNAVAILABLE" });
}

/**
 * A suspended organiser's storefront (decision 0040): every page and call of its hosts answers
 * "temporarily unavailable" before any route, cache or session is looked at. Registered right
 * after the tenant resolution, whose cache the suspension drops.
 */
export function registerSuspendedStorefronts(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const tenant = request.tenant;
    if (tenant?.kind !== "storefront" || tenant.organiser.status !== "SUSPENDED") return;
    if (STILL_ANSWERED.has(request.routeOptions.url ?? "")) return;
    return answerSuspended(request, reply, tenant.organiser);
  });
}
