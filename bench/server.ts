import { randomBytes } from "node:crypto";
import { createDatabase } from "@booking/db";
import { buildApp } from "../apps/server/src/http/app.ts";

/**
 * The application under load, in its own process so that the load generator (autocannon, in the
 * parent) does not share its event loop. Started by bench/catalogue.ts with DATABASE_URL set; it
 * listens on a free port of 127.0.0.1 and sends `{ port }` to the parent, then serves until the
 * parent disconnects or sends SIGTERM.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) {
  console.error("bench/server.ts is started by bench/catalogue.ts (DATABASE_URL and IPC needed)");
  process.exit(2);
}

const poolMax = process.env.BENCH_POOL_MAX ? Number(process.env.BENCH_POOL_MAX) : undefined;
const database = createDatabase(databaseUrl, poolMax ? { max: poolMax } : {});
// The server runs no queue worker (WORKERS=off): with BENCH_NOTIFICATIONS=on bench/checkout.ts
// starts `npm run worker`'s entry beside it (bench/setup.ts startWorker), as production would.
// What the requests queue waits in the messages table for the worker's sweeper.
const app = await buildApp({
  config: {
    platformDomain: "localhost",
    // bench/checkout.ts writes sessions hashed with this secret straight into the database.
    secret: process.env.BENCH_SECRET ?? randomBytes(32).toString("base64url"),
    authRateLimitMax: 10,
    logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
    smtpUrl: undefined,
    // As in production (config.ts); PUBLIC_CACHE_TTL_MS=0 measures every answer computed.
    publicCacheTtlMs: Number(process.env.PUBLIC_CACHE_TTL_MS ?? 2000),
    ...(process.env.ADMISSION_CONCURRENCY
      ? { admissionConcurrency: Number(process.env.ADMISSION_CONCURRENCY) }
      : {}),
  },
  db: database.db,
  dispatchEmail: async () => {},
  web: process.env.BENCH_WEB !== "false",
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.send({ port });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Requests whose client already left may still be running: the pool ends with the process
  // rather than under their feet.
  await app.close();
  process.exit(0);
}
process.on("disconnect", () => void stop());
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
