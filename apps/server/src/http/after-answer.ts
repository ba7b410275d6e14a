import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs `work` without the answer waiting for it, so how long it takes tells the caller
     * nothing (a password link is made only when the account exists). Failures are logged; the
     * app waits for such work when it closes.
     */
    afterAnswer(request: FastifyRequest, work: () => Promise<unknown>): void;
    /** Resolves once the work started so far is done (closing; tests reading its e-mails). */
    afterAnswersSettled(): Promise<void>;
  }
}

export function registerAfterAnswer(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  app.decorate("afterAnswer", (request: FastifyRequest, work: () => Promise<unknown>) => {
    const task: Promise<void> = work()
      .then(() => undefined)
      .catch((error: unknown) => request.log.error({ err: error }, "work after the answer failed"))
      .finally(() => pending.delete(task));
    pending.add(task);
  });
  const settled = async () => {
    await Promise.all(pending);
  };
  app.decorate("afterAnswersSettled", settled);
  app.addHook("onClose", settled);
}
