import {
  adminCuidParams,
  adminPageCreateBody,
  adminPageDraftBody,
  adminPageDraftView,
  adminPageList,
  adminPageReferenceList,
  adminPageReferenceParams,
  adminPageSettingsBody,
  adminPageVersionList,
  adminPageVersionParams,
  adminPageView,
  adminWebsiteImage,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { resizeUpload } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { pagesConsole } from "./console-service.ts";

/** The console's page builder: pages, their draft, publication and versions, and its images. */
export async function registerPageConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { images: ImageStore },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: website pages"];
  const params = adminCuidParams;
  const base = "/api/admin/website/pages";

  api.get(
    base,
    {
      schema: { tags, response: { 200: adminPageList } },
      config: { console: "website.pages.read" },
    },
    (request) => inConsole(deps, request, (context) => pagesConsole.list(context)),
  );
  api.post(
    base,
    {
      schema: { tags, body: adminPageCreateBody, response: { 201: adminPageView } },
      config: { console: "website.pages.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        pagesConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    `${base}/:cuid`,
    {
      schema: { tags, params, response: { 200: adminPageView } },
      config: { console: "website.pages.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => pagesConsole.get(context, request.params.cuid)),
  );
  api.put(
    `${base}/:cuid`,
    {
      schema: { tags, params, body: adminPageSettingsBody, response: { 200: adminPageView } },
      config: { console: "website.pages.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        pagesConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    `${base}/:cuid`,
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "website.pages.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        pagesConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  api.get(
    `${base}/:cuid/draft`,
    {
      schema: { tags, params, response: { 200: adminPageDraftView } },
      config: { console: "website.pages.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => pagesConsole.draft(context, request.params.cuid)),
  );
  api.put(
    `${base}/:cuid/draft`,
    {
      schema: { tags, params, body: adminPageDraftBody, response: { 200: adminPageDraftView } },
      config: { console: "website.pages.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        pagesConsole.saveDraft(context, request.params.cuid, request.body.content),
      ),
  );
  api.delete(
    `${base}/:cuid/draft`,
    {
      schema: { tags, params, response: { 200: adminPageDraftView } },
      config: { console: "website.pages.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        pagesConsole.discardDraft(context, request.params.cuid),
      ),
  );
  api.post(
    `${base}/:cuid/publish`,
    {
      schema: { tags, params, response: { 200: adminPageView } },
      config: { console: "website.pages.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => pagesConsole.publish(context, request.params.cuid)),
  );
  api.get(
    `${base}/:cuid/versions`,
    {
      schema: { tags, params, response: { 200: adminPageVersionList } },
      config: { console: "website.pages.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => pagesConsole.versions(context, request.params.cuid)),
  );
  api.post(
    `${base}/:cuid/versions/:version/restore`,
    {
      schema: { tags, params: adminPageVersionParams, response: { 200: adminPageDraftView } },
      config: { console: "website.pages.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        pagesConsole.restore(context, request.params.cuid, request.params.version),
      ),
  );
  // An image for an element's settings (banner, split hero, image block): resized like every
  // upload, stored in the organiser's folder; the element keeps its URL.
  api.get(
    "/api/admin/website/references/:kind",
    {
      schema: {
        tags,
        params: adminPageReferenceParams,
        response: { 200: adminPageReferenceList },
      },
      config: { console: "website.pages.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => pagesConsole.references(context, request.params.kind)),
  );
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/website/images",
      {
        schema: { tags, response: { 201: adminWebsiteImage } },
        config: { console: "website.pages.update" },
      },
      async (request, reply) => {
        const upload = await resizeUpload(await readImageUpload(request));
        const stored = await inConsole(deps, request, (context) =>
          deps.images.save(context.organiser.cuid, upload),
        );
        return reply
          .status(201)
          .send({ url: stored.publicUrl, width: stored.width, height: stored.height });
      },
    );
  });
}
