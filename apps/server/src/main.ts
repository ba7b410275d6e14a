import path from "node:path";
import { createDatabase, runMigrations, startEmbeddedPostgres } from "@booking/db";
import pino from "pino";
import { loadConfig } from "./config.ts";
import { seedDemoData } from "./demo/seed.ts";
import { buildApp } from "./http/app.ts";
import { logSerializers } from "./http/logging.ts";
import { type PublicUrls, publicUrlsOf } from "./http/public-urls.ts";
import { startJobQueue } from "./jobs/queue.ts";
import { BACKGROUND_POOL_MAX, startWorkers } from "./jobs/workers.ts";
import { warmEmailFrames } from "./modules/notifications/render/index.ts";
import { createDnsResolver } from "./modules/website/domain-dns.ts";
import { observePool } from "./observability/metrics.ts";
import { startMetricsServer } from "./observability/metrics-endpoint.ts";
import { observeQueues } from "./observability/queue-metrics.ts";
import { processLifecycle } from "./process-lifecycle.ts";

/**
 * Starts everything: configuration, PostgreSQL (embedded under DATA_DIR unless DATABASE_URL is
 * set), migrations, the demo seed on first run, the queue workers (unless WORKERS=off: then
 * `npm run worker` runs them), and the HTTP server. SIGTERM or SIGINT stops them in the order
 * of process-lifecycle.ts (decision 0096).
 */
export async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  const { add, failed, stopOn } = processLifecycle(log, config.shutdownTimeoutMs);

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      log.info({ dataDir: config.dataDir }, "starting embedded PostgreSQL");
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      add({ phase: "database", name: "embedded PostgreSQL", stop: embedded.stop });
      databaseUrl = embedded.url;
    }
    // In production `npm run migrate` does it once, over a direct connection (decision 0095).
    // The migrations' session advisory lock needs a session of its own: never through a
    // transaction-pooling PgBouncer (decision 0105), so MIGRATION_DATABASE_URL when set.
    if (config.migrateOnStart) {
      await runMigrations(process.env.MIGRATION_DATABASE_URL || databaseUrl);
    }
    const database = createDatabase(databaseUrl, { max: config.databasePoolMax });
    add({ phase: "pools", name: "requests' pool", stop: database.close });
    observePool("requests", database.pool);
    observeQueues(database.pool);

    const shouldSeed = process.env.SEED_DEMO
      ? process.env.SEED_DEMO === "true"
      : !config.databaseUrl;
    if (shouldSeed) {
      const summary = await seedDemoData(database.db, { urls: publicUrlsOf(config), log });
      log.info({ seed: summary }, "demo data checked");
    }

    // Background work (deliveries, events, rules, newsletters, sweeps) has a pool of its own, so
    // that a burst of it (a rush's confirmations) never makes requests wait for a connection.
    const background = config.workers
      ? createDatabase(databaseUrl, { max: BACKGROUND_POOL_MAX })
      : null;
    if (background) {
      add({ phase: "pools", name: "background pool", stop: background.close });
      observePool("background", background.pool);
    }
    const queue = await startJobQueue(databaseUrl, log);
    add({ phase: "queue", name: "job queue", stop: () => queue.stop(config.shutdownTimeoutMs) });
    const dnsResolver = createDnsResolver(config.dnsServers);
    if (background) {
      const urls = publicUrlsOf(config);
      const stops = await startWorkers({
        queue,
        db: background.db,
        config,
        urls,
        dnsResolver,
        log,
      });
      for (const stop of stops.reverse()) add({ phase: "jobs", name: "queue workers", stop });
    }
    if (config.metricsPort) {
      const stop = await startMetricsServer(config.metricsPort, config.host);
      add({ phase: "http", name: "metrics port", stop });
    }

    const app = await buildApp({
      config,
      db: database.db,
      dispatchEmail: (emailId) => queue.send("emails", { email_id: emailId }),
      payments: { mollieApiKey: config.mollieApiKey },
      imagesDir: path.join(config.dataDir, "images"),
      proofsDir: path.join(config.dataDir, "transaction-proofs"),
      documentImagesDir: path.join(config.dataDir, "document-images"),
      webBuildDir: config.webBuildDir,
      dnsResolver,
    });
    // Stops accepting, closes idle keep-alive connections, answers the requests in flight (new
    // ones on a kept connection get 503); past the timeout the remaining connections are cut.
    add({
      phase: "http",
      name: "HTTP server",
      stop: () => app.close(),
      force: () => app.server.closeAllConnections(),
    });
    // The e-mail frame compiled before a request renders one (password links, refunds and
    // waiting-list offers are written in the request's transaction; decision 0050).
    await warmEmailFrames();
    await app.listen({ port: config.port, host: config.host });
    printWelcome(app.publicUrls, !config.production && !config.smtpUrl);
  } catch (error) {
    await failed(error, "start failed");
  }
  stopOn(["SIGINT", "SIGTERM"]);
}

/** The demo's addresses, as configured (PUBLIC_URL_SCHEME, PUBLIC_PORT, PLATFORM_DOMAIN). */
function printWelcome(urls: PublicUrls, outbox: boolean): void {
  const origin = (host: string) =>
    host === "admin"
      ? urls.console()
      : urls.storefront({ slug: host, domain: null, domainStatus: null });
  const lines = [
    "",
    "  Booking platform is running",
    "",
    `  Storefront (fr)   ${origin("demo")}`,
    `  Storefront (en)   ${origin("demo-en")}`,
    `  Console           ${origin("admin")}/admin`,
    `  Sign-up           ${urls.platform()}`,
    ...(outbox ? [`  Dev outbox        ${origin("admin")}/admin/dev/outbox`] : []),
    `  API docs          ${origin("demo")}/api/docs`,
    "",
    "  Demo customer     parent@demo.test / demo1234",
    "  Demo owner        owner@demo.test / demo1234",
    "",
    "  Press Ctrl-C to stop.",
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

await main();
