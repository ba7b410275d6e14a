import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import { registry } from "./registry.ts";

/**
 * METRICS_TOKEN: GET /metrics on the application's port, for a scraper that sends
 * `Authorization: Bearer <token>`; anyone else gets 401. Without a token the route does not exist.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get(
    "/metrics",
    { config: { hosts: "any", admission: "immediate" }, schema: { hide: true }, logLevel: "warn" },
    async (request, reply) => {
      const given = digest(request.headers.authorization ?? "");
      if (!timingSafeEqual(given, expected)) {
        return reply
          .status(401)
          .header("www-authenticate", "Bearer")
          .send({ error: "UNAUTHORIZED" });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

/** Compared as digests: equal lengths, and the token's length is not told by the time taken. */
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * METRICS_PORT: /metrics on a port of its own (a private network the scraper reaches, not the
 * public one), in servers and in `npm run worker`. Resolves once listening; returns its stop.
 */
export async function startMetricsServer(port: number, host: string): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
