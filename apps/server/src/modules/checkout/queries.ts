import {
  activities,
  availabilities,
  availabilityDates,
  bundles,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  customerVouchers,
  memberships,
  participants,
  paymentReferenceSequences,
  registrationDates,
  registrations,
  type TenantTx,
  vouchers,
  walletTransactions,
} from "@booking/db";
import { and, asc, eq, gte, inArray, sql } from "@booking/db/orm";
import {
  availabilityColumns,
  dateColumns,
  participantColumns,
  refersTo,
} from "../carts/queries.ts";

// Every statement of checkout (docs/decisions/0010-checkout.md). The cart statements it shares
// with the cart module (cart and wallet locks, items, dates, coupons, date locks) stay in
// modules/carts/queries.ts.

/** Debits the wallet (never below 0) and records the movement; false when the balance is short. */
export async function debitWallet(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; amount: number; cartId: number },
): Promise<boolean> {
  const updated = await tx
    .update(customers)
    .set({ walletAmount: sql`${customers.walletAmount} - ${values.amount}` })
    .where(
      and(
        eq(customers.organiserId, values.organiserId),
        eq(customers.id, values.customerId),
        gte(customers.walletAmount, values.amount),
      ),
    )
    .returning({ id: customers.id });
  if (updated.length === 0) return false;
  await tx.insert(walletTransactions).values({
    organiserId: values.organiserId,
    customerId: values.customerId,
    amount: -values.amount,
    reason: "CHECKOUT",
    cartId: values.cartId,
  });
  return true;
}

/**
 * The organiser's next payment-reference number (1, 2, …). The upsert locks the organiser's row
 * until the transaction ends: numbers are handed out in commit order without gaps (a rolled-back
 * checkout gives its number back). Call it late, just before the writes, to hold the lock briefly.
 */
export async function nextReferenceNumber(tx: TenantTx, organiserId: number): Promise<number> {
  const [row] = await tx
    .insert(paymentReferenceSequences)
    .values({ organiserId, nextValue: 2 })
    .onConflictDoUpdate({
      target: paymentReferenceSequences.organiserId,
      set: { nextValue: sql`${paymentReferenceSequences.nextValue} + 1` },
    })
    .returning({ nextValue: paymentReferenceSequences.nextValue });
  return row!.nextValue - 1;
}

export type NewRegistration = typeof registrations.$inferInsert;

export async function insertRegistration(
  tx: TenantTx,
  values: NewRegistration,
  dateIds: number[],
): Promise<number> {
  const [row] = await tx.insert(registrations).values(values).returning({ id: registrations.id });
  if (dateIds.length > 0) {
    await tx.insert(registrationDates).values(
      dateIds.map((availabilityDateId) => ({
        organiserId: values.organiserId,
        registrationId: row!.id,
        availabilityDateId,
      })),
    );
  }
  return row!.id;
}

/** Adds `places` registrations to each date (the caller holds the dates' row locks). */
export async function incrementRegistered(
  tx: TenantTx,
  organiserId: number,
  places: Map<number, number>,
): Promise<void> {
  // In id order, like the locks.
  for (const [dateId, count] of [...places].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(availabilityDates)
      .set({ registered: sql`${availabilityDates.registered} + ${count}` })
      .where(and(eq(availabilityDates.organiserId, organiserId), eq(availabilityDates.id, dateId)));
  }
}

export type BundleProduct = Pick<
  typeof bundles.$inferSelect,
  "id" | "capacity" | "duration" | "expiresAt"
>;
export type MembershipProduct = Pick<
  typeof memberships.$inferSelect,
  | "id"
  | "periodType"
  | "fixedPeriodStartAt"
  | "fixedPeriodEndAt"
  | "rollingPeriodType"
  | "rollingPeriodDuration"
>;
export type VoucherProduct = Pick<typeof vouchers.$inferSelect, "id" | "duration">;

export async function findBundles(tx: TenantTx, organiserId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, BundleProduct>();
  const rows = await tx
    .select({
      id: bundles.id,
      capacity: bundles.capacity,
      duration: bundles.duration,
      expiresAt: bundles.expiresAt,
    })
    .from(bundles)
    .where(and(eq(bundles.organiserId, organiserId), inArray(bundles.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findMemberships(tx: TenantTx, organiserId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, MembershipProduct>();
  const rows = await tx
    .select({
      id: memberships.id,
      periodType: memberships.periodType,
      fixedPeriodStartAt: memberships.fixedPeriodStartAt,
      fixedPeriodEndAt: memberships.fixedPeriodEndAt,
      rollingPeriodType: memberships.rollingPeriodType,
      rollingPeriodDuration: memberships.rollingPeriodDuration,
    })
    .from(memberships)
    .where(and(eq(memberships.organiserId, organiserId), inArray(memberships.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findVouchers(tx: TenantTx, organiserId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, VoucherProduct>();
  const rows = await tx
    .select({ id: vouchers.id, duration: vouchers.duration })
    .from(vouchers)
    .where(and(eq(vouchers.organiserId, organiserId), inArray(vouchers.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertCustomerBundle(
  tx: TenantTx,
  values: typeof customerBundles.$inferInsert,
): Promise<void> {
  await tx.insert(customerBundles).values(values);
}

export async function insertCustomerMembership(
  tx: TenantTx,
  values: typeof customerMemberships.$inferInsert,
): Promise<void> {
  await tx.insert(customerMemberships).values(values);
}

/** Inserts a customer voucher unless its code is taken at this organiser; true when inserted. */
export async function insertCustomerVoucher(
  tx: TenantTx,
  values: typeof customerVouchers.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(customerVouchers)
    .values(values)
    .onConflictDoNothing({ target: [customerVouchers.organiserId, customerVouchers.code] })
    .returning({ id: customerVouchers.id });
  return rows.length > 0;
}

export async function markProcessed(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  values: Pick<
    typeof carts.$inferInsert,
    | "reference"
    | "processedAt"
    | "paymentStrategy"
    | "totalAmount"
    | "depositAmount"
    | "paidAmount"
    | "walletUsed"
    | "serviceFees"
  >,
): Promise<void> {
  await tx
    .update(carts)
    .set(values)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
}

// Reads of the success page.

export async function listCartRegistrations(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({
      registration: registrations,
      participant: participantColumns,
      availability: availabilityColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cartId, cartId)))
    .orderBy(asc(registrations.id));
}

export async function listRegistrationDates(
  tx: TenantTx,
  organiserId: number,
  registrationIds: number[],
) {
  if (registrationIds.length === 0) return [];
  return tx
    .select({
      registrationId: registrationDates.registrationId,
      ...dateColumns,
    })
    .from(registrationDates)
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, registrationDates, registrationDates.availabilityDateId),
    )
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        inArray(registrationDates.registrationId, registrationIds),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}

export async function listCartBundles(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({
      row: customerBundles,
      product: { id: bundles.id, cuid: bundles.cuid, title: bundles.title },
      participant: participantColumns,
    })
    .from(customerBundles)
    .innerJoin(bundles, refersTo(bundles, customerBundles, customerBundles.bundleId))
    .leftJoin(participants, refersTo(participants, customerBundles, customerBundles.participantId))
    .where(and(eq(customerBundles.organiserId, organiserId), eq(customerBundles.cartId, cartId)))
    .orderBy(asc(customerBundles.id));
}

export async function listCartMemberships(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({
      row: customerMemberships,
      product: { id: memberships.id, cuid: memberships.cuid, title: memberships.title },
      participant: participantColumns,
    })
    .from(customerMemberships)
    .innerJoin(
      memberships,
      refersTo(memberships, customerMemberships, customerMemberships.membershipId),
    )
    .leftJoin(
      participants,
      refersTo(participants, customerMemberships, customerMemberships.participantId),
    )
    .where(
      and(eq(customerMemberships.organiserId, organiserId), eq(customerMemberships.cartId, cartId)),
    )
    .orderBy(asc(customerMemberships.id));
}

export async function listCartVouchers(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({
      row: customerVouchers,
      product: { id: vouchers.id, cuid: vouchers.cuid, title: vouchers.title },
    })
    .from(customerVouchers)
    .innerJoin(vouchers, refersTo(vouchers, customerVouchers, customerVouchers.voucherId))
    .where(and(eq(customerVouchers.organiserId, organiserId), eq(customerVouchers.cartId, cartId)))
    .orderBy(asc(customerVouchers.id));
}
