import { type Database, type TenantTx, withTenant } from "@booking/db";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { findSessionActor } from "../modules/accounts/sessions.ts";
import { isCapacityViolation } from "../modules/carts/queries.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { AppError } from "./app-error.ts";
import { SESSION_COOKIE } from "./cookies.ts";

export type Actor =
  | { kind: "visitor" }
  | {
      kind: "customer";
      customerId: number;
      sessionId: number;
      /** the collaborator acting as this customer, when impersonating */
      impersonatorId: number | null;
    };

/** What every service function receives: the tenant-scoped transaction, its organiser, the actor. */
export interface ServiceContext {
  db: TenantTx;
  organiser: Organiser;
  actor: Actor;
  /** the request's logger */
  log: FastifyBaseLogger;
  /** runs once the transaction has committed (enqueue jobs for rows it wrote) */
  afterCommit(task: () => Promise<void>): void;
  /** the time the service acts at, when not now (`nowOf`, http/clock.ts) */
  clock?: () => Date;
}

export interface ContextDeps {
  db: Database;
  secret: string;
}

/**
 * Runs `fn` in one transaction scoped to the request's organiser (row-level security applies),
 * with the actor taken from the session cookie inside that same transaction, or `options.actor`:
 * the one an earlier transaction of the same request found (a second look-up would only repeat
 * it). `genericPlans`: see `withTenant` (decision 0090).
 */
export async function inTenant<T>(
  deps: ContextDeps,
  request: FastifyRequest,
  fn: (context: ServiceContext) => Promise<T>,
  options: { actor?: Actor; genericPlans?: boolean } = {},
): Promise<T> {
  const tenant = request.tenant;
  if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
  return inOrganiserTransaction(
    deps.db,
    tenant.organiser.id,
    request.log,
    async (tx, afterCommit) => {
      const token = request.cookies[SESSION_COOKIE];
      const actor: Actor =
        options.actor ??
        (token
          ? ((await findSessionActor(tx, deps.secret, token)) ?? { kind: "visitor" })
          : { kind: "visitor" });
      return fn({ db: tx, organiser: tenant.organiser, actor, log: request.log, afterCommit });
    },
    { genericPlans: options.genericPlans },
  );
}

/** What the database handle of `inTenantWhenRead`'s first try throws when `fn` uses it. */
class TransactionNeeded extends Error {}

const NO_TRANSACTION = new Proxy(
  {},
  {
    get() {
      throw new TransactionNeeded("read outside a transaction");
    },
  },
) as TenantTx;

/**
 * `inTenant` for a read-only `fn` that may find everything it needs already known (read by an
 * earlier transaction of the request): it first runs without a transaction, and only when it
 * touches the database (`context.db`) is it run again in `inTenant`'s. A page's first estimate
 * whose customer's pricing the session's transaction read then costs no round trip (decision
 * 0099). `fn` must write nothing and reach the database only through `context.db`.
 */
export async function inTenantWhenRead<T>(
  deps: ContextDeps,
  request: FastifyRequest,
  fn: (context: ServiceContext) => Promise<T>,
  options: { actor: Actor; genericPlans?: boolean },
): Promise<T> {
  const tenant = request.tenant;
  if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
  const known: ServiceContext = {
    db: NO_TRANSACTION,
    organiser: tenant.organiser,
    actor: options.actor,
    log: request.log,
    afterCommit: () => {
      throw new TransactionNeeded("a task after a commit");
    },
  };
  try {
    return await fn(known);
  } catch (error) {
    if (!(error instanceof TransactionNeeded)) throw error;
  }
  return inTenant(deps, request, fn, options);
}

/**
 * One transaction scoped to an organiser, for the storefront's calls and the console's alike: a
 * capacity refused at COMMIT becomes AVAILABILITY_FULL, and the tasks registered with
 * `afterCommit` run once the change is committed.
 */
export async function inOrganiserTransaction<T>(
  db: Database,
  organiserId: number,
  log: FastifyBaseLogger,
  fn: (tx: TenantTx, afterCommit: (task: () => Promise<void>) => void) => Promise<T>,
  options: { genericPlans?: boolean } = {},
): Promise<T> {
  const tasks: Array<() => Promise<void>> = [];
  const result = await withTenant(db, organiserId, (tx) => fn(tx, (task) => tasks.push(task)), {
    genericPlans: options.genericPlans,
  }).catch((error: unknown) => {
    // A hold refused when its transaction commits: another add took the date's last places
    // since this one checked them (docs/decisions/0008-cart-holds.md).
    throw isCapacityViolation(error) ? new AppError("AVAILABILITY_FULL") : error;
  });
  for (const task of tasks) {
    // The change is committed: a failed follow-up is logged, and sweepers retry what they own.
    await task().catch((error: unknown) => log.error({ err: error }, "after-commit task failed"));
  }
  return result;
}

export function requireCustomer(context: ServiceContext): Extract<Actor, { kind: "customer" }> {
  if (context.actor.kind !== "customer") throw new AppError("UNAUTHENTICATED");
  return context.actor;
}
