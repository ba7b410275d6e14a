import type { Logger } from "pino";
import type { Stop } from "./jobs/workers.ts";

/**
 * What a process (server or worker) started, stopped in reverse order once: on a failed start
 * (exit 1) or on one of the given events (exit 0).
 */
export function processLifecycle(log: Logger) {
  const stops: Stop[] = [];
  let stopping = false;
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  return {
    stops,
    async failed(error: unknown, message: string): Promise<never> {
      log.error({ err: error }, message);
      await stopAll();
      process.exit(1);
    },
    stopOn(events: ReadonlyArray<"SIGINT" | "SIGTERM" | "disconnect">): void {
      const shutdown = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.info({ signal }, "stopping");
        await stopAll();
        process.exit(0);
      };
      for (const event of events) process.on(event, () => void shutdown(event));
    },
  };
}
