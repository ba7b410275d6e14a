import type { Database, TenantTx } from "@booking/db";
import { withTenant } from "@booking/db";
import { grants, type Permission } from "@booking/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import {
  findRoleAt,
  insertAuditLog,
  type LiveSession,
  type Role,
} from "../modules/collaborators/queries.ts";
import { findConsoleSession } from "../modules/collaborators/sessions.ts";
import { PLATFORM_SESSION_COOKIE } from "../modules/operators/auth.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { AppError } from "./app-error.ts";
import { inOrganiserTransaction } from "./service-context.ts";

/**
 * What a console route needs before its handler runs: "public" (nothing checked before the
 * handler: log-in, password links, and the session calls, which authenticate themselves),
 * "session" (a collaborator of the session's organiser, whatever their role) or the permission
 * it checks. Every /api/admin route declares one (registerConsoleRouteGuard).
 */
export type ConsoleAccess = "public" | "session" | "operator" | Permission;

declare module "fastify" {
  interface FastifyContextConfig {
    console?: ConsoleAccess;
  }
  interface FastifyRequest {
    /** set for console calls once their access rule has passed */
    consoleAccess?: ConsoleAccessGranted;
  }
}

export interface CollaboratorActor {
  kind: "collaborator";
  collaboratorId: number;
  sessionId: number;
  /** the collaborator who opened this session as `collaboratorId` */
  impersonatorId: number | null;
  /** the platform operator who opened this session as the organiser's owner (decision 0040) */
  impersonatorOperatorId: number | null;
  role: Role;
}

export interface AuditEntry {
  /** `entity.verb`, e.g. `role.updated` */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** A console service's context: one organiser, the collaborator acting, the audit log. */
export interface ConsoleContext {
  db: TenantTx;
  organiser: Organiser;
  actor: CollaboratorActor;
  session: LiveSession;
  log: FastifyBaseLogger;
  afterCommit(task: () => Promise<void>): void;
  /** writes an audit-log row in the same transaction as the change */
  audit(entry: AuditEntry): Promise<void>;
  /** the time the service acts at, when not now (`nowOf`, http/clock.ts) */
  clock?: () => Date;
}

export interface ConsoleDeps {
  db: Database;
  secret: string;
}

/** Who is calling, resolved (and their permission checked) before the request's validation. */
export interface ConsoleAccessGranted {
  session: LiveSession;
  organiser: Organiser;
  role: Role;
}

/**
 * Checks a console call's access rule: the session from the cookie (none → 401), the
 * collaborator's role at the session's organiser (not a member → 403) and the permission the
 * route declares (not granted → 403). Runs before the body is validated, so a call without the
 * permission learns nothing about what it would have done.
 */
export async function checkConsoleAccess(
  deps: ConsoleDeps,
  request: FastifyRequest,
  access: Exclude<ConsoleAccess, "public" | "operator">,
): Promise<ConsoleAccessGranted> {
  const session = await findConsoleSession(deps, request);
  // A platform operator reaches an organiser's console only by acting as its owner.
  if (!session && request.cookies[PLATFORM_SESSION_COOKIE]) throw new AppError("FORBIDDEN");
  if (!session) throw new AppError("UNAUTHENTICATED");
  const { organiser } = session;
  if (!organiser) throw new AppError("FORBIDDEN");
  const role = await withTenant(deps.db, organiser.id, (tx) =>
    findRoleAt(tx, organiser.id, session.collaborator.id),
  );
  if (!role) throw new AppError("FORBIDDEN");
  if (access !== "session" && !grants(role, access)) throw new AppError("FORBIDDEN");
  // A suspended organiser's console is read-only (decision 0040).
  if (organiser.status === "SUSPENDED" && !["GET", "HEAD"].includes(request.method)) {
    throw new AppError("ORGANISER_SUSPENDED");
  }
  return { session, organiser, role };
}

/**
 * Runs a console call's work in one transaction scoped to the organiser its access was granted
 * at, with the collaborator as actor and the audit log at hand.
 */
export async function inConsole<T>(
  deps: ConsoleDeps,
  request: FastifyRequest,
  fn: (context: ConsoleContext) => Promise<T>,
): Promise<T> {
  const granted = request.consoleAccess;
  if (!granted) throw new Error(`${request.url}: inConsole on a route without a console session`);
  return inOrganiserTransaction(deps.db, granted.organiser.id, request.log, (tx, afterCommit) =>
    fn(consoleContextOf(tx, granted, request.log, afterCommit)),
  );
}

/**
 * The context of a collaborator's console work in `tx`: a request's (inConsole), or the demo
 * seed's staff steps (apps/server/src/demo), which act through a console session as staff do.
 */
export function consoleContextOf(
  tx: TenantTx,
  { session, organiser, role }: ConsoleAccessGranted,
  log: FastifyBaseLogger,
  afterCommit: (task: () => Promise<void>) => void,
): ConsoleContext {
  const actor: CollaboratorActor = {
    kind: "collaborator",
    collaboratorId: session.collaborator.id,
    sessionId: session.session.id,
    impersonatorId: session.impersonator?.id ?? null,
    impersonatorOperatorId: session.session.impersonatorOperatorId,
    role,
  };
  return {
    db: tx,
    organiser,
    actor,
    session,
    log,
    afterCommit,
    audit: (entry) => writeAudit(tx, organiser.id, actor, entry),
  };
}

async function writeAudit(
  tx: TenantTx,
  organiserId: number,
  actor: CollaboratorActor,
  entry: AuditEntry,
): Promise<void> {
  await insertAuditLog(tx, {
    organiserId,
    collaboratorId: actor.collaboratorId,
    impersonatorCollaboratorId: actor.impersonatorId,
    impersonatorOperatorId: actor.impersonatorOperatorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
