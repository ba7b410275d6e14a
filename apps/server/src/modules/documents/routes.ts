import {
  documentDownloadQuery,
  registrationDocumentsQuery,
  registrationDocumentsResponse,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { createImageLoader, type ImageLoader } from "./images.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { listRegistrationDocuments, prepareDocumentDownload } from "./service.ts";
import { type DocumentImageStore, withUploadedImages } from "./uploads.ts";

export type DocumentRoutesDeps = ContextDeps & {
  /** how IMAGE elements get their pictures (the guarded loader of images.ts by default) */
  loadImage?: ImageLoader;
  /** the pictures staff uploaded for the models (uploads.ts) */
  uploads: DocumentImageStore;
};

/** Downloads per minute for one client on one host: drawing a PDF costs real CPU time. */
const DOWNLOADS_PER_MINUTE = 60;

/** `inline` with the name as ASCII and as UTF-8 (RFC 6266), so that browsers open it. */
export function contentDisposition(filename: string, extension = "pdf"): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "");
  return `inline; filename="${ascii || "document"}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${filename}.${extension}`)}`;
}

/** The documents of the customer's registrations: platform-and-account.md §7. */
export function registerDocumentRoutes(app: FastifyInstance, deps: DocumentRoutesDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["documents"];
  const loadImage =
    deps.loadImage ??
    createImageLoader({ warn: (message, details) => app.log.warn(details, message) });

  api.get(
    "/api/documents",
    {
      schema: {
        tags,
        querystring: registrationDocumentsQuery,
        response: { 200: registrationDocumentsResponse },
      },
    },
    async (request) => ({
      data: await inTenant(deps, request, (context) =>
        listRegistrationDocuments(context, { id: request.query.registration_id }),
      ),
    }),
  );

  api.get(
    "/api/documents/download",
    {
      schema: {
        tags,
        querystring: documentDownloadQuery,
        produces: ["application/pdf"],
      },
      config: {
        rateLimit: {
          max: DOWNLOADS_PER_MINUTE,
          timeWindow: "1 minute",
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.siteHost}|documents`,
        },
      },
    },
    async (request, reply) => {
      const prepared = await inTenant(deps, request, (context) =>
        prepareDocumentDownload(context, request.query),
      );
      // Drawn once the transaction has committed: no connection is held while it renders.
      const pdf = await renderDocumentPdf(
        prepared,
        withUploadedImages(loadImage, deps.uploads, prepared.uploads),
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(prepared.filename))
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
