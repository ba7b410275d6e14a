import { createDatabase } from "@booking/db";
import pino from "pino";
import type { PublicUrls } from "../apps/server/src/http/public-urls.ts";
import { startEmailWorker } from "../apps/server/src/jobs/email-worker.ts";
import { startEventsConsumer } from "../apps/server/src/jobs/events-consumer.ts";
import { startEventsRelay } from "../apps/server/src/jobs/events-relay.ts";
import { startNotificationsWorker } from "../apps/server/src/jobs/notifications-worker.ts";
import { startJobQueue } from "../apps/server/src/jobs/queue.ts";
import { createMailTransport } from "../apps/server/src/modules/mail/transport.ts";

/**
 * Notifications on in the bench server (BENCH_SMTP_URL set): the background work of
 * apps/server/src/main.ts that a checkout sets off — the job queue, the events relay and
 * consumer, the notification rules' poller and the delivery of messages to `smtpUrl` — in the
 * server's own process, as in production. Returns the dispatch of a committed message.
 */
export async function startServerNotifications(
  databaseUrl: string,
  smtpUrl: string,
  urls: () => PublicUrls,
): Promise<{ dispatchEmail(messageId: number): Promise<void> }> {
  const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? "warn" });
  // Its own pool, as apps/server/src/main.ts gives the background work.
  const { db } = createDatabase(databaseUrl, { max: 5 });
  const queue = await startJobQueue(databaseUrl, log);
  const dispatchEmail = (messageId: number) => queue.send("emails", { email_id: messageId });
  const mail = createMailTransport(smtpUrl, "Bench <bench@example.org>");
  await startEmailWorker(queue, db, { mail, sms: null }, log);
  startEventsRelay(queue, db, log);
  const deps = {
    get urls() {
      return urls();
    },
    dispatchEmail,
    now: () => new Date(),
  };
  await startEventsConsumer(queue, db, deps, log);
  startNotificationsWorker(db, deps, log);
  return { dispatchEmail };
}
