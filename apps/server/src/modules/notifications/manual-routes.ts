import {
  manualMessageList,
  manualMessageListQuery,
  manualMessageParams,
  manualMessageView,
  manualPreview,
  manualPreviewBody,
  manualRecipients,
  manualRecipientsQuery,
  manualSendBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import {
  cancelManualMessage,
  listManualMessageViews,
  type ManualDeps,
  previewManualMessage,
  manualRecipients as recipientsOf,
  sendManualMessage,
} from "./manual-service.ts";

/**
 * Messages written by hand (docs/decisions/0054-messages-by-hand.md), all under
 * `notifications.trigger`: the recipients of a target, a preview, the sending, the list of
 * those sent and the cancel of a scheduled one.
 */
export function registerManualMessageRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & ManualDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: messages by hand"];
  const config = { console: "notifications.trigger" } as const;

  api.get(
    "/api/admin/notifications/manual",
    {
      schema: { tags, querystring: manualMessageListQuery, response: { 200: manualMessageList } },
      config,
    },
    (request) =>
      inConsole(deps, request, (context) => listManualMessageViews(context, request.query)),
  );
  api.get(
    "/api/admin/notifications/manual/recipients",
    {
      schema: { tags, querystring: manualRecipientsQuery, response: { 200: manualRecipients } },
      config,
    },
    (request) => inConsole(deps, request, (context) => recipientsOf(context, request.query.target)),
  );
  api.post(
    "/api/admin/notifications/manual/preview",
    { schema: { tags, body: manualPreviewBody, response: { 200: manualPreview } }, config },
    (request) =>
      inConsole(deps, request, (context) =>
        previewManualMessage(context, { urls: app.publicUrls }, request.body),
      ),
  );
  api.post(
    "/api/admin/notifications/manual",
    {
      schema: {
        tags,
        body: manualSendBody,
        response: { 200: manualMessageView, 201: manualMessageView },
      },
      config,
    },
    async (request, reply) => {
      const { created, message } = await inConsole(deps, request, (context) =>
        sendManualMessage(context, { ...deps, urls: app.publicUrls }, request.body),
      );
      // The same request again (a double-click, a retry) answers the message already made.
      return reply.status(created ? 201 : 200).send(message);
    },
  );
  api.post(
    "/api/admin/notifications/manual/:cuid/cancel",
    {
      schema: { tags, params: manualMessageParams, response: { 200: manualMessageView } },
      config,
    },
    (request) =>
      inConsole(deps, request, (context) => cancelManualMessage(context, request.params.cuid)),
  );
}
