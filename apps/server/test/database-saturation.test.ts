import path from "node:path";
import { Writable } from "node:stream";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

/**
 * A saturated pool (issue 11 §2, a registration-day rush): a page whose loader waited longer than
 * the pool's connection timeout answers 503 with Retry-After, document and `.data` alike, never a
 * 500, even when a connection is free again by the time the answer is sent (as it is in a rush:
 * others finish meanwhile). The app's pool has one connection, which the test holds until the
 * page's failure is logged (its loader gave up), then frees.
 */

const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");
const WAIT_FOR_CONNECTION_MS = 300;

let t: TestApp;
/** Called with each line the app logs (warnings and errors). */
let onLog: () => void = () => {};
/** Each read asks another page size: the public answers cache keeps none of them for the next. */
let pageSize = 0;
const visitor = () => new Client(t.app, DEMO_HOST);

beforeAll(async () => {
  t = await createTestApp({
    webBuildDir: SMALL_WEB_BUILD,
    // Tenants are remembered, as in production: only the page's own read needs the pool.
    publicCacheTtlMs: 60_000,
    databasePool: { max: 1, connectionTimeoutMs: WAIT_FOR_CONNECTION_MS },
    logLevel: "warn",
    logStream: new Writable({
      write(_line, _encoding, done) {
        onLog();
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t?.close();
});

/** Holds the pool's only connection until the page's loader has given up waiting for it. */
async function holdUntilTheLoaderGivesUp(pool: pg.Pool): Promise<void> {
  const held = await pool.connect();
  onLog = () => {
    onLog = () => {};
    held.release();
  };
}

describe("while the pool gives no connection in time", () => {
  it.each([
    ["the page", "/fr/catalogue-read", "text/html"],
    ["the page's data", "/fr/catalogue-read.data", "*/*"],
  ])("%s answers 503 with Retry-After, not 500", async (_what, url, accept) => {
    // The tenant is read (and remembered) before the pool is held.
    expect((await visitor().request("GET", "/fr/warm-up")).statusCode).toBe(200);

    await holdUntilTheLoaderGivesUp(t.db.$client);
    const response = await visitor().request("GET", `${url}?page_size=${++pageSize}`, {
      headers: { accept },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");

    // A connection free again: the same page is served.
    const again = await visitor().request("GET", `${url}?page_size=${++pageSize}`, {
      headers: { accept },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
