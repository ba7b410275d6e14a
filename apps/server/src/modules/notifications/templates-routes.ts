import {
  adminNotificationTemplateList,
  adminNotificationTemplateView,
  defaultNotificationTemplateBody,
  defaultNotificationTemplateParams,
  notificationTemplateBody,
  notificationTemplateParams,
  notificationTemplatePreview,
  notificationTemplatePreviewBody,
  notificationTemplateVariables,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { templatesConsole } from "./templates-service.ts";

const PATH = "/api/admin/notification-templates";
const READ = "notification_templates.notification_templates.read" as const;
const UPDATE = "notification_templates.notification_templates.update" as const;

/**
 * The console's notification templates (`notification_templates.notification_templates.*`):
 * the organiser's own (create, edit, delete), the default e-mails (edit, reset), the live
 * preview of a text as typed and the variables the picker offers.
 */
export function registerTemplateConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: notification templates"];

  api.get(
    PATH,
    {
      schema: { tags, response: { 200: adminNotificationTemplateList } },
      config: { console: READ },
    },
    (request) => inConsole(deps, request, (context) => templatesConsole.list(context)),
  );
  api.get(
    `${PATH}/variables`,
    {
      schema: { tags, response: { 200: notificationTemplateVariables } },
      config: { console: READ },
    },
    () => templatesConsole.variables(),
  );
  // A POST because the text previewed is long; it reads only (the read permission suffices).
  api.post(
    `${PATH}/preview`,
    {
      schema: {
        tags,
        body: notificationTemplatePreviewBody,
        response: { 200: notificationTemplatePreview },
      },
      config: { console: READ },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        templatesConsole.preview(context, app.publicUrls, request.body),
      ),
  );
  api.post(
    PATH,
    {
      schema: {
        tags,
        body: notificationTemplateBody,
        response: { 201: adminNotificationTemplateView },
      },
      config: { console: "notification_templates.notification_templates.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        templatesConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  registerDefaultRoutes(app, deps);

  const params = notificationTemplateParams;
  api.get(
    `${PATH}/:cuid`,
    {
      schema: { tags, params, response: { 200: adminNotificationTemplateView } },
      config: { console: READ },
    },
    (request) =>
      inConsole(deps, request, (context) => templatesConsole.get(context, request.params.cuid)),
  );
  api.put(
    `${PATH}/:cuid`,
    {
      schema: {
        tags,
        params,
        body: notificationTemplateBody,
        response: { 200: adminNotificationTemplateView },
      },
      config: { console: UPDATE },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        templatesConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    `${PATH}/:cuid`,
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "notification_templates.notification_templates.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        templatesConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}

/** A default e-mail by its key: read, edit (the organiser's text) and reset (the product's). */
function registerDefaultRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: notification templates"];
  const params = defaultNotificationTemplateParams;
  const path = `${PATH}/defaults/:key`;
  const response = { 200: adminNotificationTemplateView };

  api.get(path, { schema: { tags, params, response }, config: { console: READ } }, (request) =>
    inConsole(deps, request, (context) => templatesConsole.getDefault(context, request.params.key)),
  );
  api.put(
    path,
    {
      schema: { tags, params, body: defaultNotificationTemplateBody, response },
      config: { console: UPDATE },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        templatesConsole.updateDefault(context, request.params.key, request.body),
      ),
  );
  // Resetting changes the template back (an update), it deletes no template of the organiser.
  api.delete(path, { schema: { tags, params, response }, config: { console: UPDATE } }, (request) =>
    inConsole(deps, request, (context) =>
      templatesConsole.resetDefault(context, request.params.key),
    ),
  );
}
