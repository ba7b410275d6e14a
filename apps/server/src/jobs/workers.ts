import type { Database } from "@booking/db";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { PublicUrls } from "../http/public-urls.ts";
import { createMailTransport } from "../modules/mail/transport.ts";
import { createDirectDispatch } from "../modules/messages/direct-dispatch.ts";
import { createCredentialsCipher } from "../modules/organisers/credentials.ts";
import { accessPointOf } from "../modules/peppol/e-invoice-be.ts";
import { createSmsSender } from "../modules/sms/sender.ts";
import type { DnsResolver } from "../modules/website/domain-dns.ts";
import { startAttendanceBilling } from "./attendance-billing.ts";
import { startAutomaticCancellations } from "./automatic-cancellations.ts";
import { startCartSweep } from "./cart-sweep.ts";
import { startDomainChecks } from "./domain-checks.ts";
import { startEmailWorker } from "./email-worker.ts";
import { startEventsConsumer } from "./events-consumer.ts";
import { startEventsRelay } from "./events-relay.ts";
import { startNewslettersWorker } from "./newsletters-worker.ts";
import { startNotificationsWorker } from "./notifications-worker.ts";
import { startPaymentReminders } from "./payment-reminders.ts";
import { startPeppolStatus } from "./peppol-status.ts";
import { startPlatformBilling } from "./platform-billing.ts";
import type { JobQueue } from "./queue.ts";
import { startResourceSlots } from "./resource-slots.ts";
import { startWebhooks } from "./webhooks.ts";

export type Stop = () => Promise<void> | void;

/** Connections of the background work's own pool (the requests' pool keeps its 10). */
export const BACKGROUND_POOL_MAX = 5;

/** What the queue workers need: the server (WORKERS=on) and `npm run worker` give the same. */
export interface WorkersDeps {
  queue: JobQueue;
  /** the background work's own pool */
  db: Database;
  config: Pick<
    Config,
    "smtpUrl" | "mailFrom" | "dkim" | "secret" | "platformDomain" | "sms" | "smsApiUrl"
  > &
    Partial<Pick<Config, "production" | "peppolAccessPoint" | "webhookAllowedTargets">>;
  urls: PublicUrls;
  dnsResolver: DnsResolver;
  log: Logger;
}

/**
 * Starts every queue worker and periodic job (issue 18 item 1): message delivery and its
 * sweeper, the abandoned-cart sweep, the end-of-month attendance charges, payment reminders, the organisers' billing cycles, resources' slots kept to their horizon, Peppol documents in transit followed, the events relay and consumer, own-domain checks,
 * newsletters, the notification rules' poller. The messages the rules and staff notifications
 * write are delivered in this process at once (decision 0059), not through the `emails` queue.
 * Returns the stops, to run in reverse order.
 */
export async function startWorkers(deps: WorkersDeps): Promise<Stop[]> {
  const { queue, db, config, urls, log } = deps;
  const stops: Stop[] = [];
  const senders = {
    mail: createMailTransport(config.smtpUrl, config.mailFrom, config.dkim),
    sms: createSmsSender(config, db),
  };
  stops.push(await startEmailWorker(queue, db, senders, log));
  await startCartSweep(queue, db, log);
  await startAutomaticCancellations(queue, db, log);
  await startAttendanceBilling(queue, db, log);
  await startResourceSlots(queue, db, log);
  await startPaymentReminders(queue, db, log);
  await startPlatformBilling(queue, db, log);
  const accessPoint = accessPointOf({ peppolAccessPoint: config.peppolAccessPoint ?? null });
  if (accessPoint) await startPeppolStatus(queue, db, accessPoint, log);
  stops.push(startEventsRelay(queue, db, log));
  await startDomainChecks(
    queue,
    db,
    { resolver: deps.dnsResolver, platformDomain: config.platformDomain },
    log,
  );
  const dispatchByQueue = (messageId: number) => queue.send("emails", { email_id: messageId });
  // Newsletters: batches of due ones at the rate limit (decision 0056).
  stops.push(
    startNewslettersWorker(
      db,
      { secret: config.secret, publicUrls: urls, dispatchEmail: dispatchByQueue },
      log,
    ),
  );
  // Notification rules: the events consumer schedules, the poller sends what is due.
  const direct = createDirectDispatch(db, senders, log);
  stops.push(() => direct.drain());
  const notificationDeps = { urls, dispatchEmail: direct.dispatch, now: () => new Date() };
  await startEventsConsumer(queue, db, { ...notificationDeps, accessPoint }, log);
  // Webhooks: the consumer writes deliveries, the relay queues their attempts (decision 0086).
  stops.push(
    await startWebhooks(
      queue,
      db,
      {
        cipher: createCredentialsCipher(config.secret),
        policy: {
          allowedTargets: new Set(config.webhookAllowedTargets ?? []),
          httpsOnly: config.production ?? false,
        },
        urls,
        dispatchEmail: direct.dispatch,
        now: () => new Date(),
      },
      log,
    ),
  );
  stops.push(startNotificationsWorker(db, notificationDeps, log));
  return stops;
}
