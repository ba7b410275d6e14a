import {
  activities,
  availabilities,
  availabilityDates,
  bundles,
  cartItems,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  customerVouchers,
  memberships,
  participants,
  paymentReferenceSequences,
  queryPrepared,
  registrationDates,
  registrations,
  type TenantTx,
  vouchers,
  walletTransactions,
} from "@booking/db";
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from "@booking/db/orm";
import { MAX_WALLET_BALANCE } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import {
  availabilityColumns,
  dateColumns,
  lockDates,
  participantColumns,
  refersTo,
} from "../carts/queries.ts";

// Every statement of checkout (docs/decisions/0010-checkout.md). The cart statements it shares
// with the cart module (cart and wallet locks, items, dates, coupons, date locks) stay in
// modules/carts/queries.ts.

/** Debits the wallet (never below 0) and records the movement; false when the balance is short. */
export async function debitWallet(
  tx: TenantTx,
  values: {
    organiserId: number;
    customerId: number;
    amount: number;
    cartId: number | null;
    /**
     * CHECKOUT unless said otherwise (PAYMENT: a balance paid from the account; OVERPAYMENT: the
     * console taking back what a cancelled bank transfer credited beyond its cart)
     */
    reason?: "CHECKOUT" | "PAYMENT" | "OVERPAYMENT";
    registrationId?: number | null;
    registrationRequestId?: number | null;
    attendanceChargeId?: number | null;
    bookingParticipationId?: number | null;
  },
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
    reason: values.reason ?? "CHECKOUT",
    cartId: values.cartId,
    registrationId: values.registrationId ?? null,
    registrationRequestId: values.registrationRequestId ?? null,
    attendanceChargeId: values.attendanceChargeId ?? null,
    bookingParticipationId: values.bookingParticipationId ?? null,
  });
  return true;
}

/**
 * Credits the wallet and records the movement: its reason and what it is about (a redeemed
 * voucher, an overpaid balance and what it was meant for, a refund of a cancelled registration).
 * A credit that would take the wallet above MAX_WALLET_BALANCE is 409 WALLET_LIMIT_REACHED.
 */
export async function creditWallet(
  tx: TenantTx,
  values: {
    organiserId: number;
    customerId: number;
    amount: number;
    reason: "VOUCHER" | "OVERPAYMENT" | "REFUND";
    cartId?: number | null;
    registrationId?: number | null;
    registrationRequestId?: number | null;
    attendanceChargeId?: number | null;
    bookingParticipationId?: number | null;
    customerVoucherId?: number | null;
  },
): Promise<void> {
  const credited = await tx
    .update(customers)
    .set({ walletAmount: sql`${customers.walletAmount} + ${values.amount}` })
    .where(
      and(
        eq(customers.organiserId, values.organiserId),
        eq(customers.id, values.customerId),
        lte(customers.walletAmount, MAX_WALLET_BALANCE - values.amount),
      ),
    )
    .returning({ id: customers.id });
  if (credited.length === 0) throw new AppError("WALLET_LIMIT_REACHED");
  await tx.insert(walletTransactions).values({
    organiserId: values.organiserId,
    customerId: values.customerId,
    amount: values.amount,
    reason: values.reason,
    cartId: values.cartId ?? null,
    registrationId: values.registrationId ?? null,
    registrationRequestId: values.registrationRequestId ?? null,
    attendanceChargeId: values.attendanceChargeId ?? null,
    bookingParticipationId: values.bookingParticipationId ?? null,
    customerVoucherId: values.customerVoucherId ?? null,
  });
}

/**
 * The organiser's next payment-reference number (1, 2, …), inside the caller's transaction: the
 * upsert locks the organiser's row until that transaction ends, so the organiser's conversions
 * queue there. For the conversions that did not take their number beforehand
 * (`takeReferenceNumber`): online payments confirmed by their webhook. Call it late.
 */
export async function nextReferenceNumber(tx: TenantTx, organiserId: number): Promise<number> {
  const [row] = await queryPrepared<{ number: number }>(
    tx,
    "checkout_next_reference",
    `insert into payment_reference_sequences (organiser_id, next_value) values ($1, 2)
     on conflict (organiser_id) do update set next_value = payment_reference_sequences.next_value + 1
     returning next_value - 1 as number`,
    [organiserId],
  );
  return row!.number;
}

/**
 * `count` consecutive payment-reference numbers of the organiser in one statement (the first
 * answered), for an import converting many carts in one transaction: the counter row is updated
 * once, not once per cart (each update of a row in one transaction leaves a version that the next
 * one walks past).
 */
export async function reserveReferenceNumbers(
  tx: TenantTx,
  organiserId: number,
  count: number,
): Promise<number> {
  const [row] = await queryPrepared<{ number: number }>(
    tx,
    "checkout_reserve_references",
    `insert into payment_reference_sequences (organiser_id, next_value) values ($1, 1 + $2::int)
     on conflict (organiser_id) do update set next_value = payment_reference_sequences.next_value + $2::int
     returning next_value - $2::int as number`,
    [organiserId, count],
  );
  return row!.number;
}

/**
 * The organiser's next payment-reference number for the checkout of `cartId`, taken in a
 * transaction of its own that ends at once (docs/decisions/0010-checkout.md): the organiser's
 * row is locked only while this statement and its commit run, not for the whole checkout. Null
 * (and nothing taken) unless the cart is the customer's, open, not awaiting a payment and with
 * a live item at `now`: a checkout that cannot convert burns no number.
 *
 * The transaction commits without waiting for its WAL flush (`synchronous_commit` off): a number
 * is only ever used by a checkout that commits later, whose own flush writes this commit first,
 * so a crash can lose the number only together with every use of it.
 */
export async function takeReferenceNumber(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; cartId: number; now: Date },
): Promise<number | null> {
  const [row] = await queryPrepared<{ number: number }>(
    tx,
    "checkout_take_reference",
    TAKE_REFERENCE,
    [values.organiserId, values.customerId, values.cartId, values.now],
  );
  return row?.number ?? null;
}

const TAKE_REFERENCE = `with cart as (
    select c.id from carts c
     where c.organiser_id = $1 and c.id = $3 and c.customer_id = $2
       and c.processed_at is null and c.payment_pending_at is null
       and exists (select 1 from cart_items i
                    where i.organiser_id = c.organiser_id and i.cart_id = c.id
                      and i.expires_at > $4)
  ), taken as (
    insert into payment_reference_sequences (organiser_id, next_value)
    select $1, 2 from cart
    on conflict (organiser_id) do update set next_value = payment_reference_sequences.next_value + 1
    returning next_value - 1 as number
  )
  select number, set_config('synchronous_commit', 'off', true) as commit_mode from taken`;

/**
 * Locks the organiser's reference row without taking a number (none is taken when a late
 * payment is refunded): a conversion that must lock its dates early takes it first, in the order
 * every conversion takes them (reference, then dates: `finishConversion`).
 */
export async function lockReferenceNumber(tx: TenantTx, organiserId: number): Promise<void> {
  await tx
    .select({ organiserId: paymentReferenceSequences.organiserId })
    .from(paymentReferenceSequences)
    .where(eq(paymentReferenceSequences.organiserId, organiserId))
    .for("update");
}

/** A registration made from a cart item (its other columns take their defaults). */
export type NewRegistration = Pick<
  typeof registrations.$inferInsert,
  | "organiserId"
  | "reference"
  | "cartId"
  | "cartItemId"
  | "customerId"
  | "participantId"
  | "availabilityId"
  | "totalAmount"
  | "depositAmount"
  | "paidAmount"
  | "bundleId"
  | "customerDiscountName"
  | "customerDiscountAmount"
  | "options"
  | "questions"
>;

/** What the views of a processed cart show of one of its registrations. */
const registrationViewColumns = {
  id: registrations.id,
  cuid: registrations.cuid,
  reference: registrations.reference,
  totalAmount: registrations.totalAmount,
  depositAmount: registrations.depositAmount,
  paidAmount: registrations.paidAmount,
  cancelled: registrations.cancelled,
  bundleId: registrations.bundleId,
  options: registrations.options,
  questions: registrations.questions,
  createdAt: registrations.createdAt,
};

export type RegistrationViewRow = Pick<
  typeof registrations.$inferSelect,
  keyof typeof registrationViewColumns
>;

/** `registrationViewColumns` in a raw statement. */
const REGISTRATION_VIEW_COLUMNS = `id, cuid, reference, total_amount as "totalAmount",
  deposit_amount as "depositAmount", paid_amount as "paidAmount", cancelled,
  bundle_id as "bundleId", options, questions, created_at as "createdAt"`;

/**
 * A registration and its dates, in one statement; returns the registration as its views show it
 * (`RegistrationViewRow`), so that the confirmation does not read it back.
 */
export async function insertRegistration(
  tx: TenantTx,
  values: NewRegistration,
  dateIds: number[],
): Promise<RegistrationViewRow> {
  const [row] = await queryPrepared<RegistrationViewRow>(
    tx,
    "checkout_insert_registration",
    INSERT_REGISTRATION,
    [
      String(registrations.cuid.defaultFn!()),
      values.organiserId,
      values.reference,
      values.cartId,
      values.cartItemId,
      values.customerId,
      values.participantId,
      values.availabilityId,
      values.totalAmount,
      values.depositAmount ?? 0,
      values.paidAmount ?? 0,
      values.bundleId ?? null,
      JSON.stringify(values.options ?? []),
      JSON.stringify(values.questions ?? []),
      dateIds,
      values.customerDiscountName ?? null,
      values.customerDiscountAmount ?? 0,
    ],
  );
  return row!;
}

const INSERT_REGISTRATION = `with registration as (
    insert into registrations (cuid, organiser_id, reference, cart_id, cart_item_id, customer_id,
                               participant_id, availability_id, total_amount, deposit_amount,
                               paid_amount, bundle_id, options, questions,
                               customer_discount_name, customer_discount_amount)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $16, $17)
    returning *
  ), dates as (
    insert into registration_dates (organiser_id, registration_id, availability_date_id)
    select registration.organiser_id, registration.id, date_id
      from registration, unnest($15::int[]) as date_id
  )
  select ${REGISTRATION_VIEW_COLUMNS} from registration`;

/**
 * The last statement of a conversion, once the cart's reference is known, in ONE round trip: the
 * cart processed (`cart`: reference, processed_at, strategy and figures), the reference on its
 * registrations; the cart's holds deleted (they became registrations: `listItemDates` reads a
 * converted item's dates from its registration, and the hold counts no longer read them);
 * `registered` += the places on each date, provided registered + places still fits the capacity
 * (only a capacity lowered since the add breaks that). False when a date no longer fits: the
 * caller rolls everything back.
 *
 * The dates' row locks are taken here, at the end of the transaction, so that the adds and
 * checkouts of those dates wait for this commit only, not for the whole conversion; with several
 * dates they are first locked in id order (`lockDates`), the order of every date lock.
 */
export async function finishConversion(
  tx: TenantTx,
  values: {
    organiserId: number;
    cartId: number;
    cart: ProcessedCartFigures & { reference: string };
    /** places per date id */
    places: Map<number, number>;
    now: Date;
  },
): Promise<boolean> {
  const { organiserId, cartId, now, cart } = values;
  const places = [...values.places].sort((a, b) => a[0] - b[0]);
  if (places.length > 1) {
    await lockDates(
      tx,
      organiserId,
      places.map(([dateId]) => dateId),
    );
  }
  const rows = await queryPrepared(tx, "checkout_finish_conversion", FINISH_CONVERSION, [
    organiserId,
    cartId,
    now,
    cart.reference,
    cart.processedAt,
    cart.paymentPendingAt ?? null,
    cart.termsAcceptedAt,
    cart.paymentStrategy,
    cart.totalAmount,
    cart.depositAmount,
    cart.paidAmount,
    cart.walletUsed,
    cart.serviceFees,
    places.map(([dateId]) => dateId),
    places.map(([, count]) => count),
  ]);
  return rows.length === places.length;
}

// The cart's holds are reached through the ids of its items (an InitPlan, then lookups by the
// holds' key), the dates by their key: a generic plan cannot turn either into a scan.
const FINISH_CONVERSION = `with cart as (
    update carts
       set reference = $4, processed_at = $5, payment_pending_at = $6, terms_accepted_at = $7,
           payment_strategy = $8, total_amount = $9, deposit_amount = $10, paid_amount = $11,
           wallet_used = $12, service_fees = $13, updated_at = $3
     where organiser_id = $1 and id = $2
  ), registered as (
    update registrations set reference = $4 where organiser_id = $1 and cart_id = $2
  ), released as (
    delete from cart_item_dates
     where organiser_id = $1
       and cart_item_id = any(array(
             select i.id from cart_items i where i.organiser_id = $1 and i.cart_id = $2))
  )
  update availability_dates d
     set registered = d.registered + p.places, updated_at = $3
    from unnest($14::int[], $15::int[]) as p(id, places)
   where d.organiser_id = $1 and d.id = p.id
     and (d.capacity is null or d.registered + p.places <= d.capacity)
  returning d.id`;

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

/** Inserts a customer bundle; returns its id. */
export async function insertCustomerBundle(
  tx: TenantTx,
  values: typeof customerBundles.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(customerBundles)
    .values(values)
    .returning({ id: customerBundles.id });
  return row!.id;
}

/**
 * Adds to each customer bundle's `used` the registrations it paid for (by customer bundle id).
 * The room was counted under the bundles' row locks (`findCustomerPricing` with `lock`);
 * the guard and the table's `used <= capacity` check stay the last wall.
 */
export async function consumeCustomerBundles(
  tx: TenantTx,
  organiserId: number,
  uses: Map<number, number>,
): Promise<void> {
  for (const [id, count] of [...uses].sort((a, b) => a[0] - b[0])) {
    const used = await tx
      .update(customerBundles)
      .set({ used: sql`${customerBundles.used} + ${count}` })
      .where(
        and(
          eq(customerBundles.organiserId, organiserId),
          eq(customerBundles.id, id),
          or(
            isNull(customerBundles.capacity),
            sql`${customerBundles.used} + ${count} <= ${customerBundles.capacity}`,
          ),
        ),
      )
      .returning({ id: customerBundles.id });
    if (used.length === 0) throw new Error(`customer bundle ${id} has no room for ${count} more`);
  }
}

export async function insertCustomerMembership(
  tx: TenantTx,
  values: typeof customerMemberships.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(customerMemberships)
    .values(values)
    .returning({ cuid: customerMemberships.cuid });
  return row!.cuid;
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

/** What processing writes on a cart besides its reference (`finishConversion`). */
export type ProcessedCartFigures = Pick<
  typeof carts.$inferInsert,
  | "processedAt"
  | "paymentPendingAt"
  | "termsAcceptedAt"
  | "paymentStrategy"
  | "totalAmount"
  | "depositAmount"
  | "paidAmount"
  | "walletUsed"
  | "serviceFees"
>;

// Online payments (docs/decisions/0011-online-payments.md): a cart awaiting its payment.

/** A cart (whoever's) by id, locked until the transaction ends: the webhook's first lock. */
export async function lockCart(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<typeof carts.$inferSelect | null> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)))
    .for("update");
  return row ?? null;
}

/** An online checkout: the cart awaits its payment, with the checkout's choices. */
export async function awaitPayment(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  values: {
    paymentPendingAt: Date;
    termsAcceptedAt: Date;
    paymentStrategy: NonNullable<(typeof carts.$inferInsert)["paymentStrategy"]>;
    walletUsed: number;
  },
): Promise<void> {
  await tx
    .update(carts)
    .set(values)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
}

/** The payment awaited is gone (failed, expired, cancelled, refunded): the cart is open again. */
export async function reopenCart(tx: TenantTx, organiserId: number, cartId: number) {
  await tx
    .update(carts)
    .set({ paymentPendingAt: null, termsAcceptedAt: null, paymentStrategy: null, walletUsed: 0 })
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
}

/** The cart's live holds (expires_at > now) now held until `until`. */
export async function extendLiveHolds(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date,
  until: Date,
): Promise<void> {
  await tx
    .update(cartItems)
    .set({ expiresAt: until })
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        eq(cartItems.cartId, cartId),
        gt(cartItems.expiresAt, now),
      ),
    );
}

// Reads of the success page.

/** A registration of a processed cart with its participant, availability, activity and dates. */
export type CartRegistration = {
  registration: RegistrationViewRow;
  participant: { id: number; cuid: string; firstname: string; lastname: string };
  availability: { id: number; cuid: string; startAt: Date; endAt: Date };
  activity: { id: number; cuid: string; title: string };
  /** its dates, in no particular order */
  dates: Array<{ id: number; cuid: string; startAt: Date; endAt: Date }>;
};

/** A processed cart's registrations, each with its dates. */
export async function listCartRegistrations(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<CartRegistration[]> {
  const rows = await tx
    .select({
      registration: registrationViewColumns,
      participant: participantColumns,
      availability: availabilityColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      // Each date reached by its key (an index lookup whatever the statistics).
      dates: sql<Array<{ id: number; cuid: string; startAt: string; endAt: string }>>`(
        select coalesce(json_agg((
                 select json_build_object(
                          'id', d.id, 'cuid', d.cuid, 'startAt', d.start_at, 'endAt', d.end_at)
                   from availability_dates d
                  where d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id)),
               '[]')
          from registration_dates rd
         where rd.organiser_id = ${registrations.organiserId}
           and rd.registration_id = ${registrations.id})`,
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
  return rows.map((row) => ({
    ...row,
    dates: row.dates.map((date) => ({
      ...date,
      startAt: new Date(date.startAt),
      endAt: new Date(date.endAt),
    })),
  }));
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
