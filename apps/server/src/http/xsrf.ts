import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.ts";
import { setXsrfCookie, XSRF_COOKIE, XSRF_HEADER } from "./cookies.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false for calls authenticated otherwise (provider webhooks) */
    xsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit protection: every visitor gets an XSRF-TOKEN cookie, and every state-changing
 * call must echo it in the X-XSRF-TOKEN header. A cross-site page can send the cookie but cannot
 * read it, so it cannot forge the header.
 */
export function registerXsrfProtection(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) setXsrfCookie(request, reply, randomBytes(24).toString("base64url"));
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== "string" || !sameToken(cookie, header)) {
      throw new AppError("CSRF_TOKEN_MISMATCH");
    }
  });
}
