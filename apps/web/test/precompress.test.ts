import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../build-plugins/precompress";

describe("precompressed build files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "booking-precompress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("get Brotli and gzip variants beside every compressible file worth it", async () => {
    const script = `export default ${JSON.stringify("réservation ".repeat(400))};\n`;
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "entry-abc.js"), script);
    writeFileSync(path.join(dir, "assets", "app-abc.css"), `body{color:red}\n`.repeat(200));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(dir, "photo.jpg"), Buffer.alloc(4096, 7));

    const done = await precompressDirectory(dir);

    expect(done.sort()).toEqual([
      path.join("assets", "app-abc.css"),
      path.join("assets", "entry-abc.js"),
    ]);
    const file = path.join(dir, "assets", "entry-abc.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    // Too small to gain, or a picture: left alone.
    expect(existsSync(path.join(dir, "favicon.svg.br"))).toBe(false);
    expect(existsSync(path.join(dir, "photo.jpg.br"))).toBe(false);
  });
});
