import {
  activityImageParams,
  adminCuidParams,
  adminImageList,
  adminImageView,
  imageBody,
  imageOrderBody,
  okResponse,
} from "@booking/contracts";
import type { Permission } from "@booking/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import type { galleryConsole } from "./gallery-service.ts";
import { resizeUpload } from "./resize.ts";
import type { ImageStore } from "./storage.ts";
import { acceptImageUploads, readImageUpload } from "./upload.ts";

const ownerParams = adminCuidParams;
/** `{ cuid, image }`: the owner's and the image's cuids, whatever the owner */
const imageParams = activityImageParams;

/**
 * The console's calls on a record's gallery under `{path}/:cuid/images`: upload (multipart, one
 * `file`, resized before anything is stored), alt text, order, removal — all under the
 * permission that edits the record.
 */
export async function registerGalleryRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { images: ImageStore },
  options: {
    path: string;
    tags: string[];
    permission: Permission;
    gallery: ReturnType<typeof galleryConsole>;
  },
): Promise<void> {
  const { path, tags, gallery } = options;
  const config = { console: options.permission };
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      `${path}/:cuid/images`,
      { schema: { tags, params: ownerParams, response: { 201: adminImageView } }, config },
      async (request, reply) => {
        const upload = await resizeUpload(await readImageUpload(request));
        const image = await inConsole(deps, request, (context) =>
          gallery.add(context, request.params.cuid, upload, deps.images),
        );
        return reply.status(201).send(image);
      },
    );
    api.put(
      `${path}/:cuid/images/order`,
      {
        schema: {
          tags,
          params: ownerParams,
          body: imageOrderBody,
          response: { 200: adminImageList },
        },
        config,
      },
      async (request) => ({
        data: await inConsole(deps, request, (context) =>
          gallery.reorder(context, request.params.cuid, request.body),
        ),
      }),
    );
    api.put(
      `${path}/:cuid/images/:image`,
      {
        schema: { tags, params: imageParams, body: imageBody, response: { 200: adminImageView } },
        config,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          gallery.update(context, request.params.cuid, request.params.image, request.body),
        ),
    );
    api.delete(
      `${path}/:cuid/images/:image`,
      { schema: { tags, params: imageParams, response: { 200: okResponse } }, config },
      async (request) => {
        await inConsole(deps, request, (context) =>
          gallery.remove(context, request.params.cuid, request.params.image, deps.images),
        );
        return { ok: true as const };
      },
    );
  });
}
