import type { Database } from "@booking/db";
import type { Logger } from "pino";
import { currentRequestId } from "../../observability/request-context.ts";
import { deliverMessage, type MessageSenders } from "./delivery.ts";

/**
 * Deliveries at once: each waits mostly on the provider, and holds a connection of the worker's
 * pool (5, shared with the relay, the consumer and the sweeps) only for its claim and its mark.
 */
const DIRECT_CONCURRENCY = 4;

/**
 * The dispatch of a worker process that also delivers (decision 0059): a committed message is
 * delivered here, in the background, instead of through a job of the `emails` queue (an INSERT,
 * a fetch and a completion per message): the messages table already is the queue. The caller is
 * never held; at most `concurrency` (4) deliveries run at once, the rest wait in memory as ids. A
 * message lost with the process stays QUEUED and the sweeper hands it on within a minute. Each
 * delivery is logged with the id of the request behind the dispatch (an event's, decision 0106).
 */
export function createDirectDispatch(
  db: Database,
  senders: MessageSenders,
  log: Pick<Logger, "info" | "error">,
  concurrency = DIRECT_CONCURRENCY,
): { dispatch(messageId: number): Promise<void>; drain(): Promise<void> } {
  const waiting: Array<{ messageId: number; requestId: string | undefined }> = [];
  let running = 0;
  let idle: (() => void) | null = null;
  const next = () => {
    while (running < concurrency && waiting.length > 0) {
      const { messageId, requestId } = waiting.shift()!;
      const context = requestId ? { messageId, requestId } : { messageId };
      running += 1;
      deliverMessage(db, senders, messageId)
        .then(
          () => log.info(context, "message delivery done"),
          (error: unknown) => log.error({ err: error, ...context }, "delivery failed"),
        )
        .finally(() => {
          running -= 1;
          next();
        });
    }
    if (running === 0 && waiting.length === 0) idle?.();
  };
  return {
    async dispatch(messageId) {
      waiting.push({ messageId, requestId: currentRequestId() });
      next();
    },
    drain() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => {
        idle = () => {
          idle = null;
          resolve();
        };
      });
    },
  };
}
