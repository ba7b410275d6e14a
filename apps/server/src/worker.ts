import { createDatabase } from "@booking/db";
import pino from "pino";
import { loadConfig } from "./config.ts";
import { logSerializers } from "./http/logging.ts";
import { publicUrlsOf } from "./http/public-urls.ts";
import { startJobQueue } from "./jobs/queue.ts";
import { BACKGROUND_POOL_MAX, startWorkers } from "./jobs/workers.ts";
import { warmEmailFrames } from "./modules/notifications/render/index.ts";
import { createDnsResolver } from "./modules/website/domain-dns.ts";
import { processLifecycle } from "./process-lifecycle.ts";

/**
 * `npm run worker`: the queue workers without HTTP (issue 18 item 1, decision 0059), beside
 * servers started with WORKERS=off, on the same DATABASE_URL. The server runs the migrations
 * (start it first); the embedded PostgreSQL is a server's own, so a worker needs DATABASE_URL.
 */
export async function runWorker(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  if (!config.databaseUrl) {
    log.error("npm run worker needs DATABASE_URL: the database the servers use");
    process.exit(1);
  }
  const { stops, failed, stopOn } = processLifecycle(log);
  try {
    const background = createDatabase(config.databaseUrl, { max: BACKGROUND_POOL_MAX });
    stops.push(() => background.close());
    const queue = await startJobQueue(config.databaseUrl, log);
    stops.push(() => queue.stop());
    const dnsResolver = createDnsResolver(config.dnsServers);
    const urls = publicUrlsOf(config);
    stops.push(
      ...(await startWorkers({ queue, db: background.db, config, urls, dnsResolver, log })),
    );
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
