import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** also limited per account: the e-mail of the body, on this host (credential calls) */
    limitPerAccount?: boolean;
  }
}

const WINDOW = "1 minute";

/**
 * Per-route limit for credential calls (log-in, register, password): counted per client address
 * (request.ip, which believes X-Forwarded-For only from TRUST_PROXY's proxies) and normalised
 * host, so one organiser's traffic never locks out another's visitors and neither a new spelling
 * of the host nor a forged X-Forwarded-For opens a new count.
 */
export function authRateLimit(max: number): FastifyContextConfig {
  return {
    limitPerAccount: true,
    rateLimit: {
      max,
      timeWindow: WINDOW,
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}|${request.siteHost}|${request.routeOptions.url}`,
    },
  };
}

/**
 * The second count of credential calls: per e-mail address and host, whatever address the
 * attempts come from, so guessing one account's password from many addresses is limited too.
 */
export function registerPerAccountRateLimit(app: FastifyInstance, max: number): void {
  const limit = app.createRateLimit({
    max,
    timeWindow: WINDOW,
    keyGenerator: (request: FastifyRequest) =>
      `${request.siteHost}|${request.routeOptions.url}|${accountOf(request)}`,
  });
  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config?.limitPerAccount || accountOf(request) === null) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", result.ttlInSeconds);
    throw new AppError("RATE_LIMITED");
  });
}

function accountOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}
