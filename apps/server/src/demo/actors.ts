import type { TenantTx } from "@booking/db";
import type { FastifyBaseLogger } from "fastify";
import {
  type ConsoleAccessGranted,
  type ConsoleContext,
  consoleContextOf,
} from "../http/console-context.ts";
import type { ServiceContext } from "../http/service-context.ts";
import type { Organiser } from "../modules/organisers/queries.ts";

// Who acts in the demo story, and when: the contexts the services receive from a request, built
// for one transaction with the story's time as their clock (http/clock.ts).

export interface DemoActors {
  /** a customer of the organiser, logged in at `at` */
  customer(customerId: number, at: Date): ServiceContext;
  /** the staff member of the console session, at `at` */
  staff(at: Date): ConsoleContext;
}

/**
 * The story's actors in `tx`. Customers act without a session row, as the server's own jobs act
 * for a customer (`sessionId` 0: nothing on these paths reads it); staff act through the console
 * session `access`. Tasks for after the commit (waking the e-mail queue) are dropped: the seed
 * runs before the queue starts, and its sweep sends what is queued.
 */
export function demoActors(
  tx: TenantTx,
  organiser: Organiser,
  access: ConsoleAccessGranted,
  log: FastifyBaseLogger,
): DemoActors {
  const afterCommit = () => {};
  return {
    customer: (customerId, at) => ({
      db: tx,
      organiser,
      actor: { kind: "customer", customerId, sessionId: 0, impersonatorId: null },
      log,
      afterCommit,
      clock: () => at,
    }),
    staff: (at) => ({ ...consoleContextOf(tx, access, log, afterCommit), clock: () => at }),
  };
}
