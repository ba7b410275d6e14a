import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Brotli quality 4 and gzip level 6 for answers made per request: a few times smaller for about a
 * millisecond of CPU per page, where the highest qualities would cost tens (the static assets get
 * those, at build time: static-assets.ts).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;

/** The types compressed (mime-db's compressible ones that this server sends). */
const COMPRESSIBLE_TYPE =
  /^(text\/|image\/svg\+xml|application\/(json|javascript|xml|[\w.-]+\+(json|xml))\b)/;

/**
 * Compresses every answer that benefits (pages, JSON, CSV, SVG…: the types mime-db calls
 * compressible, from 1 kB) in Brotli or gzip, whichever the client prefers, and says
 * `Vary: Accept-Encoding`. Answers that already carry a Content-Encoding (precompressed assets)
 * are left alone. Compressed request bodies are not accepted: nothing sends them, and inflating
 * them would let a small request outgrow the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
    globalDecompression: false,
  });
  // Sent as it is to a client that accepts no compression, an answer still varies with the header:
  // a shared cache must not hand that copy to everyone.
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (COMPRESSIBLE_TYPE.test(type) && !reply.hasHeader("content-encoding")) {
      varyOnAcceptEncoding(reply);
    }
    return payload;
  });
}

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader("vary") ?? "");
  const names = vary.split(",").map((name) => name.trim().toLowerCase());
  if (names.includes("accept-encoding") || names.includes("*")) return;
  reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
