import { customerMemberships, memberships, type TenantTx } from "@booking/db";
import { and, asc, eq, gt, lt, sql } from "@booking/db/orm";

// The statements of a membership staff give (decision 0104).

export async function findMembershipProduct(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({
      id: memberships.id,
      cuid: memberships.cuid,
      title: memberships.title,
      price: memberships.price,
      entity: memberships.entity,
      periodType: memberships.periodType,
      fixedPeriodStartAt: memberships.fixedPeriodStartAt,
      fixedPeriodEndAt: memberships.fixedPeriodEndAt,
      rollingPeriodType: memberships.rollingPeriodType,
      rollingPeriodDuration: memberships.rollingPeriodDuration,
    })
    .from(memberships)
    .where(and(eq(memberships.organiserId, organiserId), eq(memberships.cuid, cuid)));
  return row ?? null;
}

/** Whether the customer (or participant) holds that membership, not cancelled, over the period. */
export async function holdsMembership(
  tx: TenantTx,
  organiserId: number,
  held: {
    customerId: number;
    participantId: number | null;
    membershipId: number;
    period: { start_at: Date; end_at: Date };
  },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.organiserId, organiserId),
        eq(customerMemberships.customerId, held.customerId),
        eq(customerMemberships.membershipId, held.membershipId),
        sql`${customerMemberships.participantId} is not distinct from ${held.participantId}`,
        eq(customerMemberships.cancelled, false),
        lt(customerMemberships.startAt, held.period.end_at),
        gt(customerMemberships.endAt, held.period.start_at),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The membership the gift's order made. */
export async function findGiftMembership(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<string> {
  const [row] = await tx
    .select({ cuid: customerMemberships.cuid })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.organiserId, organiserId), eq(customerMemberships.cartId, cartId)),
    );
  return row!.cuid;
}

/** The organiser's memberships, published or not (staff may give either), by title. */
export function listMembershipChoices(tx: TenantTx, organiserId: number) {
  return tx
    .select({
      cuid: memberships.cuid,
      title: memberships.title,
      price: memberships.price,
      entity: memberships.entity,
      period_type: memberships.periodType,
    })
    .from(memberships)
    .where(eq(memberships.organiserId, organiserId))
    .orderBy(asc(memberships.title), asc(memberships.id));
}
