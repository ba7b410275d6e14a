import {
  adminCuidParams,
  adminMessageDetail,
  adminMessageList,
  messageListQuery,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { messagesConsole } from "./console-service.ts";

/** The console's delivery log: the organiser's e-mails and SMS, and one with its content. */
export function registerMessageConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: delivery log"];

  api.get(
    "/api/admin/messages",
    {
      schema: { tags, querystring: messageListQuery, response: { 200: adminMessageList } },
      config: { console: "customers.notifications.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => messagesConsole.list(context, request.query)),
  );
  api.get(
    "/api/admin/messages/:cuid",
    {
      schema: { tags, params: adminCuidParams, response: { 200: adminMessageDetail } },
      config: { console: "customers.notifications.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => messagesConsole.detail(context, request.params.cuid)),
  );
}
