import {
  adminCuidParams,
  adminDocumentModelList,
  adminDocumentModelView,
  documentModelBody,
  documentModelPreviewQuery,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { documentModelsConsole } from "./console-service.ts";
import { createImageLoader, type ImageLoader } from "./images.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { contentDisposition } from "./routes.ts";

export type DocumentModelRoutesDeps = ConsoleDeps & { loadImage?: ImageLoader };

/** The console's document models (documents.models.*) and their preview (documents.downloads.read). */
export function registerDocumentModelConsoleRoutes(
  app: FastifyInstance,
  deps: DocumentModelRoutesDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: document models"];
  const params = adminCuidParams;
  const loadImage =
    deps.loadImage ??
    createImageLoader({ warn: (message, details) => app.log.warn(details, message) });

  api.get(
    "/api/admin/document-models",
    {
      schema: { tags, response: { 200: adminDocumentModelList } },
      config: { console: "documents.models.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, documentModelsConsole.list) }),
  );
  api.post(
    "/api/admin/document-models",
    {
      schema: { tags, body: documentModelBody, response: { 201: adminDocumentModelView } },
      config: { console: "documents.models.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        documentModelsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/document-models/:cuid",
    {
      schema: { tags, params, response: { 200: adminDocumentModelView } },
      config: { console: "documents.models.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        documentModelsConsole.get(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/document-models/:cuid",
    {
      schema: { tags, params, body: documentModelBody, response: { 200: adminDocumentModelView } },
      config: { console: "documents.models.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        documentModelsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/document-models/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "documents.models.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        documentModelsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  api.get(
    "/api/admin/document-models/:cuid/preview",
    {
      schema: {
        tags,
        params,
        querystring: documentModelPreviewQuery,
        produces: ["application/pdf"],
      },
      config: { console: "documents.downloads.read" },
    },
    async (request, reply) => {
      const prepared = await inConsole(deps, request, (context) =>
        documentModelsConsole.preview(context, request.params.cuid, request.query.registration),
      );
      // Drawn after the transaction, as customers' downloads are (routes.ts).
      const pdf = await renderDocumentPdf(prepared, loadImage);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(prepared.filename))
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
