import type { Database } from "@booking/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Organiser } from "../modules/organisers/queries.ts";
import { findOrganiserByHost } from "../modules/organisers/queries.ts";
import { createExpiringCache } from "./expiring-cache.ts";

/** Who a request is for, decided from its (normalised) Host header alone. */
export type Tenant =
  | { kind: "storefront"; organiser: Organiser }
  | { kind: "admin" }
  /** the bare platform domain: the product's own site and the organisers' sign-up */
  | { kind: "platform" }
  | { kind: "unknown" };

/**
 * Which hosts a route answers on; routes default to the storefront. "any" skips the look-up
 * (health, docs); "pages" accepts organiser, console and platform hosts (the web app's pages).
 */
export type HostScope = "storefront" | "admin" | "platform" | "pages" | "any";

declare module "fastify" {
  interface FastifyRequest {
    tenant: Tenant;
    /** the normalised Host (see normaliseHost): the key of tenancy, caches and rate limits */
    siteHost: string;
  }
  interface FastifyContextConfig {
    hosts?: HostScope;
  }
  interface FastifyInstance {
    /** drops a host's cached look-up, so a change to its organiser shows at once (decision 0040) */
    forgetTenantHost(hostname: string): void;
  }
}

/** A DNS name (letters, digits, hyphens; labels of 1–63) or a bracketed IPv6 literal. */
const HOSTNAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * The Host header as tenancy, caches and rate limits know it: lower case, without port or
 * trailing dot. Null when it is missing or malformed (user-info, path, spaces, a bad port…), which
 * is answered 400 before anything else looks at it.
 */
export function normaliseHost(hostHeader: string | undefined): string | null {
  const host = (hostHeader ?? "").trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(host);
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return null;
  const hostname = match[1]!.replace(/\.$/, "");
  return hostname.length <= 253 && HOSTNAME.test(hostname) ? hostname : null;
}

async function resolveTenant(
  db: Database,
  platformDomain: string,
  hostname: string,
): Promise<Tenant> {
  if (hostname === platformDomain) return { kind: "platform" };
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
    // An unknown host may be an organiser signing up right now: its storefront answers at once.
    keep: (tenant) => tenant.kind !== "unknown",
  });
  const resolve = (hostname: string) =>
    cacheTtlMs > 0
      ? hosts.get(hostname, () => resolveTenant(db, platformDomain, hostname))
      : resolveTenant(db, platformDomain, hostname);
  app.decorateRequest("tenant", null as never);
  app.decorateRequest("siteHost", "");
  app.decorate("forgetTenantHost", (hostname: string) => hosts.deletePrefix(hostname));
  app.addHook("onRequest", async (request, reply) => {
    const hostname = normaliseHost(request.headers.host);
    if (hostname === null) return reply.status(400).send({ error: "BAD_REQUEST" });
    request.siteHost = hostname;
    const scope: HostScope = request.routeOptions.config?.hosts ?? "storefront";
    if (scope === "any") {
      request.tenant = { kind: "unknown" };
      return;
    }
    request.tenant = await resolve(hostname);
    if (request.tenant.kind === "unknown") return notFound(request, reply, "ORGANISER_NOT_FOUND");
    if (scope !== "pages" && request.tenant.kind !== scope) {
      return notFound(request, reply, "NOT_FOUND");
    }
  });
}
