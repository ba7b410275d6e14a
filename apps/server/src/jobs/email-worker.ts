import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { z } from "zod";
import { deliverQueuedEmail, findStrandedEmails } from "../modules/mail/delivery.ts";
import type { MailTransport } from "../modules/mail/transport.ts";
import type { JobQueue } from "./queue.ts";

export const emailJobPayload = z.object({ email_id: z.int().positive() });

const SWEEP_EVERY_MS = 60_000;

/**
 * Works the `emails` queue and, once a minute, re-enqueues e-mails whose job was lost between
 * their transaction's commit and the enqueue. Returns a function that stops the sweeper.
 */
export async function startEmailWorker(
  queue: JobQueue,
  db: Database,
  transport: MailTransport | null,
  log: Logger,
): Promise<() => void> {
  await queue.boss.work("emails", async (jobs) => {
    for (const job of jobs) {
      const payload = emailJobPayload.safeParse(job.data);
      if (!payload.success) {
        log.warn({ jobId: job.id }, "discarding malformed e-mail job");
        continue;
      }
      await deliverQueuedEmail(db, transport, payload.data.email_id);
    }
  });
  const timer = setInterval(() => {
    findStrandedEmails(db, new Date(Date.now() - SWEEP_EVERY_MS))
      .then((ids) => Promise.all(ids.map((id) => queue.send("emails", { email_id: id }))))
      .catch((error: unknown) => log.error({ err: error }, "e-mail sweep failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
