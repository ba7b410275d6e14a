import {
  activityImageParams,
  activityParams,
  adminImageList,
  adminImageView,
  imageBody,
  imageOrderBody,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { resizeUpload } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { activityImagesConsole } from "./image-service.ts";

/**
 * An activity's gallery (/api/admin/activities/:cuid/images): upload (multipart, one `file`,
 * resized before anything is stored), alt text, order, removal. Part of editing the activity.
 */
export async function registerActivityImageRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { images: ImageStore },
): Promise<void> {
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["console: activities"];
    const params = activityImageParams;
    const access = { console: "activities.activities.update" as const };

    api.post(
      "/api/admin/activities/:cuid/images",
      {
        schema: { tags, params: activityParams, response: { 201: adminImageView } },
        config: access,
      },
      async (request, reply) => {
        const upload = await resizeUpload(await readImageUpload(request));
        const image = await inConsole(deps, request, (context) =>
          activityImagesConsole.add(context, request.params.cuid, upload, deps.images),
        );
        return reply.status(201).send(image);
      },
    );
    api.put(
      "/api/admin/activities/:cuid/images/order",
      {
        schema: {
          tags,
          params: activityParams,
          body: imageOrderBody,
          response: { 200: adminImageList },
        },
        config: access,
      },
      async (request) => ({
        data: await inConsole(deps, request, (context) =>
          activityImagesConsole.reorder(context, request.params.cuid, request.body),
        ),
      }),
    );
    api.put(
      "/api/admin/activities/:cuid/images/:image",
      {
        schema: { tags, params, body: imageBody, response: { 200: adminImageView } },
        config: access,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          activityImagesConsole.update(
            context,
            request.params.cuid,
            request.params.image,
            request.body,
          ),
        ),
    );
    api.delete(
      "/api/admin/activities/:cuid/images/:image",
      { schema: { tags, params, response: { 200: okResponse } }, config: access },
      async (request) => {
        await inConsole(deps, request, (context) =>
          activityImagesConsole.remove(
            context,
            request.params.cuid,
            request.params.image,
            deps.images,
          ),
        );
        return { ok: true as const };
      },
    );
  });
}
