import {
  readApiActivities,
  readApiAvailabilities,
  readApiCustomers,
  readApiPayments,
  readApiQuery,
  readApiRegistrations,
} from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { type ApiKeyScope, apiKeyUsable } from "@booking/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { findUsedApiKey } from "./queries.ts";
import {
  type Page,
  readActivities,
  readAvailabilities,
  readCustomers,
  readPayments,
  readRegistrations,
} from "./read-api-queries.ts";
import { hashApiKey } from "./service.ts";

/** Calls per minute and key (or per client address without a key). */
export const READ_API_RATE_LIMIT = 120;

const BEARER = /^Bearer\s+(\S+)$/i;

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === "string" ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/**
 * The key of the call, checked in the call's transaction: an unknown key (another organiser's
 * is unknown on this host), a revoked or expired one → 401; a key without the scope → 403.
 * Marks it used.
 */
async function authorise(
  tx: TenantTx,
  organiserId: number,
  request: FastifyRequest,
  scope: ApiKeyScope,
) {
  const bearer = bearerOf(request);
  if (!bearer) throw new AppError("UNAUTHENTICATED");
  const now = new Date();
  const key = await findUsedApiKey(tx, organiserId, hashApiKey(bearer), now);
  if (!key || !apiKeyUsable(key, now)) throw new AppError("UNAUTHENTICATED");
  if (!key.scopes.includes(scope)) throw new AppError("FORBIDDEN");
}

/** Calls are counted per key (its hash: the key itself is kept nowhere), else per address. */
function rateLimitKey(request: FastifyRequest): string {
  const bearer = bearerOf(request);
  return `api|${request.siteHost}|${bearer ? hashApiKey(bearer) : request.ip}`;
}

type Reader = (
  tx: TenantTx,
  organiserId: number,
  page: Page,
) => Promise<{ count: number; data: unknown[] }>;

/**
 * GET /api/v1/{activities,availabilities,customers,registrations,payments} on the organiser's
 * host (decision 0086): read-only lists for the organiser's own tools, each behind its scope,
 * with `Authorization: Bearer <key>`; rate limited per key.
 */
export function registerReadApiRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["API (keys)"];
  const route = (
    area: string,
    scope: ApiKeyScope,
    response: z.ZodType,
    read: Reader,
    description: string,
  ) =>
    api.get(
      `/api/v1/${area}`,
      {
        schema: {
          tags,
          description: `${description} Needs an API key with the \`${scope}\` scope.`,
          security: [{ apiKey: [] }],
          querystring: readApiQuery,
          response: { 200: response },
        },
        config: {
          rateLimit: {
            max: READ_API_RATE_LIMIT,
            timeWindow: "1 minute",
            keyGenerator: rateLimitKey,
          },
        },
      },
      async (request, reply) => {
        const { page_number, page_size } = request.query;
        const page = { limit: page_size, offset: (page_number - 1) * page_size };
        const result = await inTenant(deps, request, async (context) => {
          await authorise(context.db, context.organiser.id, request, scope);
          return read(context.db, context.organiser.id, page);
        });
        reply.header("cache-control", "no-store");
        return { ...result, limit: page.limit, offset: page.offset };
      },
    );

  route("activities", "activities.read", readApiActivities, readActivities, "The activities.");
  route(
    "availabilities",
    "availabilities.read",
    readApiAvailabilities,
    readAvailabilities,
    "The availabilities (sessions) of every activity.",
  );
  route("customers", "customers.read", readApiCustomers, readCustomers, "The customers.");
  route(
    "registrations",
    "registrations.read",
    readApiRegistrations,
    readRegistrations,
    "The registrations, cancelled ones included.",
  );
  route("payments", "payments.read", readApiPayments, readPayments, "The online payments.");
}
