import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

type ResponseWithNonce = ServerResponse & { cspNonce?: string };

/**
 * Security headers, with a Content-Security-Policy that admits only our own scripts and the
 * inline scripts React Router streams into each page, which carry this request's nonce.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    request.cspNonce = randomBytes(16).toString("base64");
    (reply.raw as ResponseWithNonce).cspNonce = request.cspNonce;
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_request, response) => `'nonce-${(response as ResponseWithNonce).cspNonce ?? ""}'`,
        ],
        // Style attributes carry the organiser's accent colour.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        frameSrc: ["'self'", "https:"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS terminator in front of the server.
    strictTransportSecurity: false,
  });
}
