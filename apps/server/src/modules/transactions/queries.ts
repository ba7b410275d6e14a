import {
  attendanceCharges,
  bookingParticipations,
  carts,
  customerBundles,
  customerMemberships,
  customerVouchers,
  payments,
  registrationRequests,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, type Column, desc, eq, isNull, or, sql } from "@booking/db/orm";
import type { PaymentRow } from "../payments/queries.ts";

// Every statement of the account's payments (docs/decisions/0019-account-payments.md). Lock order,
// as in every cart change: the cart, then what it bought (registrations, bundles, memberships,
// vouchers, in that order and by id), then a registration request, then the payment, then the
// customer (the wallet) last.

export type CartRow = typeof carts.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type RegistrationRequestRow = typeof registrationRequests.$inferSelect;
export type AttendanceChargeRow = typeof attendanceCharges.$inferSelect;

/** A processed cart by id, locked; the customer's own only when `customerId` is given. */
export async function lockProcessedCart(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  customerId: number | null,
): Promise<CartRow | null> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        eq(carts.id, cartId),
        customerId === null ? undefined : eq(carts.customerId, customerId),
        sql`${carts.processedAt} is not null`,
      ),
    )
    .for("update");
  return row ?? null;
}

/** A registration by id (the customer's own only when `customerId` is given), locked with `lock`. */
export async function findRegistration(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
  customerId: number | null,
  options: { lock?: boolean } = {},
): Promise<RegistrationRow | null> {
  const query = tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.id, registrationId),
        customerId === null ? undefined : eq(registrations.customerId, customerId),
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A registration request by id, locked; the customer's own only when `customerId` is given. */
export async function lockRegistrationRequest(
  tx: TenantTx,
  organiserId: number,
  requestId: number,
  customerId: number | null,
): Promise<RegistrationRequestRow | null> {
  const [row] = await tx
    .select()
    .from(registrationRequests)
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.id, requestId),
        customerId === null ? undefined : eq(registrationRequests.customerId, customerId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** An attendance charge by id, locked; the customer's own only when `customerId` is given. */
export async function lockAttendanceCharge(
  tx: TenantTx,
  organiserId: number,
  chargeId: number,
  customerId: number | null,
): Promise<AttendanceChargeRow | null> {
  const [row] = await tx
    .select()
    .from(attendanceCharges)
    .where(
      and(
        eq(attendanceCharges.organiserId, organiserId),
        eq(attendanceCharges.id, chargeId),
        customerId === null ? undefined : eq(attendanceCharges.customerId, customerId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Adds `amount` (negative: takes back) to what an attendance charge was paid. */
export async function addChargePaid(
  tx: TenantTx,
  organiserId: number,
  chargeId: number,
  amount: number,
): Promise<void> {
  await tx
    .update(attendanceCharges)
    .set({ paidAmount: sql`${attendanceCharges.paidAmount} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(attendanceCharges.organiserId, organiserId), eq(attendanceCharges.id, chargeId)));
}

/**
 * A booking participation (one participant's share of a booking) by id, locked; the customer's
 * own only when `customerId` is given.
 */
export async function lockBookingParticipation(
  tx: TenantTx,
  organiserId: number,
  participationId: number,
  customerId: number | null,
) {
  const [row] = await tx
    .select({
      id: bookingParticipations.id,
      cuid: bookingParticipations.cuid,
      reference: bookingParticipations.reference,
      customerId: bookingParticipations.customerId,
      totalAmount: bookingParticipations.totalAmount,
      paidAmount: bookingParticipations.paidAmount,
    })
    .from(bookingParticipations)
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.id, participationId),
        customerId === null ? undefined : eq(bookingParticipations.customerId, customerId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Adds `amount` (negative: takes back) to what a booking participation was paid. */
export async function addParticipationPaid(
  tx: TenantTx,
  organiserId: number,
  participationId: number,
  amount: number,
): Promise<void> {
  await tx
    .update(bookingParticipations)
    .set({ paidAmount: sql`${bookingParticipations.paidAmount} + ${amount}` })
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.id, participationId),
      ),
    );
}

export type CartPartKind = "REGISTRATION" | "BUNDLE" | "MEMBERSHIP" | "VOUCHER";
export interface CartPartRow {
  kind: CartPartKind;
  id: number;
  total: number;
  paid: number;
  cancelled: boolean;
}

/**
 * What a processed cart bought (registrations, bundles, memberships, vouchers), each table's rows
 * locked in id order, in that order: the parts a cart's balance is spread over.
 */
export async function lockCartParts(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<CartPartRow[]> {
  const registrationRows = await tx
    .select({
      id: registrations.id,
      total: registrations.totalAmount,
      paid: registrations.paidAmount,
      cancelled: registrations.cancelled,
    })
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cartId, cartId)))
    .orderBy(asc(registrations.id))
    .for("update");
  const bundleRows = await tx
    .select({
      id: customerBundles.id,
      total: customerBundles.totalAmount,
      paid: customerBundles.paidAmount,
    })
    .from(customerBundles)
    .where(and(eq(customerBundles.organiserId, organiserId), eq(customerBundles.cartId, cartId)))
    .orderBy(asc(customerBundles.id))
    .for("update");
  const membershipRows = await tx
    .select({
      id: customerMemberships.id,
      total: customerMemberships.totalAmount,
      paid: customerMemberships.paidAmount,
      cancelled: customerMemberships.cancelled,
    })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.organiserId, organiserId), eq(customerMemberships.cartId, cartId)),
    )
    .orderBy(asc(customerMemberships.id))
    .for("update");
  const voucherRows = await tx
    .select({
      id: customerVouchers.id,
      total: customerVouchers.totalAmount,
      paid: customerVouchers.paidAmount,
    })
    .from(customerVouchers)
    .where(and(eq(customerVouchers.organiserId, organiserId), eq(customerVouchers.cartId, cartId)))
    .orderBy(asc(customerVouchers.id))
    .for("update");
  return [
    ...registrationRows.map((row) => ({ kind: "REGISTRATION" as const, ...row })),
    ...bundleRows.map((row) => ({ kind: "BUNDLE" as const, ...row, cancelled: false })),
    ...membershipRows.map((row) => ({ kind: "MEMBERSHIP" as const, ...row })),
    ...voucherRows.map((row) => ({ kind: "VOUCHER" as const, ...row, cancelled: false })),
  ];
}

const partTables = {
  REGISTRATION: registrations,
  BUNDLE: customerBundles,
  MEMBERSHIP: customerMemberships,
  VOUCHER: customerVouchers,
} as const;

/** Adds `amount` to what a cart part was paid. */
export async function addPartPaid(
  tx: TenantTx,
  organiserId: number,
  part: { kind: CartPartKind; id: number },
  amount: number,
): Promise<void> {
  const table = partTables[part.kind];
  await tx
    .update(table)
    .set({ paidAmount: sql`${table.paidAmount} + ${amount}` })
    .where(and(eq(table.organiserId, organiserId), eq(table.id, part.id)));
}

/** Adds `amount` to what a cart was paid. */
export async function addCartPaid(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  amount: number,
): Promise<void> {
  await tx
    .update(carts)
    .set({ paidAmount: sql`${carts.paidAmount} + ${amount}` })
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
}

/** Adds `amount` to what a registration request was paid. */
export async function addRequestPaid(
  tx: TenantTx,
  organiserId: number,
  requestId: number,
  amount: number,
): Promise<void> {
  await tx
    .update(registrationRequests)
    .set({ paidAmount: sql`${registrationRequests.paidAmount} + ${amount}` })
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.id, requestId),
      ),
    );
}

/** What a balance payment pays: one of these is set (a registration's cart comes with it). */
export interface BalanceTarget {
  cartId: number | null;
  registrationId: number | null;
  registrationRequestId: number | null;
  attendanceChargeId: number | null;
  bookingParticipationId: number | null;
}

/**
 * The open balance payment of this target, amount and return path, if any (the latest): a second
 * click on "pay online" is sent to the same provider page.
 */
export async function findOpenBalancePayment(
  tx: TenantTx,
  organiserId: number,
  target: BalanceTarget,
  values: { amount: number; returnPath: string },
): Promise<PaymentRow | null> {
  const same = (column: Column, value: number | null) =>
    value === null ? isNull(column) : eq(column, value);
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organiserId, organiserId),
        eq(payments.purpose, "BALANCE"),
        eq(payments.status, "open"),
        same(payments.cartId, target.cartId),
        same(payments.registrationId, target.registrationId),
        same(payments.registrationRequestId, target.registrationRequestId),
        same(payments.attendanceChargeId, target.attendanceChargeId),
        same(payments.bookingParticipationId, target.bookingParticipationId),
        eq(payments.amount, values.amount),
        eq(payments.returnPath, values.returnPath),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** A balance payment of the customer's (through its cart, registration request or charge). */
export async function findCustomerBalancePayment(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select({ payment: payments })
    .from(payments)
    .leftJoin(
      carts,
      and(eq(carts.organiserId, payments.organiserId), eq(carts.id, payments.cartId)),
    )
    .leftJoin(
      registrationRequests,
      and(
        eq(registrationRequests.organiserId, payments.organiserId),
        eq(registrationRequests.id, payments.registrationRequestId),
      ),
    )
    .leftJoin(
      attendanceCharges,
      and(
        eq(attendanceCharges.organiserId, payments.organiserId),
        eq(attendanceCharges.id, payments.attendanceChargeId),
      ),
    )
    .leftJoin(
      bookingParticipations,
      and(
        eq(bookingParticipations.organiserId, payments.organiserId),
        eq(bookingParticipations.id, payments.bookingParticipationId),
      ),
    )
    .where(
      and(
        eq(payments.organiserId, organiserId),
        eq(payments.cuid, cuid),
        eq(payments.purpose, "BALANCE"),
        or(
          eq(carts.customerId, customerId),
          eq(registrationRequests.customerId, customerId),
          eq(attendanceCharges.customerId, customerId),
          eq(bookingParticipations.customerId, customerId),
        ),
      ),
    )
    .limit(1);
  return row?.payment ?? null;
}
