import type { FastifyInstance } from "fastify";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { sitemap } from "./service.ts";

/** The sitemaps protocol allows 50,000 URLs per file. */
const MAX_SITEMAP_URLS = 50_000;

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`,
  );
}

/** A site path under the language prefix, as the web app links it (`/fr`, `/fr/stages`). */
function localisedPath(language: string, path: string): string {
  return `/${language}${path === "/" ? "" : path}`;
}

/**
 * /sitemap.xml and /robots.txt of an organiser's site. Registered before the web app's catch-all
 * route; organiser hosts only.
 */
export function registerSeoRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const entries = await inTenant(deps, request, (context) => sitemap(context));
    const tenant = request.tenant;
    const language = tenant.kind === "storefront" ? tenant.organiser.language : "fr";
    const base = publicOrigin(request);
    const urls = entries.slice(0, MAX_SITEMAP_URLS).map((entry) => {
      const loc = escapeXml(`${base}${encodeURI(localisedPath(language, entry.path))}`);
      return `<url><loc>${loc}</loc><lastmod>${entry.updated_at}</lastmod></url>`;
    });
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      );
  });

  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${publicOrigin(request)}/sitemap.xml\n`),
  );
}
