import {
  attendanceCharges,
  bookingParticipations,
  carts,
  customerBundles,
  customerMemberships,
  customerVouchers,
  payments,
  queryPrepared,
  registrationRequests,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, type Column, desc, eq, inArray, isNull, or, sql } from "@booking/db/orm";
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
  const [row] = await lockProcessedCarts(tx, organiserId, [cartId], customerId);
  return row ?? null;
}

/** `lockProcessedCart` of several carts in ONE statement, locked in id order. */
export async function lockProcessedCarts(
  tx: TenantTx,
  organiserId: number,
  cartIds: number[],
  customerId: number | null,
): Promise<CartRow[]> {
  return tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        cartIds.length === 1 ? eq(carts.id, cartIds[0]!) : inArray(carts.id, cartIds),
        customerId === null ? undefined : eq(carts.customerId, customerId),
        sql`${carts.processedAt} is not null`,
      ),
    )
    .orderBy(asc(carts.id))
    .for("update");
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
  await addPaidAmounts(tx, organiserId, "ATTENDANCE_CHARGE", new Map([[chargeId, amount]]));
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
  await addPaidAmounts(
    tx,
    organiserId,
    "BOOKING_PARTICIPATION",
    new Map([[participationId, amount]]),
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
  return (await lockCartsParts(tx, organiserId, [cartId])).get(cartId) ?? [];
}

/** `lockCartParts` of several carts: four statements whatever their number. */
export async function lockCartsParts(
  tx: TenantTx,
  organiserId: number,
  cartIds: number[],
): Promise<Map<number, CartPartRow[]>> {
  const ofCarts = (column: Column) =>
    cartIds.length === 1 ? eq(column, cartIds[0]!) : inArray(column, cartIds);
  const registrationRows = await tx
    .select({
      cartId: registrations.cartId,
      id: registrations.id,
      total: registrations.totalAmount,
      paid: registrations.paidAmount,
      cancelled: registrations.cancelled,
    })
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiserId), ofCarts(registrations.cartId)))
    .orderBy(asc(registrations.id))
    .for("update");
  const bundleRows = await tx
    .select({
      cartId: customerBundles.cartId,
      id: customerBundles.id,
      total: customerBundles.totalAmount,
      paid: customerBundles.paidAmount,
    })
    .from(customerBundles)
    .where(and(eq(customerBundles.organiserId, organiserId), ofCarts(customerBundles.cartId)))
    .orderBy(asc(customerBundles.id))
    .for("update");
  const membershipRows = await tx
    .select({
      cartId: customerMemberships.cartId,
      id: customerMemberships.id,
      total: customerMemberships.totalAmount,
      paid: customerMemberships.paidAmount,
      cancelled: customerMemberships.cancelled,
    })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.organiserId, organiserId), ofCarts(customerMemberships.cartId)),
    )
    .orderBy(asc(customerMemberships.id))
    .for("update");
  const voucherRows = await tx
    .select({
      cartId: customerVouchers.cartId,
      id: customerVouchers.id,
      total: customerVouchers.totalAmount,
      paid: customerVouchers.paidAmount,
    })
    .from(customerVouchers)
    .where(and(eq(customerVouchers.organiserId, organiserId), ofCarts(customerVouchers.cartId)))
    .orderBy(asc(customerVouchers.id))
    .for("update");
  const parts = new Map<number, CartPartRow[]>(cartIds.map((id) => [id, []]));
  const add = (cartId: number | null, part: CartPartRow) => {
    if (cartId !== null) parts.get(cartId)?.push(part);
  };
  for (const { cartId, ...row } of registrationRows) add(cartId, { kind: "REGISTRATION", ...row });
  for (const { cartId, ...row } of bundleRows)
    add(cartId, { kind: "BUNDLE", ...row, cancelled: false });
  for (const { cartId, ...row } of membershipRows) add(cartId, { kind: "MEMBERSHIP", ...row });
  for (const { cartId, ...row } of voucherRows)
    add(cartId, { kind: "VOUCHER", ...row, cancelled: false });
  return parts;
}

/** Adds `amount` to what a cart part was paid. */
export async function addPartPaid(
  tx: TenantTx,
  organiserId: number,
  part: { kind: CartPartKind; id: number },
  amount: number,
): Promise<void> {
  await addPaidAmounts(tx, organiserId, part.kind, new Map([[part.id, amount]]));
}

/** Adds `amount` to what a cart was paid. */
export async function addCartPaid(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  amount: number,
): Promise<void> {
  await addPaidAmounts(tx, organiserId, "CART", new Map([[cartId, amount]]));
}

/** Adds `amount` to what a registration request was paid. */
export async function addRequestPaid(
  tx: TenantTx,
  organiserId: number,
  requestId: number,
  amount: number,
): Promise<void> {
  await addPaidAmounts(tx, organiserId, "REGISTRATION_REQUEST", new Map([[requestId, amount]]));
}

/** What can be paid: a cart, what it bought, a registration request, a charge, a booking share. */
export type PaidKind =
  | CartPartKind
  | "CART"
  | "REGISTRATION_REQUEST"
  | "ATTENDANCE_CHARGE"
  | "BOOKING_PARTICIPATION";

const paidTables: Record<PaidKind, string> = {
  CART: "carts",
  REGISTRATION: "registrations",
  BUNDLE: "customer_bundles",
  MEMBERSHIP: "customer_memberships",
  VOUCHER: "customer_vouchers",
  REGISTRATION_REQUEST: "registration_requests",
  ATTENDANCE_CHARGE: "attendance_charges",
  BOOKING_PARTICIPATION: "booking_participations",
};

/** An attendance charge also records when it changed. */
const addPaidText = (kind: PaidKind) => `update ${paidTables[kind]} t
     set paid_amount = t.paid_amount + v.amount${kind === "ATTENDANCE_CHARGE" ? ", updated_at = $4" : ""}
    from unnest($2::int[], $3::int[]) as v(id, amount)
   where t.organiser_id = $1 and t.id = v.id`;

/**
 * Adds amounts (negative: takes back) to what rows of one kind were paid, by id, in ONE statement
 * whatever their number (a batch of transfers credits many carts at once).
 */
export async function addPaidAmounts(
  tx: TenantTx,
  organiserId: number,
  kind: PaidKind,
  amounts: Map<number, number>,
): Promise<void> {
  if (amounts.size === 0) return;
  const sorted = [...amounts].sort((a, b) => a[0] - b[0]);
  await queryPrepared(tx, `transactions_add_paid_${paidTables[kind]}`, addPaidText(kind), [
    organiserId,
    sorted.map(([id]) => id),
    sorted.map(([, amount]) => amount),
    ...(kind === "ATTENDANCE_CHARGE" ? [new Date()] : []),
  ]);
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
