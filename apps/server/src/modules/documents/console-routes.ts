import {
  adminCuidParams,
  adminDocumentImageView,
  adminDocumentModelList,
  adminDocumentModelView,
  DOCUMENT_IMAGE_UPLOAD,
  documentDraftPreviewQuery,
  documentModelBody,
  documentModelPreviewQuery,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { documentModelsConsole } from "./console-service.ts";
import { createImageLoader, type ImageLoader } from "./images.ts";
import { type PreparedDocument, renderDocumentPdf } from "./pdf.ts";
import { contentDisposition } from "./routes.ts";
import {
  checkDocumentImage,
  type DocumentImageStore,
  documentImagesConsole,
  withUploadedImages,
} from "./uploads.ts";

export type DocumentModelRoutesDeps = ConsoleDeps & {
  loadImage?: ImageLoader;
  uploads: DocumentImageStore;
};

/**
 * The console's document models (documents.models.*), their pictures and their previews
 * (documents.downloads.read): the saved model's, and a draft's, which saves nothing.
 */
export async function registerDocumentModelConsoleRoutes(
  app: FastifyInstance,
  deps: DocumentModelRoutesDeps,
): Promise<void> {
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
  /** Drawn after the transaction, as customers' downloads are (routes.ts). */
  const sendPdf = async (reply: FastifyReply, prepared: PreparedDocument) => {
    const pdf = await renderDocumentPdf(
      prepared,
      withUploadedImages(loadImage, deps.uploads, prepared.uploads),
    );
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", contentDisposition(prepared.filename))
      .header("cache-control", "private, no-store")
      .send(pdf);
  };
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
    async (request, reply) =>
      sendPdf(
        reply,
        await inConsole(deps, request, (context) =>
          documentModelsConsole.preview(context, request.params.cuid, request.query.registration),
        ),
      ),
  );
  api.post(
    "/api/admin/document-models/preview",
    {
      schema: {
        tags,
        querystring: documentDraftPreviewQuery,
        body: documentModelBody,
        produces: ["application/pdf"],
      },
      config: { console: "documents.downloads.read" },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await inConsole(deps, request, (context) =>
          documentModelsConsole.previewDraft(context, request.body, request.query),
        ),
      ),
  );
  await registerDocumentImageRoutes(app, deps);
}

/** Pictures for the models: uploaded (documents.models.update) and shown in the editor. */
async function registerDocumentImageRoutes(app: FastifyInstance, deps: DocumentModelRoutesDeps) {
  const tags = ["console: document models"];
  await app.register(async (scope) => {
    await acceptImageUploads(scope, DOCUMENT_IMAGE_UPLOAD.maxBytes);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      "/api/admin/document-images",
      {
        schema: { tags, response: { 201: adminDocumentImageView } },
        config: { console: "documents.models.update" },
      },
      async (request, reply) => {
        const image = await checkDocumentImage(await readImageUpload(request));
        const saved = await documentImagesConsole.upload(
          deps.uploads,
          (fn) => inConsole(deps, request, fn),
          image,
        );
        return reply.status(201).send(saved);
      },
    );
    api.get(
      "/api/admin/document-images/:cuid",
      {
        schema: { tags, params: adminCuidParams },
        config: { console: "documents.models.read" },
      },
      async (request, reply) => {
        const file = await inConsole(deps, request, (context) =>
          documentImagesConsole.file(context, deps.uploads, request.params.cuid),
        );
        return reply
          .header("content-type", file.contentType)
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, max-age=3600")
          .header("cross-origin-resource-policy", "same-origin")
          .send(file.bytes);
      },
    );
  });
}
