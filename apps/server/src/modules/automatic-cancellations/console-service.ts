import type {
  AvailabilityAutomaticCancellationBody,
  AvailabilityAutomaticCancellationView,
  UnpaidCancellationRuleBody,
  UnpaidCancellationRuleView,
} from "@booking/contracts";
import { grants } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireAvailability } from "../registrations/console-availability.ts";
import {
  countLiveRegistrations,
  deleteConfiguration,
  deleteUnpaidRule,
  findConfiguration,
  findUnpaidRule,
  saveConfiguration,
  saveUnpaidRule,
} from "./queries.ts";

// The console's automatic cancellation settings (docs/decisions/0088-automatic-cancellations.md).

const DAY = 86_400_000;

export async function unpaidRule(context: ConsoleContext): Promise<UnpaidCancellationRuleView> {
  const rule = await findUnpaidRule(context.db, context.organiser.id);
  return { delay_hours: rule?.delayHours ?? null };
}

/** PUT /api/admin/settings/automatic-cancellations: null turns the rule off. Audited. */
export async function updateUnpaidRule(
  context: ConsoleContext,
  input: UnpaidCancellationRuleBody,
): Promise<UnpaidCancellationRuleView> {
  const before = await unpaidRule(context);
  if (input.delay_hours === null) await deleteUnpaidRule(context.db, context.organiser.id);
  else await saveUnpaidRule(context.db, context.organiser.id, input.delay_hours);
  await context.audit({
    action: "automatic_cancellation.unpaid_rule_updated",
    entity: "organiser",
    entityId: context.organiser.cuid,
    before,
    after: { delay_hours: input.delay_hours },
  });
  return { delay_hours: input.delay_hours };
}

/** GET /api/admin/availabilities/:cuid/automatic-cancellation */
export async function availabilityRule(
  context: ConsoleContext,
  cuid: string,
): Promise<AvailabilityAutomaticCancellationView> {
  const { db, organiser } = context;
  const availability = await requireAvailability(context, cuid);
  const row = await findConfiguration(db, organiser.id, availability.id);
  if (!row) return { automatic_cancellation: null };
  return {
    automatic_cancellation: {
      minimum_participants: row.minimumParticipants,
      days_before: row.daysBefore,
      refund: row.refund,
      deadline: new Date(availability.startAt.getTime() - row.daysBefore * DAY).toISOString(),
      registered: await countLiveRegistrations(db, organiser.id, availability.id),
      executed_at: row.executedAt?.toISOString() ?? null,
      cancelled_count: row.cancelledCount,
    },
  };
}

/**
 * PUT /api/admin/availabilities/:cuid/automatic-cancellation: sets the availability's minimum
 * (a first one also takes availabilities.automatic_cancellations.create, 403 FORBIDDEN); a
 * changed rule is looked at again at its deadline. Audited.
 */
export async function saveAvailabilityRule(
  context: ConsoleContext,
  cuid: string,
  input: AvailabilityAutomaticCancellationBody,
): Promise<AvailabilityAutomaticCancellationView> {
  const { db, organiser, actor } = context;
  const availability = await requireAvailability(context, cuid);
  const existing = await findConfiguration(db, organiser.id, availability.id);
  if (!existing && !grants(actor.role, "availabilities.automatic_cancellations.create")) {
    throw new AppError("FORBIDDEN");
  }
  await saveConfiguration(db, {
    organiserId: organiser.id,
    availabilityId: availability.id,
    minimumParticipants: input.minimum_participants,
    daysBefore: input.days_before,
    refund: input.refund,
  });
  await context.audit({
    action: existing ? "automatic_cancellation.updated" : "automatic_cancellation.created",
    entity: "availability",
    entityId: availability.cuid,
    before: existing && {
      minimum_participants: existing.minimumParticipants,
      days_before: existing.daysBefore,
      refund: existing.refund,
    },
    after: { ...input },
  });
  return availabilityRule(context, cuid);
}

/** DELETE /api/admin/availabilities/:cuid/automatic-cancellation (404 NOT_FOUND when none). */
export async function deleteAvailabilityRule(
  context: ConsoleContext,
  cuid: string,
): Promise<{ ok: true }> {
  const { db, organiser } = context;
  const availability = await requireAvailability(context, cuid);
  const existing = await findConfiguration(db, organiser.id, availability.id);
  if (!existing) throw new AppError("NOT_FOUND");
  await deleteConfiguration(db, organiser.id, availability.id);
  await context.audit({
    action: "automatic_cancellation.deleted",
    entity: "availability",
    entityId: availability.cuid,
    before: { minimum_participants: existing.minimumParticipants },
  });
  return { ok: true };
}
