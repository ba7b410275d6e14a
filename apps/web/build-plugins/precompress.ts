import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|ico|webmanifest)$/;
/** Under this size the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli at its highest quality) and `file.gz` (gzip level 9) beside each
 * compressible file of `dir` worth it; the server sends them as they are (static-assets.ts in
 * apps/server). Returns the files compressed, relative to `dir`.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const done: string[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(entry) || !(await stat(file)).isFile()) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant no smaller than the file would only cost the client its decoding.
    if (gz.length >= content.length) continue;
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    done.push(entry);
  }
  return done;
}

/** Precompresses the browser build (public files included) once Vite has written it. */
export function precompress(): Plugin {
  return {
    name: "booking:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (options.dir) await precompressDirectory(options.dir);
    },
  };
}
