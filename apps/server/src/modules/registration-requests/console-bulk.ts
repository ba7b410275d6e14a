import type {
  AdminBulkApprovalPreview,
  AdminBulkApprovalResult,
  adminBulkApprovalBody,
  BulkApprovalOutcome,
} from "@booking/contracts";
import { activities } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { planBulkApproval } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { listDatesWithHolds } from "../carts/queries.ts";
import { approvalSessions, approveSessions, sessionDateIds } from "./console-approval.ts";
import {
  findConsoleRequest,
  listPendingOfActivity,
  listRegisteredAvailabilities,
  listRequestedAvailabilities,
  type RequestedAvailabilityRow,
} from "./console-queries.ts";
import { defaultSessions, requestListItems } from "./console-service.ts";

// A season's opening (issue 15 §1; docs/decisions/0061): the PENDING requests of an activity,
// in order of request time, each approved with its default sessions while places last. The
// preview writes nothing; the confirmation approves those staff confirmed, one savepoint each.

/** An activity's pending requests, one tier of it if given. */
type Scope = { activity: string; tier: string | null };
type ConfirmInput = z.output<typeof adminBulkApprovalBody>;
type Line = AdminBulkApprovalPreview["data"][number];

async function requireActivityId(context: ConsoleContext, cuid: string): Promise<number> {
  const [row] = await context.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, context.organiser.id), eq(activities.cuid, cuid)));
  if (!row) throw new AppError("ACTIVITY_NOT_FOUND");
  return row.id;
}

/** The scope's PENDING requests with their default sessions, the oldest first. */
async function pendingInScope(context: ConsoleContext, scope: Scope) {
  const { db, organiser } = context;
  const activityId = await requireActivityId(context, scope.activity);
  const rows = await listPendingOfActivity(db, organiser.id, activityId, scope.tier);
  const requested = await listRequestedAvailabilities(
    db,
    organiser.id,
    rows.map((row) => row.request.id),
  );
  return { rows, requested };
}

/** GET /api/admin/registrations/requests/bulk-approval */
export async function previewBulkApproval(
  context: ConsoleContext,
  scope: Scope,
): Promise<AdminBulkApprovalPreview> {
  const { db, organiser } = context;
  const now = new Date();
  const { rows, requested } = await pendingInScope(context, scope);
  const dates = await listDatesWithHolds(
    db,
    organiser.id,
    { ids: [], availabilityIds: [...new Set(requested.map((availability) => availability.id))] },
    now,
  );
  const taken = await listRegisteredAvailabilities(
    db,
    organiser.id,
    [...new Set(rows.map((row) => row.request.participantId))],
    [...new Set(requested.map((session) => session.id))],
  );
  const plan = planBulkApproval(
    rows.map((row) => ({
      key: row,
      participant: row.request.participantId,
      throughTier: row.tier !== null,
      sessions: requested
        .filter((session) => session.requestId === row.request.id)
        .map((session) => ({
          key: session.cuid,
          availability: session.id,
          dateIds: sessionDateIds(session, dates, now),
        })),
    })),
    dates.map((date) => ({
      id: date.id,
      status: date.status,
      start_at: date.startAt,
      capacity: date.capacity,
      registered: date.registered + date.held,
    })),
    taken,
    now,
  );
  const items = await requestListItems(context, rows, now);
  return {
    data: plan.map((line, index) => {
      const own = requested.filter((session) => session.requestId === line.key.request.id);
      return lineOf(
        items[index]!,
        line.outcome,
        own.filter((session) => line.sessions.includes(session.cuid)),
        line.blocking,
      );
    }),
  };
}

function lineOf(
  request: Line["request"],
  outcome: BulkApprovalOutcome,
  sessions: readonly RequestedAvailabilityRow[],
  blocking: string | null,
): Line {
  const blocked = sessions.find((session) => session.cuid === blocking);
  return {
    request,
    outcome,
    availabilities: sessions.map((session) => session.cuid),
    blocking: blocked ? { cuid: blocked.cuid, start_at: blocked.startAt.toISOString() } : null,
  };
}

/**
 * POST /api/admin/registrations/requests/bulk-approval: the confirmed requests still PENDING in
 * the scope, in order of request time, each approved in a savepoint by `approveSessions` (the
 * same locks and checks as one approval) or left PENDING when a session is full or closed.
 */
export async function confirmBulkApproval(
  context: ConsoleContext,
  input: ConfirmInput,
): Promise<AdminBulkApprovalResult> {
  const { organiser } = context;
  const now = new Date();
  const confirmed = new Set(input.requests);
  const { rows, requested } = await pendingInScope(context, input);
  const lines: Line[] = [];
  let approved = 0;
  for (const listed of rows.filter((row) => confirmed.has(row.request.cuid))) {
    // Chosen at its turn: a twin request approved just before has taken its session.
    const sessions = await defaultSessions(context, listed, requested);
    const outcome = await context.db
      .transaction(async (savepoint) => {
        const scoped = { ...context, db: savepoint };
        const row = await findConsoleRequest(savepoint, organiser.id, listed.request.cuid, {
          lock: true,
        });
        if (row?.request.status !== "PENDING") return null;
        await approveSessions(
          scoped,
          row,
          await approvalSessions(scoped, sessions, now),
          null,
          now,
        );
        return { outcome: "approve" as const, blocking: null };
      })
      .catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        if (error.code === "REGISTRATION_REQUEST_NOT_PENDING") return null;
        if (error.code !== "AVAILABILITY_FULL" && error.code !== "DATE_NOT_SELECTABLE") throw error;
        return {
          outcome:
            error.code === "AVAILABILITY_FULL" ? ("full" as const) : ("not_selectable" as const),
          blocking: (error.details?.availability as string | undefined) ?? null,
        };
      });
    if (outcome === null) continue;
    if (outcome.outcome === "approve") {
      approved += 1;
      await context.audit({
        action: "registration_request.approved",
        entity: "registration_request",
        entityId: listed.request.cuid,
        before: { status: "PENDING" },
        after: { status: "APPROVED", availabilities: sessions.map((s) => s.cuid), bulk: true },
      });
    }
    const [item] = await requestListItems(context, [listed], now);
    lines.push(lineOf(item!, outcome.outcome, sessions, outcome.blocking));
  }
  await context.audit({
    action: "registration_request.bulk_approved",
    entity: "activity",
    entityId: input.activity,
    after: { tier: input.tier, confirmed: input.requests.length, approved },
  });
  return { approved, data: lines };
}
