import {
  activities,
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  availabilities,
  availabilityDates,
  bundles,
  cartItemDates,
  cartItems,
  carts,
  coupons,
  customers,
  memberships,
  participants,
  type TenantTx,
  vouchers,
} from "@booking/db";
import {
  and,
  asc,
  type Column,
  count,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  type SQL,
  sql,
} from "@booking/db/orm";

// Every statement of the cart module. Holds: a cart item holds one place on each of its dates
// (`cart_item_dates`) while `expires_at > now`; every count below filters on that, so an expired
// item frees its places without any job.

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItem = typeof cartItems.$inferInsert;

type TenantTable = { organiserId: Column; id: Column };

/** `target` is the row that `column` of a `source` row points at, in the source row's organiser. */
export function refersTo(target: TenantTable, source: { organiserId: Column }, column: Column) {
  return and(eq(target.organiserId, source.organiserId), eq(target.id, column));
}

/**
 * One cart of the customer: by id or cuid (or, with neither, their open one), open or processed
 * (`state`, any when omitted), its row locked (`FOR UPDATE`) until the transaction ends with `lock`.
 */
export async function findCustomerCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: { id?: number; cuid?: string; state?: "open" | "processed"; lock?: boolean } = {},
): Promise<CartRow | null> {
  const query = tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        options.id === undefined ? undefined : eq(carts.id, options.id),
        options.cuid === undefined ? undefined : eq(carts.cuid, options.cuid),
        eq(carts.customerId, customerId),
        options.state === "open"
          ? isNull(carts.processedAt)
          : options.state === "processed"
            ? sql`${carts.processedAt} is not null`
            : undefined,
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export function findOpenCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<CartRow | null> {
  return findCustomerCart(tx, organiserId, customerId, { state: "open", lock: options.lock });
}

/**
 * The customer's open cart, created when there is none, its row locked (`FOR UPDATE`) until the
 * transaction ends. Two concurrent first adds of one customer meet on the partial unique index:
 * the second waits for the first to commit, inserts nothing, and reads the first one's cart. An
 * add concurrent with the checkout of that cart waits for it, then finds the cart processed and
 * opens a new one, so no item lands in a processed cart.
 */
export async function openCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CartRow> {
  const existing = await findOpenCart(tx, organiserId, customerId, { lock: true });
  if (existing) return existing;
  await tx
    .insert(carts)
    .values({ organiserId, customerId })
    .onConflictDoNothing({
      target: [carts.organiserId, carts.customerId],
      where: sql`${carts.processedAt} is null`,
    });
  const created = await findOpenCart(tx, organiserId, customerId, { lock: true });
  if (!created) throw new Error(`open cart of customer ${customerId} not found after insert`);
  return created;
}

/** Deletes the expired items of one cart (their dates go with them); live ones stay. */
export async function deleteExpiredItems(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date,
): Promise<void> {
  await tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        eq(cartItems.cartId, cartId),
        lte(cartItems.expiresAt, now),
      ),
    );
}

/** The customer's own (not deleted) participants among `ids`. */
export async function findOwnParticipantIds(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customerId),
        isNull(participants.deletedAt),
        inArray(participants.id, ids),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export type AvailabilityForCart = typeof availabilities.$inferSelect & {
  allowRegistrationsAfterStart: boolean;
  /** The activity's settings.partial_registrations (false when the key is missing). */
  partialRegistrations: boolean;
};

/** Availabilities of published activities among `ids`, with the activity setting the add rules need. */
export async function findAvailabilitiesForCart(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Map<number, AvailabilityForCart>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ availability: availabilities, settings: activities.settings })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.id, ids),
        eq(activities.published, true),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.availability.id,
      {
        ...row.availability,
        allowRegistrationsAfterStart: row.settings.allow_registrations_after_start,
        partialRegistrations: row.settings.partial_registrations === true,
      },
    ]),
  );
}

export type LockedDate = Pick<
  typeof availabilityDates.$inferSelect,
  "id" | "availabilityId" | "status" | "capacity" | "registered" | "startAt"
>;

/**
 * Locks the dates about to be held, in id order so that two adds sharing dates always lock them
 * in the same order (no deadlock). Until this transaction ends, every other add on these dates
 * waits here, and then counts the holds this one inserted.
 */
export async function lockDates(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<LockedDate[]> {
  if (ids.length === 0) return [];
  return selectDates(tx, organiserId, inArray(availabilityDates.id, ids)).for("update");
}

/** Every date of some availabilities (not locked): the partial-registration count needs them. */
export async function listAvailabilityDates(
  tx: TenantTx,
  organiserId: number,
  availabilityIds: number[],
): Promise<LockedDate[]> {
  if (availabilityIds.length === 0) return [];
  return selectDates(tx, organiserId, inArray(availabilityDates.availabilityId, availabilityIds));
}

function selectDates(tx: TenantTx, organiserId: number, condition: SQL) {
  return tx
    .select({
      id: availabilityDates.id,
      availabilityId: availabilityDates.availabilityId,
      status: availabilityDates.status,
      capacity: availabilityDates.capacity,
      registered: availabilityDates.registered,
      startAt: availabilityDates.startAt,
    })
    .from(availabilityDates)
    .where(and(eq(availabilityDates.organiserId, organiserId), condition))
    .orderBy(asc(availabilityDates.id));
}

export type OptionPriceRow = {
  id: number;
  optionId: number;
  activityId: number;
  answerRequired: boolean;
  amount: number | null;
  percentage: number | null;
};

/** The option prices of some activities, by option order then price order. */
export async function listOptionPrices(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<OptionPriceRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select({
      id: activityOptionPrices.id,
      optionId: activityOptions.id,
      activityId: activityOptions.activityId,
      answerRequired: activityOptions.answerRequired,
      amount: activityOptionPrices.amount,
      percentage: activityOptionPrices.percentage,
    })
    .from(activityOptionPrices)
    .innerJoin(
      activityOptions,
      refersTo(activityOptions, activityOptionPrices, activityOptionPrices.optionId),
    )
    .where(
      and(
        eq(activityOptionPrices.organiserId, organiserId),
        inArray(activityOptions.activityId, activityIds),
      ),
    )
    .orderBy(
      asc(activityOptions.order),
      asc(activityOptions.id),
      asc(activityOptionPrices.order),
      asc(activityOptionPrices.id),
    );
}

export type QuestionRow = typeof activityQuestions.$inferSelect;

/** The questions of some activities, each by its order then id. */
export async function listQuestions(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<QuestionRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(activityQuestions)
    .where(
      and(
        eq(activityQuestions.organiserId, organiserId),
        inArray(activityQuestions.activityId, activityIds),
      ),
    )
    .orderBy(asc(activityQuestions.order), asc(activityQuestions.id));
}

/** The customer's open cart with this id, or null (another customer's, processed, unknown). */
export function findOwnOpenCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cartId: number,
): Promise<CartRow | null> {
  return findCustomerCart(tx, organiserId, customerId, { id: cartId, state: "open" });
}

export type CouponRow = typeof coupons.$inferSelect;

async function findCouponWhere(
  tx: TenantTx,
  organiserId: number,
  condition: SQL,
): Promise<CouponRow | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.organiserId, organiserId), condition))
    .limit(1);
  return row ?? null;
}

/** The organiser's coupon of this code (stored upper-case: `code` must be normalised). */
export function findCouponByCode(
  tx: TenantTx,
  organiserId: number,
  code: string,
): Promise<CouponRow | null> {
  return findCouponWhere(tx, organiserId, eq(coupons.code, code));
}

export function findCouponById(
  tx: TenantTx,
  organiserId: number,
  couponId: number,
): Promise<CouponRow | null> {
  return findCouponWhere(tx, organiserId, eq(coupons.id, couponId));
}

/** Attaches (or, with null, detaches) a coupon; returns the updated cart. */
export async function setCartCoupon(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  couponId: number | null,
): Promise<CartRow> {
  const [row] = await tx
    .update(carts)
    .set({ couponId })
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)))
    .returning();
  if (!row) throw new Error(`cart ${cartId} not found on update`);
  return row;
}

/**
 * The customer's wallet balance, minor units (0 when the customer is not found); with `lock`, its
 * row locked until the transaction ends.
 */
export async function findWalletAmount(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<number> {
  const query = tx
    .select({ walletAmount: customers.walletAmount })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row?.walletAmount ?? 0;
}

/**
 * Live holds (items not expired at `now`, of carts not processed yet) per date: one row of
 * cart_item_dates per place.
 */
export async function countLiveHolds(
  tx: TenantTx,
  organiserId: number,
  dateIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (dateIds.length === 0) return new Map();
  const rows = await tx
    .select({ dateId: cartItemDates.availabilityDateId, holds: count() })
    .from(cartItemDates)
    .innerJoin(cartItems, refersTo(cartItems, cartItemDates, cartItemDates.cartItemId))
    .innerJoin(carts, refersTo(carts, cartItems, cartItems.cartId))
    .where(
      and(
        eq(cartItemDates.organiserId, organiserId),
        inArray(cartItemDates.availabilityDateId, dateIds),
        gt(cartItems.expiresAt, now),
        // A processed cart's items hold nothing: checkout turned their places into
        // registrations, counted in availability_dates.registered.
        isNull(carts.processedAt),
      ),
    )
    .groupBy(cartItemDates.availabilityDateId);
  return new Map(rows.map((row) => [row.dateId, row.holds]));
}

export type Product = { id: number; price: number };

/** Published bundles, vouchers or memberships among `ids`. */
export async function findProducts(
  tx: TenantTx,
  organiserId: number,
  kind: "bundle" | "voucher" | "membership",
  ids: number[],
): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map();
  const table = { bundle: bundles, voucher: vouchers, membership: memberships }[kind];
  const rows = await tx
    .select({ id: table.id, price: table.price })
    .from(table)
    .where(
      and(eq(table.organiserId, organiserId), inArray(table.id, ids), eq(table.published, true)),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Inserts items and returns their ids, in no particular order. */
export async function insertItems(tx: TenantTx, items: NewCartItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await tx.insert(cartItems).values(items).returning({ id: cartItems.id });
  return rows.map((row) => row.id);
}

export async function insertItemDates(
  tx: TenantTx,
  organiserId: number,
  itemIds: number[],
  dateIds: number[],
): Promise<void> {
  const rows = itemIds.flatMap((cartItemId) =>
    dateIds.map((availabilityDateId) => ({ organiserId, cartItemId, availabilityDateId })),
  );
  if (rows.length > 0) await tx.insert(cartItemDates).values(rows);
}

/** An item of the customer's open cart (expired or not), or null. */
export async function findOwnOpenItem(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  itemId: number,
): Promise<{ id: number; cartId: number } | null> {
  const [row] = await tx
    .select({ id: cartItems.id, cartId: cartItems.cartId })
    .from(cartItems)
    .innerJoin(carts, refersTo(carts, cartItems, cartItems.cartId))
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        eq(cartItems.id, itemId),
        eq(carts.customerId, customerId),
        isNull(carts.processedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteItem(tx: TenantTx, organiserId: number, itemId: number): Promise<void> {
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.organiserId, organiserId), eq(cartItems.id, itemId)));
}

export type LiveItemRow = {
  item: CartItemRow;
  participant: { id: number; cuid: string; firstname: string; lastname: string } | null;
  availability: { id: number; cuid: string; startAt: Date; endAt: Date } | null;
  activity: { id: number; cuid: string; title: string } | null;
  bundle: { id: number; cuid: string; title: string } | null;
  voucher: { id: number; cuid: string; title: string } | null;
  membership: { id: number; cuid: string; title: string } | null;
};

/** What the views show of a participant, an availability and one of its dates. */
export const participantColumns = {
  id: participants.id,
  cuid: participants.cuid,
  firstname: participants.firstname,
  lastname: participants.lastname,
};
export const availabilityColumns = {
  id: availabilities.id,
  cuid: availabilities.cuid,
  startAt: availabilities.startAt,
  endAt: availabilities.endAt,
};
export const dateColumns = {
  id: availabilityDates.id,
  cuid: availabilityDates.cuid,
  startAt: availabilityDates.startAt,
  endAt: availabilityDates.endAt,
};

/**
 * The live items of a cart (expires_at > now) with what their views show; with `now` null, all
 * of its items (a processed cart keeps only the items it converted).
 */
export async function listLiveItems(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date | null,
): Promise<LiveItemRow[]> {
  return tx
    .select({
      item: cartItems,
      participant: participantColumns,
      availability: availabilityColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      bundle: { id: bundles.id, cuid: bundles.cuid, title: bundles.title },
      voucher: { id: vouchers.id, cuid: vouchers.cuid, title: vouchers.title },
      membership: { id: memberships.id, cuid: memberships.cuid, title: memberships.title },
    })
    .from(cartItems)
    .leftJoin(participants, refersTo(participants, cartItems, cartItems.participantId))
    .leftJoin(availabilities, refersTo(availabilities, cartItems, cartItems.availabilityId))
    .leftJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(bundles, refersTo(bundles, cartItems, cartItems.bundleId))
    .leftJoin(vouchers, refersTo(vouchers, cartItems, cartItems.voucherId))
    .leftJoin(memberships, refersTo(memberships, cartItems, cartItems.membershipId))
    .where(
      and(
        eq(cartItems.organiserId, organiserId),
        eq(cartItems.cartId, cartId),
        now === null ? undefined : gt(cartItems.expiresAt, now),
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export type ItemDateRow = {
  cartItemId: number;
  id: number;
  cuid: string;
  startAt: Date;
  endAt: Date;
};

/** The dates held by some items, by start. */
export async function listItemDates(
  tx: TenantTx,
  organiserId: number,
  itemIds: number[],
): Promise<ItemDateRow[]> {
  if (itemIds.length === 0) return [];
  return tx
    .select({
      cartItemId: cartItemDates.cartItemId,
      ...dateColumns,
    })
    .from(cartItemDates)
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, cartItemDates, cartItemDates.availabilityDateId),
    )
    .where(
      and(eq(cartItemDates.organiserId, organiserId), inArray(cartItemDates.cartItemId, itemIds)),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}
