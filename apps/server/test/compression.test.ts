import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCompression } from "../src/http/compression.ts";
import { registerStaticAssets } from "../src/http/static-assets.ts";
import { createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw).toString();
  if (encoding === "gzip") return gunzipSync(raw).toString();
  return raw.toString();
}

function varies(response: LightMyRequestResponse): boolean {
  return String(response.headers.vary ?? "")
    .toLowerCase()
    .split(/,\s*/)
    .includes("accept-encoding");
}

describe("dynamic answers", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const get = (url: string, acceptEncoding?: string) =>
    test.app.inject({
      method: "GET",
      url,
      headers: {
        host: DEMO_HOST,
        ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
      },
    });

  it("are sent in Brotli or gzip as the client prefers, the same JSON once decoded", async () => {
    const plain = await get("/api/availabilities?per_page=50");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const brotli = await get("/api/availabilities?per_page=50", "gzip, deflate, br, zstd");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(brotli))).toEqual(plain.json());

    const gzip = await get("/api/availabilities?per_page=50", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    const refused = await get("/api/availabilities?per_page=50", "br;q=0, gzip;q=0.5");
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("say they vary with Accept-Encoding, compressed or not", async () => {
    for (const encoding of [undefined, "identity", "br", "gzip"]) {
      expect(varies(await get("/api/availabilities?per_page=50", encoding)), encoding).toBe(true);
    }
  });

  it("are left as they are under 1 kB", async () => {
    const small = await get("/api/health", "br, gzip");
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("refuse a compressed request body instead of inflating it", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: {
        host: DEMO_HOST,
        "content-type": "application/json",
        "content-encoding": "gzip",
      },
      payload: gzipSync(JSON.stringify({ email: "parent@demo.test", password: "demo1234" })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("static assets", () => {
  const root = mkdtempSync(path.join(tmpdir(), "booking-assets-"));
  const script = `export const text = ${JSON.stringify("booking ".repeat(500))};\n`;
  // The variants say which one was sent (the same script once decoded, in a real build).
  const brotliVariant = `${script}// br\n`;
  const gzipVariant = `${script}// gz\n`;
  let app: FastifyInstance;

  beforeAll(async () => {
    // As the web build leaves them: a compressible file beside its Brotli and gzip variants.
    const assets = path.join(root, "assets");
    writeFileSync(path.join(root, "robots.txt"), "User-agent: *\n");
    mkdirSync(assets);
    writeFileSync(path.join(assets, "entry-abc123.js"), script);
    writeFileSync(path.join(assets, "entry-abc123.js.br"), brotliCompressSync(brotliVariant));
    writeFileSync(path.join(assets, "entry-abc123.js.gz"), gzipSync(gzipVariant));
    app = Fastify();
    await registerCompression(app);
    await registerStaticAssets(app, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: "GET",
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("are sent precompressed, with their type, encoding and Vary", async () => {
    const brotli = await get("/assets/entry-abc123.js", "gzip, deflate, br");
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(varies(brotli)).toBe(true);
    expect(decoded(brotli)).toBe(brotliVariant);

    const gzip = await get("/assets/entry-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(gzipVariant);
  });

  it("are sent as they are to a client that accepts no compression", async () => {
    const plain = await get("/assets/entry-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(varies(plain)).toBe(true);
  });

  it("without variants are compressed on the way", async () => {
    const robots = await get("/robots.txt", "gzip");
    expect(robots.statusCode).toBe(200);
    expect(decoded(robots)).toBe("User-agent: *\n");
    expect(varies(robots)).toBe(true);
  });
});
