import type {
  AdminCancellationPolicyBody,
  AdminCancellationPolicyView,
  CancellationPolicyView,
} from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireActivity } from "../activities/console-service.ts";
import { type CancellationPolicyRow, findPolicies, savePolicy } from "./queries.ts";

// An activity's cancellation policy (docs/decisions/0101): staff read and write it under
// activities.cancellations.*; the account's cancel and the registration's page apply it.

function policyOf(row: CancellationPolicyRow | undefined): CancellationPolicy {
  return row
    ? {
        online_until_hours: row.onlineUntilHours,
        refund: row.refund,
        refund_percentage: row.refundPercentage,
      }
    : DEFAULT_CANCELLATION_POLICY;
}

/** The policy of an activity: the one written, else the default (decision 0015's rule). */
export async function activityPolicy(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
): Promise<CancellationPolicy> {
  const [row] = await findPolicies(tx, organiserId, [activityId]);
  return policyOf(row);
}

async function policyView(
  context: ConsoleContext,
  activityId: number,
): Promise<AdminCancellationPolicyView> {
  const [row] = await findPolicies(context.db, context.organiser.id, [activityId]);
  return { ...policyOf(row), is_default: row === undefined };
}

/** GET /api/admin/activities/:cuid/cancellation-policy. */
export async function readPolicy(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminCancellationPolicyView> {
  const activity = await requireActivity(context, cuid);
  return policyView(context, activity.id);
}

/**
 * PUT /api/admin/activities/:cuid/cancellation-policy: the whole policy. Without a wallet
 * refund the percentage means nothing and is stored as 100; audited with before and after.
 */
export async function writePolicy(
  context: ConsoleContext,
  cuid: string,
  body: AdminCancellationPolicyBody,
): Promise<AdminCancellationPolicyView> {
  const activity = await requireActivity(context, cuid);
  const before = await policyView(context, activity.id);
  const after: CancellationPolicyView = {
    online_until_hours: body.online_until_hours,
    refund: body.refund,
    refund_percentage: body.refund === "WALLET" ? body.refund_percentage : 100,
  };
  await savePolicy(context.db, {
    organiserId: context.organiser.id,
    activityId: activity.id,
    onlineUntilHours: after.online_until_hours,
    refund: after.refund,
    refundPercentage: after.refund_percentage,
  });
  await context.audit({
    action: "activity.cancellation_policy.updated",
    entity: "activity",
    entityId: activity.cuid,
    before,
    after,
  });
  return { ...after, is_default: false };
}
