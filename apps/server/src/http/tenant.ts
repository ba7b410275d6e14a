import type { Database } from "@booking/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Organiser } from "../modules/organisers/queries.ts";
import { findOrganiserByHost } from "../modules/organisers/queries.ts";
import { createExpiringCache } from "./expiring-cache.ts";

/** Who a request is for, decided from its Host header alone. */
export type Tenant =
  | { kind: "storefront"; organiser: Organiser }
  | { kind: "admin" }
  | { kind: "unknown" };

/**
 * Which hosts a route answers on; routes default to the storefront. "any" skips the look-up
 * (health, docs); "pages" accepts organiser and console hosts (the web app's pages).
 */
export type HostScope = "storefront" | "admin" | "pages" | "any";

declare module "fastify" {
  interface FastifyRequest {
    tenant: Tenant;
  }
  interface FastifyContextConfig {
    hosts?: HostScope;
  }
}

export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  // IPv6 literals keep their brackets; the port is whatever follows the last colon after them.
  const withoutPort = host.startsWith("[")
    ? host.slice(0, host.indexOf("]") + 1)
    : host.split(":")[0];
  return (withoutPort ?? "").replace(/\.$/, "");
}

export async function resolveTenant(
  db: Database,
  platformDomain: string,
  hostHeader: string | undefined,
): Promise<Tenant> {
  const hostname = hostnameOf(hostHeader);
  if (hostname === `admin.${platformDomain}`) return { kind: "admin" };
  const organiser = await findOrganiserByHost(db, hostname, platformDomain);
  return organiser ? { kind: "storefront", organiser } : { kind: "unknown" };
}

function wantsHtml(request: FastifyRequest): boolean {
  return !request.url.startsWith("/api/") && (request.headers.accept ?? "").includes("text/html");
}

function notFound(request: FastifyRequest, reply: FastifyReply, code: string) {
  if (wantsHtml(request)) {
    return reply
      .status(404)
      .type("text/html; charset=utf-8")
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
          '<body style="font-family:system-ui;margin:4rem auto;max-width:32rem;text-align:center">' +
          "<h1>Page not found</h1><p>No site is published at this address.</p></body></html>",
      );
  }
  return reply.status(404).send({ error: code });
}

/**
 * Resolves the organiser (or the console) from the Host header before anything else runs, and
 * answers 404 when the host is unknown or the route does not belong to that kind of host. With
 * `cacheTtlMs`, a host's answer is reused for that long (decision 0012).
 */
export function registerTenantResolution(
  app: FastifyInstance,
  db: Database,
  platformDomain: string,
  cacheTtlMs = 0,
): void {
  const hosts = createExpiringCache<Tenant>({
    ttlMs: cacheTtlMs,
    maxSize: 10_000,
    sizeOf: () => 1,
  });
  const resolve = (host: string | undefined) =>
    cacheTtlMs > 0
      ? hosts.get(hostnameOf(host), () => resolveTenant(db, platformDomain, host))
      : resolveTenant(db, platformDomain, host);
  app.decorateRequest("tenant", null as never);
  app.addHook("onRequest", async (request, reply) => {
    const scope: HostScope = request.routeOptions.config?.hosts ?? "storefront";
    if (scope === "any") {
      request.tenant = { kind: "unknown" };
      return;
    }
    request.tenant = await resolve(request.headers.host);
    if (request.tenant.kind === "unknown") return notFound(request, reply, "ORGANISER_NOT_FOUND");
    if (scope !== "pages" && request.tenant.kind !== scope) {
      return notFound(request, reply, "NOT_FOUND");
    }
  });
}
