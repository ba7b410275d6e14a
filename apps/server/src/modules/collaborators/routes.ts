import {
  adminCuidParams,
  adminSessionResponse,
  auditLogList,
  auditLogQuery,
  collaboratorList,
  collaboratorView,
  impersonationResponse,
  inviteCollaboratorBody,
  loginBody,
  okResponse,
  passwordLinkBody,
  passwordResetBody,
  roleBody,
  roleList,
  roleView,
  switchOrganiserBody,
  tagFilter,
  updateCollaboratorBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { authRateLimit } from "../../http/rate-limit.ts";
import type { ConsoleAuth } from "./auth-service.ts";
import { finishCustomerImpersonation, startCustomerImpersonation } from "./impersonation.ts";
import { openConsoleSession } from "./sessions.ts";
import { type TeamLinks, team } from "./team-service.ts";

export interface CollaboratorRouteDeps extends ConsoleDeps {
  auth: ConsoleAuth;
  authRateLimitMax: number;
  dispatchEmail(emailId: number): Promise<void>;
}

/** The console's log-in and session, its team (collaborators, roles), audit log, impersonation. */
export function registerCollaboratorRoutes(
  app: FastifyInstance,
  deps: CollaboratorRouteDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps;
  const tags = ["console: collaborators"];
  const publicAccess = { console: "public" as const, ...authRateLimit(deps.authRateLimitMax) };
  const params = adminCuidParams;

  api.post(
    "/api/admin/auth/login",
    {
      schema: { tags, body: loginBody, response: { 200: adminSessionResponse } },
      config: publicAccess,
    },
    (request, reply) => auth.login(request, reply, request.body),
  );
  api.post(
    "/api/admin/auth/logout",
    { schema: { tags, response: { 200: okResponse } }, config: { console: "public" } },
    async (request, reply) => {
      await auth.logout(request, reply);
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/auth/password/link",
    {
      schema: { tags, body: passwordLinkBody, response: { 200: okResponse } },
      config: publicAccess,
    },
    async (request) => {
      app.afterAnswer(request, () => auth.sendPasswordLink(request.body.email));
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/auth/password",
    {
      schema: { tags, body: passwordResetBody, response: { 200: okResponse } },
      config: publicAccess,
    },
    async (request) => {
      await auth.setPassword(request.body);
      return { ok: true as const };
    },
  );

  api.get(
    "/api/admin/session",
    // "public" to the guard: a collaborator working for no organiser still has a session to show.
    { schema: { tags, response: { 200: adminSessionResponse } }, config: { console: "public" } },
    (request) => auth.session(request),
  );
  api.put(
    "/api/admin/session/organiser",
    {
      schema: { tags, body: switchOrganiserBody, response: { 200: adminSessionResponse } },
      config: { console: "public" },
    },
    (request) => auth.switchOrganiser(request, request.body.organiser),
  );

  const teamLinks = (): TeamLinks => ({
    activationUrl: (token) =>
      `${app.publicUrls.console()}/admin/password?token=${encodeURIComponent(token)}&invitation=1`,
    loginUrl: `${app.publicUrls.console()}/admin/login`,
    urls: app.publicUrls,
    dispatchEmail: deps.dispatchEmail,
    secret: deps.secret,
  });

  api.get(
    "/api/admin/collaborators",
    {
      schema: {
        tags,
        querystring: z.object({ tag: tagFilter }),
        response: { 200: collaboratorList },
      },
      config: { console: "collaborators.collaborators.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        team.listCollaborators(context, request.query.tag),
      ),
    }),
  );
  api.post(
    "/api/admin/collaborators",
    {
      schema: { tags, body: inviteCollaboratorBody, response: { 201: collaboratorView } },
      config: { console: "collaborators.collaborators.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        team.invite(context, request.body, teamLinks()),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/collaborators/:cuid",
    {
      schema: { tags, params, body: updateCollaboratorBody, response: { 200: collaboratorView } },
      config: { console: "collaborators.collaborators.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        team.changeRole(context, request.params.cuid, request.body.role),
      ),
  );
  api.delete(
    "/api/admin/collaborators/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "collaborators.collaborators.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) => team.remove(context, request.params.cuid));
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/collaborators/:cuid/impersonate",
    {
      schema: { tags, params, response: { 200: impersonationResponse } },
      config: { console: "collaborators.impersonate" },
    },
    async (request, reply) => {
      const { target, organiserId, impersonatorId, impersonatorOperatorId } = await inConsole(
        deps,
        request,
        async (context) => ({
          target: await team.impersonationTarget(context, request.params.cuid),
          organiserId: context.organiser.id,
          impersonatorId: context.actor.impersonatorId ?? context.actor.collaboratorId,
          // An operator acting as the owner stays named on the colleague's session (0040).
          impersonatorOperatorId: context.actor.impersonatorOperatorId,
        }),
      );
      // The console's own host: the new session replaces the cookie directly.
      await auth.logout(request, reply);
      await openConsoleSession(deps, request, reply, {
        collaboratorId: target.collaborator.id,
        organiserId,
        impersonatorId,
        impersonatorOperatorId,
      });
      return { url: "/admin" };
    },
  );

  api.get(
    "/api/admin/roles",
    {
      schema: { tags, response: { 200: roleList } },
      config: { console: "collaborators.roles.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, team.listRoles) }),
  );
  api.post(
    "/api/admin/roles",
    {
      schema: { tags, body: roleBody, response: { 201: roleView } },
      config: { console: "collaborators.roles.create" },
    },
    async (request, reply) => {
      const role = await inConsole(deps, request, (context) =>
        team.createRole(context, request.body),
      );
      return reply.status(201).send(role);
    },
  );
  api.put(
    "/api/admin/roles/:cuid",
    {
      schema: { tags, params, body: roleBody, response: { 200: roleView } },
      config: { console: "collaborators.roles.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        team.updateRole(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/roles/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "collaborators.roles.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) => team.deleteRole(context, request.params.cuid));
      return { ok: true as const };
    },
  );

  api.get(
    "/api/admin/audit-logs",
    {
      schema: { tags, querystring: auditLogQuery, response: { 200: auditLogList } },
      config: { console: "collaborators.logs.read" },
    },
    (request) => inConsole(deps, request, (context) => team.auditLogs(context, request.query)),
  );

  api.post(
    "/api/admin/customers/:cuid/impersonate",
    {
      schema: { tags, params, response: { 200: impersonationResponse } },
      config: { console: "customers.impersonate" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        startCustomerImpersonation(context, request.params.cuid, {
          secret: deps.secret,
          storefrontOrigin: app.publicUrls.storefront(context.organiser),
        }),
      ),
  );

  // The storefront end of a customer impersonation: opens the session, then the account area.
  api.get(
    "/api/auth/impersonate",
    { schema: { tags, querystring: z.object({ token: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      await finishCustomerImpersonation(deps, request, reply, request.query.token);
      const language =
        request.tenant.kind === "storefront" ? request.tenant.organiser.language : "fr";
      return reply.redirect(`/${language}/account`);
    },
  );
}
