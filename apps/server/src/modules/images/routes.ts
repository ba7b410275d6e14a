import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ImageStore, UPLOADS_URL_PREFIX } from "./storage.ts";

/**
 * Serves uploaded images: a storefront host only its own organiser's, the console host any (it
 * previews them). The files never change, so browsers and proxies keep them for a year; other
 * sites may show them (the console shows a storefront's logo in e-mail previews).
 */
export function registerImageFileRoutes(app: FastifyInstance, store: ImageStore): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${UPLOADS_URL_PREFIX}/:folder/:file`,
    {
      schema: {
        hide: true,
        params: z.object({ folder: z.string().max(64), file: z.string().max(64) }),
      },
      config: { hosts: "pages" },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      const { tenant } = request;
      if (tenant.kind === "storefront" && tenant.organiser.cuid !== folder) {
        return reply.status(404).send({ error: "NOT_FOUND" });
      }
      const stream = await store.open(folder, file);
      if (!stream) return reply.status(404).send({ error: "NOT_FOUND" });
      return (
        reply
          .header("content-type", "image/webp")
          .header("cache-control", "public, max-age=31536000, immutable")
          // Public pictures: the console's e-mail previews and mail apps load them from elsewhere.
          .header("cross-origin-resource-policy", "cross-origin")
          .send(stream)
      );
    },
  );
}
