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

// Every statement of checkout (docs/decisions/0010-checkout.md). The cart statements it shares
// with the cart module (items, dates, coupons, date locks) stay in modules/carts/queries.ts.

export type CartRow = typeof carts.$inferSelect;

/**
 * Locks the customer's cart (open or processed) for the rest of the transaction. A concurrent
 * checkout of the same cart waits here, then reads the row as the first one committed it
 * (READ COMMITTED re-reads a locked row), so it sees `processed_at` and converts nothing.
 */
export async function lockOwnCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cartId: number,
): Promise<CartRow | null> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        eq(carts.id, cartId),
        eq(carts.customerId, customerId),
      ),
    )
    .for("update");
  return row ?? null;
}

export async function findOwnProcessedCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<CartRow | null> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        eq(carts.cuid, cuid),
        eq(carts.customerId, customerId),
        sql`${carts.processedAt} is not null`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The customer's wallet balance, its row locked until the transaction ends. */
export async function lockWallet(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<number> {
  const [row] = await tx
    .select({ walletAmount: customers.walletAmount })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)))
    .for("update");
  return row?.walletAmount ?? 0;
}

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
      participant: {
        id: participants.id,
        cuid: participants.cuid,
        firstname: participants.firstname,
        lastname: participants.lastname,
      },
      availability: {
        id: availabilities.id,
        cuid: availabilities.cuid,
        startAt: availabilities.startAt,
        endAt: availabilities.endAt,
      },
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
    })
    .from(registrations)
    .innerJoin(
      participants,
      and(
        eq(participants.organiserId, registrations.organiserId),
        eq(participants.id, registrations.participantId),
      ),
    )
    .innerJoin(
      availabilities,
      and(
        eq(availabilities.organiserId, registrations.organiserId),
        eq(availabilities.id, registrations.availabilityId),
      ),
    )
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, availabilities.organiserId),
        eq(activities.id, availabilities.activityId),
      ),
    )
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
      id: availabilityDates.id,
      cuid: availabilityDates.cuid,
      startAt: availabilityDates.startAt,
      endAt: availabilityDates.endAt,
    })
    .from(registrationDates)
    .innerJoin(
      availabilityDates,
      and(
        eq(availabilityDates.organiserId, registrationDates.organiserId),
        eq(availabilityDates.id, registrationDates.availabilityDateId),
      ),
    )
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        inArray(registrationDates.registrationId, registrationIds),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}

const participantColumns = {
  id: participants.id,
  cuid: participants.cuid,
  firstname: participants.firstname,
  lastname: participants.lastname,
};

export async function listCartBundles(tx: TenantTx, organiserId: number, cartId: number) {
  return tx
    .select({
      row: customerBundles,
      product: { id: bundles.id, cuid: bundles.cuid, title: bundles.title },
      participant: participantColumns,
    })
    .from(customerBundles)
    .innerJoin(
      bundles,
      and(
        eq(bundles.organiserId, customerBundles.organiserId),
        eq(bundles.id, customerBundles.bundleId),
      ),
    )
    .leftJoin(
      participants,
      and(
        eq(participants.organiserId, customerBundles.organiserId),
        eq(participants.id, customerBundles.participantId),
      ),
    )
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
      and(
        eq(memberships.organiserId, customerMemberships.organiserId),
        eq(memberships.id, customerMemberships.membershipId),
      ),
    )
    .leftJoin(
      participants,
      and(
        eq(participants.organiserId, customerMemberships.organiserId),
        eq(participants.id, customerMemberships.participantId),
      ),
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
    .innerJoin(
      vouchers,
      and(
        eq(vouchers.organiserId, customerVouchers.organiserId),
        eq(vouchers.id, customerVouchers.voucherId),
      ),
    )
    .where(and(eq(customerVouchers.organiserId, organiserId), eq(customerVouchers.cartId, cartId)))
    .orderBy(asc(customerVouchers.id));
}
