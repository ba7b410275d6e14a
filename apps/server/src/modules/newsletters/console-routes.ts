import {
  newsletterBody,
  newsletterImage,
  newsletterList,
  newsletterParams,
  newsletterPreview,
  newsletterPreviewBody,
  newsletterSendBody,
  newslettersQuery,
  newsletterView,
  okResponse,
  subscriberList,
  subscribersQuery,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { resizeUpload } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { newslettersConsole } from "./console-service.ts";

/** The console's newsletters and subscribers (decision 0056). */
export async function registerNewsletterConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { dispatchEmail(messageId: number): Promise<void>; images: ImageStore },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: newsletters"];
  const params = newsletterParams;
  const service = newslettersConsole({
    publicUrls: app.publicUrls,
    dispatchEmail: deps.dispatchEmail,
  });

  api.get(
    "/api/admin/newsletters",
    {
      schema: { tags, querystring: newslettersQuery, response: { 200: newsletterList } },
      config: { console: "newsletters.newsletters.read" },
    },
    (request) => inConsole(deps, request, (context) => service.list(context, request.query)),
  );
  api.get(
    "/api/admin/newsletters/subscribers",
    {
      schema: { tags, querystring: subscribersQuery, response: { 200: subscriberList } },
      config: { console: "newsletters.subscribers.read" },
    },
    (request) => inConsole(deps, request, (context) => service.subscribers(context, request.query)),
  );
  api.post(
    "/api/admin/newsletters/preview",
    {
      schema: { tags, body: newsletterPreviewBody, response: { 200: newsletterPreview } },
      config: { console: "newsletters.newsletters.read" },
    },
    (request) => inConsole(deps, request, (context) => service.preview(context, request.body)),
  );
  api.get(
    "/api/admin/newsletters/:cuid",
    {
      schema: { tags, params, response: { 200: newsletterView } },
      config: { console: "newsletters.newsletters.read" },
    },
    (request) => inConsole(deps, request, (context) => service.get(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/newsletters",
    {
      schema: { tags, body: newsletterBody, response: { 201: newsletterView } },
      config: { console: "newsletters.newsletters.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        service.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/newsletters/:cuid",
    {
      schema: { tags, params, body: newsletterBody, response: { 200: newsletterView } },
      config: { console: "newsletters.newsletters.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        service.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/newsletters/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "newsletters.newsletters.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) => service.remove(context, request.params.cuid));
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/newsletters/:cuid/test",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "newsletters.newsletters.read" },
    },
    (request) => inConsole(deps, request, (context) => service.test(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/newsletters/:cuid/send",
    {
      schema: { tags, params, body: newsletterSendBody, response: { 200: newsletterView } },
      config: { console: "newsletters.newsletters.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        service.send(context, request.params.cuid, request.body.at),
      ),
  );
  api.post(
    "/api/admin/newsletters/:cuid/cancel",
    {
      schema: { tags, params, response: { 200: newsletterView } },
      config: { console: "newsletters.newsletters.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => service.cancel(context, request.params.cuid)),
  );
  // An image of a newsletter's content, in its own scope (multipart bodies are parsed there only).
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/newsletters/images",
      {
        schema: { tags, response: { 201: newsletterImage } },
        config: { console: "newsletters.newsletters.update" },
      },
      async (request, reply) => {
        const upload = await resizeUpload(await readImageUpload(request));
        const stored = await inConsole(deps, request, (context) =>
          deps.images.save(context.organiser.cuid, upload),
        );
        return reply.status(201).send({ url: stored.publicUrl });
      },
    );
  });
}
