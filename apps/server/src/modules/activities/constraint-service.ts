import type {
  AdminRegistrationConstraintView,
  OrderBody,
  registrationConstraintBody,
} from "@booking/contracts";
import type { RegistrationConstraint } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { changedFields } from "./audit-changes.ts";
import { requireActivity } from "./console-service.ts";
import {
  type ConstraintValues,
  deleteConstraint,
  findConstraint,
  insertConstraint,
  listConstraints,
  nextConstraintOrder,
  reorderConstraints,
  type StoredConstraint,
  updateConstraint,
} from "./constraint-queries.ts";
import { orderedIds } from "./ordering.ts";

type ConstraintInput = z.output<typeof registrationConstraintBody>;

/** A stored constraint as the console shows it: §3.2's label, type, payload, order, optional. */
function constraintView(row: StoredConstraint): AdminRegistrationConstraintView {
  return {
    id: row.id,
    cuid: row.cuid,
    label: row.label,
    type: row.type,
    payload: row.payload,
    order: row.order,
    optional: row.optional,
  };
}

const values = (input: ConstraintInput): ConstraintValues => ({
  label: input.label,
  type: input.type,
  payload: input.payload,
  optional: input.optional,
});

async function requireConstraint(context: ConsoleContext, activityCuid: string, cuid: string) {
  const activity = await requireActivity(context, activityCuid);
  const constraint = await findConstraint(context.db, context.organiser.id, activity.id, cuid);
  if (!constraint) throw new AppError("REGISTRATION_CONSTRAINT_NOT_FOUND");
  return { activity, constraint };
}

/** /api/admin/activities/:cuid/registration-constraints, audited as activity_constraint.* */
export const activityConstraintsConsole = {
  async list(
    context: ConsoleContext,
    activityCuid: string,
  ): Promise<AdminRegistrationConstraintView[]> {
    const activity = await requireActivity(context, activityCuid);
    const rows = await listConstraints(context.db, context.organiser.id, [activity.id]);
    return rows.map(constraintView);
  },

  async create(
    context: ConsoleContext,
    activityCuid: string,
    input: ConstraintInput,
  ): Promise<AdminRegistrationConstraintView> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const row = await insertConstraint(context.db, {
      organiserId,
      activityId: activity.id,
      order: await nextConstraintOrder(context.db, organiserId, activity.id),
      ...values(input),
    });
    await context.audit({
      action: "activity_constraint.created",
      entity: "activity_constraint",
      entityId: row.cuid,
      after: { activity: activity.cuid, ...values(input) },
    });
    return constraintView(row);
  },

  async update(
    context: ConsoleContext,
    activityCuid: string,
    cuid: string,
    input: ConstraintInput,
  ): Promise<AdminRegistrationConstraintView> {
    const { constraint } = await requireConstraint(context, activityCuid, cuid);
    const updated = await updateConstraint(context.db, constraint.id, values(input));
    await context.audit({
      action: "activity_constraint.updated",
      entity: "activity_constraint",
      entityId: cuid,
      ...changedFields(values(constraint), values(updated)),
    });
    return constraintView(updated);
  },

  async remove(context: ConsoleContext, activityCuid: string, cuid: string): Promise<void> {
    const { activity, constraint } = await requireConstraint(context, activityCuid, cuid);
    await deleteConstraint(context.db, constraint.id);
    await context.audit({
      action: "activity_constraint.deleted",
      entity: "activity_constraint",
      entityId: cuid,
      before: { activity: activity.cuid, ...values(constraint) },
    });
  },

  async reorder(
    context: ConsoleContext,
    activityCuid: string,
    input: OrderBody,
  ): Promise<AdminRegistrationConstraintView[]> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const rows = await listConstraints(context.db, organiserId, [activity.id]);
    await reorderConstraints(context.db, organiserId, orderedIds(rows, input.cuids));
    await context.audit({
      action: "activity_constraint.reordered",
      entity: "activity",
      entityId: activity.cuid,
      after: { constraints: input.cuids },
    });
    return activityConstraintsConsole.list(context, activityCuid);
  },
};

/** A constraint as the rules judge it, with what the customer is told. */
export type ActivityConstraint = RegistrationConstraint & {
  activityId: number;
  label: string;
  message: string;
};

/**
 * The registration constraints of these activities for the cart and checkout's checks
 * (modules/carts/constraint-checks.ts), in each activity's order.
 */
export async function constraintsOfActivities(
  context: Pick<ServiceContext, "db" | "organiser">,
  activityIds: number[],
): Promise<ActivityConstraint[]> {
  const rows = await listConstraints(context.db, context.organiser.id, activityIds);
  return rows.map((row) => ({
    id: row.id,
    activityId: row.activityId,
    kind: row.type,
    value: row.payload.value,
    scope: row.payload.scope,
    period: { start: row.payload.period_start, end: row.payload.period_end },
    optional: row.optional,
    label: row.label,
    message: row.payload.message,
  }));
}
