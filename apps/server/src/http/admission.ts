import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendUnavailable } from "./database-failures.ts";
import { isNavigationData } from "./navigation-data.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** "immediate": never waits for admission (health checks, metrics, the build's files) */
    admission?: "immediate";
  }
}

/**
 * How a request waits its turn when the server is saturated (decision 0107). A new document (a
 * page loaded by its address) waits behind what continues a visit already under way: API calls,
 * form posts, and a navigation's `.data`. On an opening day the parents who hold places finish
 * checking out while newcomers' pages wait a little, instead of everyone slowing down together.
 */
export type Priority = "continuing" | "new-page";

export function priorityOf(request: FastifyRequest): Priority {
  const newDocument =
    (request.method === "GET" || request.method === "HEAD") &&
    request.routeOptions.url === "/*" &&
    !isNavigationData(request.url.split("?", 1)[0]!);
  return newDocument ? "new-page" : "continuing";
}

/** Requests worked on at once by default (ADMISSION_CONCURRENCY), measured best on the rush. */
export const DEFAULT_ADMISSION_CONCURRENCY = 16;
/** As long as a request waits for a pooled connection before its 503. */
export const ADMISSION_PATIENCE_MS = 5_000;

export interface AdmissionOptions {
  /** requests worked on at once; the others wait */
  concurrency: number;
  /** how long a request waits at most before it is answered 503 with Retry-After */
  patienceMs: number;
}

/** Requests admitted a slot and waiting for one, with the two queues in priority order. */
export class Admission {
  private active = 0;
  private readonly queues: Record<Priority, Array<() => void>> = {
    continuing: [],
    "new-page": [],
  };

  private readonly concurrency: number;

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  /** Resolves true once admitted (call `leave` once when done), false after `patienceMs`. */
  enter(priority: Priority, patienceMs: number): Promise<boolean> {
    if (this.active < this.concurrency) {
      this.active += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const queue = this.queues[priority];
      const admit = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = queue.indexOf(admit);
        if (index >= 0) queue.splice(index, 1);
        resolve(false);
      }, patienceMs);
      queue.push(admit);
    });
  }

  /** Frees a slot: the first waiting request of the highest priority takes it. */
  leave(): void {
    const next = this.queues.continuing.shift() ?? this.queues["new-page"].shift();
    if (next) next();
    else this.active -= 1;
  }

  get waiting(): number {
    return this.queues.continuing.length + this.queues["new-page"].length;
  }
}

/**
 * Admits at most `concurrency` requests at once, the continuing ones first. A request is let go
 * when its answer is sent or its client leaves; one that waited longer than `patienceMs` is
 * answered 503 with Retry-After, having done nothing.
 */
export function registerAdmission(app: FastifyInstance, options: AdmissionOptions): void {
  const admission = new Admission(options.concurrency);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config?.admission === "immediate") return;
    // 'close' follows the answer's last byte, or the client's leaving, whichever comes first.
    const visit: { state: "waiting" | "admitted" | "closed" } = { state: "waiting" };
    reply.raw.once("close", () => {
      if (visit.state === "admitted") admission.leave();
      visit.state = "closed";
    });
    const admitted = await admission.enter(priorityOf(request), options.patienceMs);
    if (visit.state === "closed") {
      // The client left while waiting: its turn is given back at once.
      if (admitted) admission.leave();
      return;
    }
    if (!admitted) return sendUnavailable(request, reply);
    visit.state = "admitted";
  });
}
