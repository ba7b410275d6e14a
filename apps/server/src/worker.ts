import { createDatabase } from "@booking/db";
import pino from "pino";
import { loadConfig } from "./config.ts";
import { logSerializers } from "./http/logging.ts";
import { publicUrlsOf } from "./http/public-urls.ts";
import { startJobQueue } from "./jobs/queue.ts";
import { BACKGROUND_POOL_MAX, startWorkers } from "./jobs/workers.ts";
import { warmEmailFrames } from "./modules/notifications/render/index.ts";
import { createDnsResolver } from "./modules/website/domain-dns.ts";
import { observePool } from "./observability/metrics.ts";
import { startMetricsServer } from "./observability/metrics-endpoint.ts";
import { observeQueues } from "./observability/queue-metrics.ts";
import { processLifecycle } from "./process-lifecycle.ts";

/**
 * `npm run worker`: the queue workers without HTTP (issue 18 item 1, decisions 0059 and 0096),
 * beside servers started with WORKERS=off, on the same DATABASE_URL. It never migrates (start a
 * server or `npm run migrate` first); the embedded PostgreSQL is a server's own, so a worker needs
 * DATABASE_URL. SIGTERM, SIGINT or the parent's disconnect: the jobs in flight finish (at most
 * SHUTDOWN_TIMEOUT_MS, the rest are retried by another worker), then the queue and the pool stop.
 */
export async function runWorker(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  if (!config.databaseUrl) {
    log.error("npm run worker needs DATABASE_URL: the database the servers use");
    process.exit(1);
  }
  const { add, failed, stopOn } = processLifecycle(log, config.shutdownTimeoutMs);
  try {
    const background = createDatabase(config.databaseUrl, { max: BACKGROUND_POOL_MAX });
    add({ phase: "pools", name: "background pool", stop: background.close });
    observePool("background", background.pool);
    observeQueues(background.pool);
    const queue = await startJobQueue(config.databaseUrl, log);
    add({ phase: "queue", name: "job queue", stop: () => queue.stop(config.shutdownTimeoutMs) });
    const dnsResolver = createDnsResolver(config.dnsServers);
    const urls = publicUrlsOf(config);
    const stops = await startWorkers({ queue, db: background.db, config, urls, dnsResolver, log });
    for (const stop of stops.reverse()) add({ phase: "jobs", name: "queue workers", stop });
    if (config.metricsPort) {
      const stop = await startMetricsServer(config.metricsPort, config.host);
      add({ phase: "http", name: "metrics port", stop });
    }
    // MJML and the frames compiled before the first confirmation, not in the middle of a rush.
    await warmEmailFrames();
    log.info("queue workers running");
    process.send?.({ ready: true });
  } catch (error) {
    await failed(error, "worker start failed");
  }
  stopOn(["SIGINT", "SIGTERM", "disconnect"]);
}

await runWorker();
