import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { pendingNewsletters } from "../modules/newsletters/console-queries.ts";
import { type SenderDeps, sendNewsletterBatch } from "../modules/newsletters/sender.ts";

/**
 * The newsletters' rate limit (decision 0056): at most `batchSize` mails of a newsletter queued
 * per `intervalMs`, so that a newsletter to 20,000 does not swamp the SMTP relay nor push
 * transactional mail back; NEWSLETTER_RATE_PER_SECOND overrides the default of 100.
 */
export function newsletterRate(env: NodeJS.ProcessEnv = process.env): {
  batchSize: number;
  intervalMs: number;
} {
  const perSecond = Number(env.NEWSLETTER_RATE_PER_SECOND ?? 100);
  const batchSize = Number.isInteger(perSecond) && perSecond > 0 ? perSecond : 100;
  return { batchSize, intervalMs: 1000 };
}

/**
 * One pass: a batch of each newsletter due now. Returns how many messages it queued, so that a
 * caller draining a backlog (the benchmark) knows when to stop.
 */
export async function sendDueNewsletters(
  db: Database,
  deps: SenderDeps,
  options: { now: Date; batchSize: number },
): Promise<number> {
  let queued = 0;
  for (const newsletter of await pendingNewsletters(db, options.now)) {
    const result = await sendNewsletterBatch(
      db,
      deps,
      { organiserId: newsletter.organiserId, newsletterId: newsletter.id },
      options,
    );
    queued += result?.ids.length ?? 0;
  }
  return queued;
}

/**
 * Sends due newsletters batch by batch at the rate limit, in this process (several processes may
 * run it: a newsletter's row lock keeps one sender per batch). Returns the function that stops it.
 */
export function startNewslettersWorker(
  db: Database,
  deps: SenderDeps,
  log: Logger,
): () => Promise<void> {
  const { batchSize, intervalMs } = newsletterRate();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // A pass slower than the interval delays the next one instead of piling passes up.
    if (running) return;
    running = sendDueNewsletters(db, deps, { now: new Date(), batchSize })
      .catch((error: unknown) => log.error({ err: error }, "newsletter sending failed"))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
