import {
  adminNotificationRuleList,
  adminNotificationRuleView,
  notificationRuleBody,
  notificationRuleParams,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { rulesConsole } from "./rules-service.ts";

/** The console's notification rules: list, create, read, edit, delete (not the default one). */
export function registerRulesConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: notification rules"];
  const params = notificationRuleParams;

  api.get(
    "/api/admin/notification-rules",
    {
      schema: { tags, response: { 200: adminNotificationRuleList } },
      config: { console: "activities.notifications.read" },
    },
    (request) => inConsole(deps, request, (context) => rulesConsole.list(context)),
  );
  api.post(
    "/api/admin/notification-rules",
    {
      schema: { tags, body: notificationRuleBody, response: { 201: adminNotificationRuleView } },
      config: { console: "activities.notifications.update" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        rulesConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/notification-rules/:cuid",
    {
      schema: { tags, params, response: { 200: adminNotificationRuleView } },
      config: { console: "activities.notifications.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => rulesConsole.get(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/notification-rules/:cuid",
    {
      schema: {
        tags,
        params,
        body: notificationRuleBody,
        response: { 200: adminNotificationRuleView },
      },
      config: { console: "activities.notifications.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        rulesConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/notification-rules/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.notifications.update" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        rulesConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
