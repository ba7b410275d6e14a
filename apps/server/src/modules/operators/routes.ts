import {
  adminCuidParams,
  impersonationResponse,
  loginBody,
  okResponse,
  operatorPasswordBody,
  operatorSessionResponse,
  platformOrganiserDetail,
  platformOrganiserList,
  platformOrganisersQuery,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { authRateLimit } from "../../http/rate-limit.ts";
import { createOperatorAuth, operatorView } from "./auth.ts";
import { registerOperatorBillingRoutes } from "./billing-routes.ts";
import { type PlatformOrganisersDeps, platformOrganisers } from "./organisers-service.ts";

export interface OperatorRouteDeps extends PlatformOrganisersDeps {
  authRateLimitMax: number;
}

function operatorOf(request: FastifyRequest) {
  if (!request.operatorAccess) throw new AppError("UNAUTHENTICATED");
  return request.operatorAccess;
}

/**
 * The platform area (decision 0040): operators' log-in and session, and every organiser with its
 * suspension and the owner's impersonation. Every call but the log-in and password ones declares
 * `console: "operator"`: an operator's session, never a collaborator's.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: OperatorRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = createOperatorAuth(deps);
  const organisers = platformOrganisers(deps);
  const tags = ["console: platform operators"];
  const publicAccess = { console: "public" as const, ...authRateLimit(deps.authRateLimitMax) };
  const operator = { console: "operator" as const };
  const params = adminCuidParams;

  api.post(
    "/api/admin/platform/auth/login",
    {
      schema: { tags, body: loginBody, response: { 200: operatorSessionResponse } },
      config: publicAccess,
    },
    (request, reply) => auth.login(request, reply, request.body),
  );
  api.post(
    "/api/admin/platform/auth/logout",
    { schema: { tags, response: { 200: okResponse } }, config: { console: "public" } },
    async (request, reply) => {
      await auth.logout(request, reply);
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/platform/auth/password",
    {
      schema: { tags, body: operatorPasswordBody, response: { 200: okResponse } },
      config: publicAccess,
    },
    async (request) => {
      await auth.setPassword(request.body);
      return { ok: true as const };
    },
  );
  api.get(
    "/api/admin/platform/session",
    { schema: { tags, response: { 200: operatorSessionResponse } }, config: operator },
    async (request) => ({ operator: operatorView(operatorOf(request).operator) }),
  );

  api.get(
    "/api/admin/platform/organisers",
    {
      schema: {
        tags,
        querystring: platformOrganisersQuery,
        response: { 200: platformOrganiserList },
      },
      config: operator,
    },
    (request) => organisers.list(request.query),
  );
  api.get(
    "/api/admin/platform/organisers/:cuid",
    { schema: { tags, params, response: { 200: platformOrganiserDetail } }, config: operator },
    (request) => organisers.detail(request.params.cuid),
  );
  api.post(
    "/api/admin/platform/organisers/:cuid/suspend",
    { schema: { tags, params, response: { 200: platformOrganiserDetail } }, config: operator },
    (request) => organisers.suspend(operatorOf(request), request.params.cuid),
  );
  api.post(
    "/api/admin/platform/organisers/:cuid/reactivate",
    { schema: { tags, params, response: { 200: platformOrganiserDetail } }, config: operator },
    (request) => organisers.reactivate(operatorOf(request), request.params.cuid),
  );
  api.post(
    "/api/admin/platform/organisers/:cuid/impersonate",
    { schema: { tags, params, response: { 200: impersonationResponse } }, config: operator },
    (request, reply) =>
      organisers.impersonateOwner(request, reply, operatorOf(request), request.params.cuid),
  );
  registerOperatorBillingRoutes(app, deps);
}
