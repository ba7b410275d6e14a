import type { Logger } from "pino";

/**
 * The order a process (server or worker) stops in (issue 18 item 1, decision 0096): stop accepting
 * and finish the requests in flight, finish the jobs in flight, stop the queue, close the pools,
 * then stop the embedded database. Each phase's steps run in the order they were added.
 */
export const SHUTDOWN_PHASES = ["http", "jobs", "queue", "pools", "database"] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

/** Phases that wait for work in flight share the configurable budget (SHUTDOWN_TIMEOUT_MS). */
const BOUNDED_BY_BUDGET: ReadonlySet<ShutdownPhase> = new Set(["http", "jobs", "queue"]);
/**
 * Closing a pool or stopping PostgreSQL does not wait on clients: each gets this much, whatever is
 * left (PostgreSQL's shutdown checkpoint writes what is dirty: seconds on a busy disk).
 */
const CLOSING_STEP_MS = 30_000;

export interface ShutdownStep {
  phase: ShutdownPhase;
  name: string;
  stop: () => Promise<void> | void;
  /** what to do when `stop` outlives its time (cut the connections still open) */
  force?: () => void;
}

/**
 * Runs the steps phase by phase; a step that fails or outlives its time is logged and the next
 * runs anyway (a pool must still close when a request hangs). True when everything stopped cleanly.
 */
export async function runShutdown(
  steps: readonly ShutdownStep[],
  log: Pick<Logger, "info" | "warn" | "error">,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let clean = true;
  for (const phase of SHUTDOWN_PHASES) {
    for (const step of steps.filter((candidate) => candidate.phase === phase)) {
      const budget = BOUNDED_BY_BUDGET.has(phase)
        ? Math.max(0, deadline - Date.now())
        : CLOSING_STEP_MS;
      const outcome = await withTimeout(step.stop, budget);
      if (outcome === "stopped") continue;
      clean = false;
      if (outcome === "timed out") {
        log.warn({ phase, step: step.name, ms: budget }, "shutdown step timed out");
        step.force?.();
      } else {
        log.error({ err: outcome.error, phase, step: step.name }, "shutdown step failed");
      }
    }
  }
  return clean;
}

async function withTimeout(
  stop: ShutdownStep["stop"],
  ms: number,
): Promise<"stopped" | "timed out" | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timed out">((resolve) => {
    timer = setTimeout(() => resolve("timed out"), ms);
  });
  const stopped = Promise.resolve()
    .then(stop)
    .then(
      () => "stopped" as const,
      (error: unknown) => ({ error }),
    );
  try {
    return await Promise.race([stopped, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a process started, stopped once in SHUTDOWN_PHASES order: on a failed start (exit 1) or
 * on one of the given events (exit 0 when everything stopped in time, 1 otherwise).
 */
export function processLifecycle(log: Logger, timeoutMs: number) {
  const steps: ShutdownStep[] = [];
  let stopping: Promise<boolean> | null = null;
  const stopAll = () => {
    stopping ??= runShutdown(steps, log, timeoutMs);
    return stopping;
  };
  return {
    add(step: ShutdownStep): void {
      steps.push(step);
    },
    async failed(error: unknown, message: string): Promise<never> {
      log.error({ err: error }, message);
      await stopAll();
      process.exit(1);
    },
    stopOn(events: ReadonlyArray<"SIGINT" | "SIGTERM" | "disconnect">): void {
      const shutdown = async (event: string) => {
        if (stopping) return;
        log.info({ signal: event }, "stopping");
        const clean = await stopAll();
        log.info({ clean }, "stopped");
        process.exit(clean ? 0 : 1);
      };
      for (const event of events) process.on(event, () => void shutdown(event));
    },
  };
}
