import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * The web build's files (apps/web/build/client), the same on every host (the console's pages use
 * them too). Compressible files come with Brotli and gzip variants made at build time
 * (apps/web/build-plugins/precompress.ts): the one the browser accepts is sent as it is, with
 * its Content-Encoding and `Vary: Accept-Encoding`; only a compressible file without variants
 * (a build made without them) is compressed on the way (compression.ts).
 */
// Brotli and gzip variants of an SVG are sent under their own file name (preCompressed).
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif|ico)(?:\.br|\.gz)?$/i;

export async function registerStaticAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(async (assets) => {
    assets.addHook("onRoute", (route) => {
      route.config = { ...route.config, hosts: "any", admission: "immediate" };
    });
    await assets.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed asset names change with their content, so they can be cached forever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
        // Public pictures (the demo's logos): the console's e-mail previews show a storefront's.
        if (IMAGE_FILE.test(filePath)) reply.header("cross-origin-resource-policy", "cross-origin");
      },
    });
  });
}
