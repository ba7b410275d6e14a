import { websiteDomainBody, websiteDomainView } from "@booking/contracts/admin/website-domain";
import type { Database } from "@booking/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { normaliseHost } from "../../http/tenant.ts";
import { findOrganiserByHost } from "../organisers/queries.ts";
import { checkClaim, createDomainConsole, type DomainDeps } from "./domain-service.ts";

/**
 * The organiser's own domain in the console (/api/admin/website/domain…, decision 0044), and the
 * question a TLS-terminating proxy asks before it requests a certificate for a host.
 */
export function registerDomainRoutes(app: FastifyInstance, deps: ConsoleDeps & DomainDeps): void {
  const domains = createDomainConsole(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: website"];

  api.get(
    "/api/admin/website/domain",
    {
      schema: { tags, response: { 200: websiteDomainView } },
      config: { console: "website.website.read" },
    },
    (request) => inConsole(deps, request, (context) => domains.get(context)),
  );
  api.put(
    "/api/admin/website/domain",
    {
      schema: { tags, body: websiteDomainBody, response: { 200: websiteDomainView } },
      config: { console: "website.website.update" },
    },
    (request) => inConsole(deps, request, (context) => domains.set(context, request.body)),
  );
  api.post(
    "/api/admin/website/domain/verify",
    {
      schema: { tags, response: { 200: websiteDomainView } },
      config: { console: "website.website.update" },
    },
    async (request) => {
      // The DNS look-ups run between two short transactions, never inside one.
      const claim = await inConsole(deps, request, (context) => domains.claimToCheck(context));
      const result = await checkClaim(deps, claim);
      return inConsole(deps, request, (context) => domains.recordCheck(context, claim, result));
    },
  );
  api.delete(
    "/api/admin/website/domain",
    {
      schema: { tags },
      config: { console: "website.website.update" },
    },
    async (request, reply) => {
      await inConsole(deps, request, (context) => domains.remove(context));
      return reply.status(204).send();
    },
  );

  registerTlsAllowRoute(app, deps.db, deps.platformDomain);
}

/**
 * `GET /api/tls/allow?domain=…` for Caddy's `on_demand_tls { ask … }`: 200 when the host is one
 * the platform serves (its own domain, the console, an organiser's `{slug}.{PLATFORM_DOMAIN}` or
 * verified own domain), 404 otherwise, so nobody can make the proxy request certificates for
 * names of their choosing. It answers on any host: what it tells, whether a host has a site, any
 * visitor learns by opening the host.
 */
function registerTlsAllowRoute(app: FastifyInstance, db: Database, platformDomain: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/tls/allow",
    {
      schema: {
        tags: ["platform"],
        querystring: z.object({ domain: z.string("REQUIRED").max(300, "TOO_LONG") }),
      },
      config: { hosts: "any" },
      logLevel: "warn",
    },
    async (request, reply) => {
      const host = normaliseHost(request.query.domain);
      if (host === null) return reply.status(400).send({ error: "BAD_REQUEST" });
      const served =
        host === platformDomain ||
        host === `admin.${platformDomain}` ||
        (await findOrganiserByHost(db, host, platformDomain)) !== null;
      if (!served) return reply.status(404).send({ error: "NOT_FOUND" });
      return { domain: host };
    },
  );
}
