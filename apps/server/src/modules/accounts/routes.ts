import {
  loginBody,
  okResponse,
  passwordLinkBody,
  passwordResetBody,
  registerBody,
  sessionCustomer,
  sessionResponse,
  updateSessionBody,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clearSessionCookie, setSessionCookie } from "../../http/cookies.ts";
import { publicOrigin } from "../../http/public-urls.ts";
import { authRateLimit } from "../../http/rate-limit.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import type { AccountsService } from "./service.ts";

const customerResponse = z.object({ customer: sessionCustomer });

function resetUrlFor(request: FastifyRequest) {
  const language = request.tenant.kind === "storefront" ? request.tenant.organiser.language : "fr";
  const origin = publicOrigin(request);
  return (token: string) =>
    `${origin}/${language}/auth/password?token=${encodeURIComponent(token)}`;
}

/** Customer accounts: platform-and-account.md §7 (authentication and session calls). */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { accounts: AccountsService; authRateLimitMax: number },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = deps;
  const limited = authRateLimit(deps.authRateLimitMax);
  const tags = ["accounts"];

  api.post(
    "/api/auth/register",
    { schema: { tags, body: registerBody, response: { 201: customerResponse } }, config: limited },
    async (request, reply) => {
      const session = await inTenant(deps, request, (context) =>
        accounts.register(context, request.body, request.headers["user-agent"]),
      );
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.status(201).send({ customer: session.customer });
    },
  );

  api.post(
    "/api/auth/login",
    { schema: { tags, body: loginBody, response: { 200: customerResponse } }, config: limited },
    async (request, reply) => {
      const session = await inTenant(deps, request, (context) =>
        accounts.login(context, request.body, request.headers["user-agent"]),
      );
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { customer: session.customer };
    },
  );

  api.post(
    "/api/auth/logout",
    { schema: { tags, response: { 200: okResponse } } },
    async (request, reply) => {
      await inTenant(deps, request, (context) => accounts.logout(context));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  api.post(
    "/api/auth/password/link",
    { schema: { tags, body: passwordLinkBody, response: { 200: okResponse } }, config: limited },
    async (request) => {
      app.afterAnswer(request, () =>
        inTenant(deps, request, (context) =>
          accounts.sendPasswordLink(context, request.body.email, {
            urls: app.publicUrls,
            resetUrl: resetUrlFor(request),
          }),
        ),
      );
      return { ok: true as const };
    },
  );

  api.post(
    "/api/auth/password",
    { schema: { tags, body: passwordResetBody, response: { 200: okResponse } }, config: limited },
    async (request) => {
      await inTenant(deps, request, (context) => accounts.resetPassword(context, request.body));
      return { ok: true as const };
    },
  );

  api.get(
    "/api/session",
    { schema: { tags, response: { 200: sessionResponse } } },
    async (request) => inTenant(deps, request, (context) => accounts.session(context)),
  );

  api.put(
    "/api/session",
    { schema: { tags, body: updateSessionBody, response: { 200: customerResponse } } },
    async (request) => ({
      customer: await inTenant(deps, request, (context) =>
        accounts.updateProfile(context, request.body),
      ),
    }),
  );

  api.delete(
    "/api/session",
    { schema: { tags, response: { 200: okResponse } } },
    async (request, reply) => {
      await inTenant(deps, request, (context) => accounts.deleteAccount(context));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
}
