import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet from "helmet";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

const FRAMED_BY_SELF = "'self'";

type ResponseWithNonce = ServerResponse & { cspNonce?: string };

/**
 * Security headers, with a Content-Security-Policy that admits only our own scripts and the
 * inline scripts React Router streams into each page, which carry this request's nonce.
 *
 * Helmet's middleware is built once: @fastify/helmet built it again for every request (its
 * options checked and the policy's directives parsed each time), a tenth of a millisecond of
 * every answer's CPU (decision 0099).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateRequest("cspNonce", "");
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_request, response) => `'nonce-${(response as ResponseWithNonce).cspNonce ?? ""}'`,
        ],
        // Style attributes carry the organiser's accent colour.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The console's e-mail previews show the organisers' logos from their storefronts (http in
        // development).
        imgSrc: [
          "'self'",
          "data:",
          "https:",
          app.publicUrls.storefront({ slug: "*", domain: null, domainStatus: null }),
        ],
        // Embeds are https; the console's page editor also frames the organisers' storefronts
        // (`{slug}.{PLATFORM_DOMAIN}`, http in development), and the document models editor the
        // PDF of its unsaved draft, which the page itself fetched (a blob: URL).
        frameSrc: [
          "'self'",
          "blob:",
          "https:",
          app.publicUrls.storefront({ slug: "*", domain: null, domainStatus: null }),
        ],
        connectSrc: ["'self'"],
        // Only the site itself frames its pages; see allowFramingBy for the one exception.
        frameAncestors: [FRAMED_BY_SELF],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS terminator in front of the server.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    request.cspNonce = randomBytes(16).toString("base64");
    (reply.raw as ResponseWithNonce).cspNonce = request.cspNonce;
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}

/**
 * Lets the page of this one answer be framed by `origin` as well as by its own site: the
 * storefront's preview, framed by the console's page editor (storefront.md "Preview mode"). Every
 * other answer keeps `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`.
 */
export function allowFramingBy(reply: FastifyReply, origin: string): void {
  const policy = reply.raw.getHeader("content-security-policy");
  if (typeof policy !== "string") return;
  reply.raw.setHeader(
    "content-security-policy",
    policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${FRAMED_BY_SELF} ${origin}`),
  );
  // X-Frame-Options cannot name another site: it goes, and frame-ancestors says who may frame.
  reply.raw.removeHeader("x-frame-options");
}
