import type { FastifyContextConfig, FastifyRequest } from "fastify";

/**
 * Per-route limit for credential calls (log-in, register, password): counted per client address
 * and host, so one organiser's traffic never locks out another's visitors.
 */
export function authRateLimit(max: number): FastifyContextConfig {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}|${request.headers.host ?? ""}|${request.routeOptions.url}`,
    },
  };
}
