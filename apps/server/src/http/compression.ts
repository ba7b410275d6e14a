import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The fastest levels for answers made per request, Brotli quality 1 and gzip level 1 (decision
 * 0099): a 57 kB page takes 0.2–0.3 ms of CPU at Brotli 1 and comes out 17.6 kB, where quality 4
 * took 1.2–1.5 ms for 15.1 kB (gzip 1: 0.7 ms, 17.1 kB; level 6: 1.0–1.2 ms, 15.1 kB). Every
 * logged-in page is compressed for its reader (its nonce and own values differ), so on an opening
 * day's rush these milliseconds were as much as the rest of the page's work. The static assets get
 * the highest levels, once, at build time (static-assets.ts).
 */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 1;

/**
 * Answers whole in memory up to this size are compressed in one call (decision 0108). Through a
 * compression stream (the library's default above 8 kB on two cores) a 1.6 kB answer took
 * 190 µs of CPU where one call takes 11 µs; at Brotli 1 a 100 kB page takes about 0.3 ms either
 * way, so the event loop is not held long.
 */
export const SYNC_COMPRESSION_BYTES = 128 * 1024;

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
    syncThreshold: SYNC_COMPRESSION_BYTES,
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
