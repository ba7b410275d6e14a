import type { AdminRequestTierView, OrderBody, requestTierBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireActivity } from "../activities/console-service.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  deleteTier,
  findTier,
  insertTier,
  listTiers,
  nextTierPosition,
  type RequestTier,
  type RequestTierValues,
  reorderTiers,
  tierUsed,
  updateTier,
} from "./queries.ts";
import { adminTierView } from "./views.ts";

// The tiers of an activity's request configuration, edited on its console page like its options
// and questions (with the activity's own permissions), every change audited.

type TierInput = z.output<typeof requestTierBody>;

const values = (input: TierInput): RequestTierValues => ({
  name: input.name,
  registrations: input.registrations,
  minimumAvailabilities: input.minimum_availabilities,
  maximumAvailabilities: input.maximum_availabilities,
});

const audited = (tier: RequestTier) => ({
  name: tier.name,
  registrations: tier.registrations,
  minimum_availabilities: tier.minimumAvailabilities,
  maximum_availabilities: tier.maximumAvailabilities,
});

async function requireTier(context: ConsoleContext, activityCuid: string, cuid: string) {
  const activity = await requireActivity(context, activityCuid);
  const tier = await findTier(context.db, context.organiser.id, activity.id, cuid);
  if (!tier) throw new AppError("REQUEST_TIER_NOT_FOUND");
  return { activity, tier };
}

export const requestTiersConsole = {
  async list(context: ConsoleContext, activityCuid: string): Promise<AdminRequestTierView[]> {
    const activity = await requireActivity(context, activityCuid);
    return (await listTiers(context.db, context.organiser.id, [activity.id])).map(adminTierView);
  },

  async create(
    context: ConsoleContext,
    activityCuid: string,
    input: TierInput,
  ): Promise<AdminRequestTierView> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const tier = await insertTier(context.db, {
      organiserId,
      activityId: activity.id,
      position: await nextTierPosition(context.db, organiserId, activity.id),
      ...values(input),
    });
    await context.audit({
      action: "activity_request_tier.created",
      entity: "activity_request_tier",
      entityId: tier.cuid,
      after: { activity: activity.cuid, ...audited(tier) },
    });
    return adminTierView(tier);
  },

  /** Requests already made keep what they asked for: a tier's new bounds apply to new ones. */
  async update(
    context: ConsoleContext,
    activityCuid: string,
    cuid: string,
    input: TierInput,
  ): Promise<AdminRequestTierView> {
    const { tier } = await requireTier(context, activityCuid, cuid);
    const updated = await updateTier(context.db, tier.id, values(input));
    await context.audit({
      action: "activity_request_tier.updated",
      entity: "activity_request_tier",
      entityId: cuid,
      before: audited(tier),
      after: audited(updated),
    });
    return adminTierView(updated);
  },

  /** Only a tier no request was made through goes (REQUEST_TIER_IN_USE otherwise). */
  async remove(context: ConsoleContext, activityCuid: string, cuid: string): Promise<void> {
    const { activity, tier } = await requireTier(context, activityCuid, cuid);
    if (await tierUsed(context.db, context.organiser.id, tier.id)) {
      throw new AppError("REQUEST_TIER_IN_USE");
    }
    await deleteTier(context.db, tier.id);
    await context.audit({
      action: "activity_request_tier.deleted",
      entity: "activity_request_tier",
      entityId: cuid,
      before: { activity: activity.cuid, ...audited(tier) },
    });
  },

  async reorder(
    context: ConsoleContext,
    activityCuid: string,
    input: OrderBody,
  ): Promise<AdminRequestTierView[]> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const tiers = await listTiers(context.db, organiserId, [activity.id]);
    await reorderTiers(context.db, organiserId, orderedIds(tiers, input.cuids));
    await context.audit({
      action: "activity_request_tier.reordered",
      entity: "activity",
      entityId: activity.cuid,
      after: { request_tiers: input.cuids },
    });
    return requestTiersConsole.list(context, activityCuid);
  },
};
