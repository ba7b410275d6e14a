import {
  activities,
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  availabilities,
  availabilityDates,
  bundles,
  type CartItemPayload,
  cartItemDates,
  cartItems,
  carts,
  coupons,
  customers,
  memberships,
  participants,
  registrationDates,
  registrations,
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
  or,
  type SQL,
  sql,
} from "@booking/db/orm";

// Every statement of the cart module. Holds: a cart item holds one place on each of its dates
// (`cart_item_dates`) while `expires_at > now`; every count below filters on that, so an expired
// item frees its places without any job.
//
// The statements are NOT prepared: a generic plan (PostgreSQL keeps one after five runs of a
// named statement) chosen while the cart tables were small kept scanning every date of the
// organiser once they had grown (bench/RESULTS.md, checkout, 2026-11-22). The correlated
// subqueries below reach another table's row only by its full key: a lookup of one row, which
// no statistics can turn into a scan of the organiser's items or dates.

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
 * The customer's open cart, created when there is none, its row locked until the transaction
 * ends, in ONE statement: an upsert on the partial unique index of open carts, whose DO UPDATE
 * (a no-op) locks and returns the existing cart. Two concurrent first adds of one customer meet
 * on that index: the second waits for the first to commit, then locks and returns its cart. An
 * add concurrent with the checkout of that cart waits for it; once the cart is processed it no
 * longer matches the index, so the add inserts a new one: no item lands in a processed cart.
 */
export async function openCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CartRow> {
  const [row] = await tx
    .insert(carts)
    .values({ organiserId, customerId })
    .onConflictDoUpdate({
      target: [carts.organiserId, carts.customerId],
      targetWhere: sql`${carts.processedAt} is null`,
      set: { customerId: sql`excluded.customer_id` },
    })
    .returning();
  if (!row) throw new Error(`open cart of customer ${customerId} neither inserted nor found`);
  return row;
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

/** A question of an activity, as the add validates answers to it. */
export type TargetQuestion = Pick<
  QuestionRow,
  "id" | "activityId" | "type" | "required" | "choices"
>;

/** An availability as an add checks it: its activity's option prices and questions with it. */
export type RegistrationTarget = AvailabilityForCart & {
  optionPrices: OptionPriceRow[];
  questions: TargetQuestion[];
};

/**
 * Availabilities of published activities among `ids`, with the activity settings the add rules
 * need and, in the same statement, the option prices (by option order then price order) and
 * questions (by order) of each one's activity: what an add, an estimate or a waiting-list join
 * checks a registration against.
 */
export async function findRegistrationTargets(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Map<number, RegistrationTarget>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      availability: availabilities,
      settings: activities.settings,
      optionPrices: sql<OptionPriceRow[]>`(
        select coalesce(json_agg(json_build_object(
                 'id', p.id, 'optionId', o.id, 'activityId', o.activity_id,
                 'answerRequired', o.answer_required, 'amount', p.amount,
                 'percentage', p.percentage)
               order by o."order", o.id, p."order", p.id), '[]')
          from activity_option_prices p
          join activity_options o on o.organiser_id = p.organiser_id and o.id = p.option_id
         where p.organiser_id = ${activities.organiserId} and o.activity_id = ${activities.id})`,
      questions: sql<TargetQuestion[]>`(
        select coalesce(json_agg(json_build_object(
                 'id', q.id, 'activityId', q.activity_id, 'type', q.type,
                 'required', q.required, 'choices', q.choices)
               order by q."order", q.id), '[]')
          from activity_questions q
         where q.organiser_id = ${activities.organiserId} and q.activity_id = ${activities.id})`,
    })
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
        optionPrices: row.optionPrices,
        questions: row.questions,
      },
    ]),
  );
}

export type LockedDate = Pick<
  typeof availabilityDates.$inferSelect,
  "id" | "availabilityId" | "status" | "capacity" | "registered" | "startAt"
>;

/**
 * Locks some dates (checkout, before converting their holds), in id order: the order in which the
 * capacity check of new holds locks them when an add commits (migration 0015), so the two never
 * wait for each other in opposite orders. FOR NO KEY UPDATE, like that check and like the UPDATE
 * of `registered`: it does not conflict with the FOR KEY SHARE lock that the foreign key of a new
 * hold or registration date takes on the row.
 */
export async function lockDates(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<LockedDate[]> {
  if (ids.length === 0) return [];
  return selectDates(tx, organiserId, inArray(availabilityDates.id, ids)).for("no key update");
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

/**
 * Whether the hold row `hold` (an alias of `cart_item_dates`) holds its place at `now`: its item
 * not expired, its cart not processed. Its item and cart are reached by their keys in a scalar
 * subquery, which the planner can only run as two index lookups: a join there could be planned
 * as a scan of the organiser's items when the statistics are those of small tables.
 */
function liveHold(hold: SQL, now: Date): SQL {
  return sql`coalesce((
    select i.expires_at > ${now} and c.processed_at is null
      from cart_items i
      join carts c on c.organiser_id = i.organiser_id and c.id = i.cart_id
     where i.organiser_id = ${hold}.organiser_id and i.id = ${hold}.cart_item_id), false)`;
}

export type DateWithHolds = LockedDate & {
  /** Live holds of every cart on the date (items not expired at `now`, carts not processed). */
  held: number;
};

/**
 * Some dates (`ids`) and every date of some availabilities (`availabilityIds`), in id order,
 * each with its live holds counted at `now`, in ONE statement and without locking: what an add
 * or an estimate checks before holding anything. The capacity check that counts is the one made
 * when the holds commit (`cart_item_dates_capacity`, migration 0015).
 */
export async function listDatesWithHolds(
  tx: TenantTx,
  organiserId: number,
  scope: { ids: number[]; availabilityIds: number[] },
  now: Date,
): Promise<DateWithHolds[]> {
  if (scope.ids.length === 0 && scope.availabilityIds.length === 0) return [];
  return tx
    .select({
      id: availabilityDates.id,
      availabilityId: availabilityDates.availabilityId,
      status: availabilityDates.status,
      capacity: availabilityDates.capacity,
      registered: availabilityDates.registered,
      startAt: availabilityDates.startAt,
      // Spelt out: drizzle writes the columns of a one-table select without their table name.
      held: sql<number>`(
        select count(*)::int from cart_item_dates h
         where h.organiser_id = availability_dates.organiser_id
           and h.availability_date_id = availability_dates.id
           and ${liveHold(sql`h`, now)})`,
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        or(
          scope.ids.length > 0 ? inArray(availabilityDates.id, scope.ids) : undefined,
          scope.availabilityIds.length > 0
            ? inArray(availabilityDates.availabilityId, scope.availabilityIds)
            : undefined,
        ),
      ),
    )
    .orderBy(asc(availabilityDates.id));
}

/** One registration of an add: `quantity` items, each holding a place on every date. */
export type HoldLine = {
  participantId: number;
  availabilityId: number;
  quantity: number;
  /** distinct date ids */
  dateIds: number[];
  price: number;
  deposit: number;
  payload: CartItemPayload;
};

/**
 * In ONE statement: deletes the cart's expired items (they hold nothing any more), then inserts
 * one REGISTRATION item per place of each line, expiring at `expiresAt`, and a `cart_item_dates`
 * row per item and date. Nothing is locked here: the capacity of each date is checked when the
 * transaction commits (`cart_item_dates_capacity`). The hold rows are inserted in date order, the
 * order in which that check locks the dates (ascending ids, as checkout locks them): two adds
 * never wait for each other in opposite orders.
 */
export async function holdPlaces(
  tx: TenantTx,
  cart: { organiserId: number; cartId: number; now: Date; expiresAt: Date },
  lines: HoldLine[],
): Promise<void> {
  const { organiserId, cartId, now, expiresAt } = cart;
  if (lines.length === 0) return deleteExpiredItems(tx, organiserId, cartId, now);
  const inserts = lines.map(
    (line, index) => sql`, ${sql.raw(`line_${index}`)} as (
      insert into cart_items (cuid, organiser_id, cart_id, type, participant_id, availability_id,
                              price, deposit, payload, expires_at)
      select unit, ${organiserId}, ${cartId}, 'REGISTRATION', ${line.participantId},
             ${line.availabilityId}, ${line.price}, ${line.deposit},
             ${JSON.stringify(line.payload)}::jsonb, ${expiresAt}
        from unnest(${sql.param(Array.from({ length: line.quantity }, newItemCuid))}::text[]) as unit
      returning id)`,
  );
  const held = lines.map(
    (line, index) =>
      sql`select id, date_id from ${sql.raw(`line_${index}`)}, unnest(${sql.param(line.dateIds)}::int[]) as date_id`,
  );
  await tx.execute(sql`
    with expired as (
      delete from cart_items
       where organiser_id = ${organiserId} and cart_id = ${cartId} and expires_at <= ${now}
    )${sql.join(inserts, sql``)}
    insert into cart_item_dates (organiser_id, cart_item_id, availability_date_id)
    select ${organiserId}, held.id, held.date_id
      from (${sql.join(held, sql` union all `)}) as held
     order by held.date_id, held.id`);
}

/** A new item's cuid, made as the schema's default makes it. */
function newItemCuid(): string {
  return String(cartItems.cuid.defaultFn!());
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
  by: "code" | "id",
  value: string | number,
): Promise<CouponRow | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.organiserId, organiserId), eq(coupons[by], value)))
    .limit(1);
  return row ?? null;
}

/** The organiser's coupon of this code (stored upper-case: `code` must be normalised). */
export function findCouponByCode(
  tx: TenantTx,
  organiserId: number,
  code: string,
): Promise<CouponRow | null> {
  return findCouponWhere(tx, organiserId, "code", code);
}

export function findCouponById(
  tx: TenantTx,
  organiserId: number,
  couponId: number,
): Promise<CouponRow | null> {
  return findCouponWhere(tx, organiserId, "id", couponId);
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
 * The items of a cart, live at `now` (all with null), in order, with what their views show
 * (`LiveItemRow`) and the dates they hold (JSON, timestamps as strings, each date reached by its
 * key; none once converted: checkout deletes the holds).
 */
function selectItems(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date | null,
  dropExpired: boolean,
) {
  // With `dropExpired`, the cart's expired items are deleted by the same statement (its select
  // reads the rows as they were before, and keeps the live ones only).
  const source =
    dropExpired && now !== null
      ? tx.with(
          tx.$with("expired").as(
            tx
              .delete(cartItems)
              .where(
                and(
                  eq(cartItems.organiserId, organiserId),
                  eq(cartItems.cartId, cartId),
                  lte(cartItems.expiresAt, now),
                ),
              )
              .returning({ id: cartItems.id }),
          ),
        )
      : tx;
  return source
    .select({
      item: cartItems,
      participant: participantColumns,
      availability: availabilityColumns,
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      bundle: { id: bundles.id, cuid: bundles.cuid, title: bundles.title },
      voucher: { id: vouchers.id, cuid: vouchers.cuid, title: vouchers.title },
      membership: { id: memberships.id, cuid: memberships.cuid, title: memberships.title },
      heldDates: sql<
        Array<{
          id: number;
          cuid: string;
          startAt: string;
          endAt: string;
          capacity: number | null;
          registered: number;
        }>
      >`(
        select coalesce(json_agg((
                 select json_build_object(
                          'id', d.id, 'cuid', d.cuid, 'startAt', d.start_at, 'endAt', d.end_at,
                          'capacity', d.capacity, 'registered', d.registered)
                   from availability_dates d
                  where d.organiser_id = h.organiser_id and d.id = h.availability_date_id)),
               '[]')
          from cart_item_dates h
         where h.organiser_id = ${cartItems.organiserId} and h.cart_item_id = ${cartItems.id})`,
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
  return (await listLiveItemsWithDates(tx, organiserId, cartId, now)).rows;
}

/**
 * `listLiveItems` and, in the same statement, the dates those items hold, by start (for an
 * open cart, `listItemDates` of its items): the cart view's one read of its items. With
 * `dropExpired`, the statement also deletes the cart's expired items (`deleteExpiredItems`).
 */
export async function listLiveItemsWithDates(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date | null,
  options: { dropExpired?: boolean } = {},
): Promise<{ rows: LiveItemRow[]; dates: ItemDateWithPlaces[] }> {
  const found = await selectItems(tx, organiserId, cartId, now, options.dropExpired === true);
  const rows = found.map(({ heldDates: _dates, ...row }) => row);
  const dates = found
    .flatMap(({ item, heldDates }) =>
      heldDates.map((date) => ({
        cartItemId: item.id,
        id: date.id,
        cuid: date.cuid,
        startAt: new Date(date.startAt),
        endAt: new Date(date.endAt),
        capacity: date.capacity,
        registered: date.registered,
      })),
    )
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
  return { rows, dates };
}

export type ItemDateRow = {
  cartItemId: number;
  id: number;
  cuid: string;
  startAt: Date;
  endAt: Date;
};

/** An item's date with the date's capacity and registrations (read without a lock). */
export type ItemDateWithPlaces = ItemDateRow & { capacity: number | null; registered: number };

/**
 * The dates of some items, by start: those they hold, or, once checkout converted them, those of
 * the registration each became (checkout deletes a converted item's holds).
 */
export async function listItemDates(
  tx: TenantTx,
  organiserId: number,
  itemIds: number[],
): Promise<ItemDateWithPlaces[]> {
  if (itemIds.length === 0) return [];
  const held = tx
    .select({
      cartItemId: cartItemDates.cartItemId,
      dateId: sql<number>`${cartItemDates.availabilityDateId}`.as("date_id"),
    })
    .from(cartItemDates)
    .where(
      and(eq(cartItemDates.organiserId, organiserId), inArray(cartItemDates.cartItemId, itemIds)),
    );
  const registered = tx
    .select({
      cartItemId: sql<number>`${registrations.cartItemId}`.as("cart_item_id"),
      dateId: sql<number>`${registrationDates.availabilityDateId}`.as("date_id"),
    })
    .from(registrations)
    .innerJoin(
      registrationDates,
      refersTo(registrations, registrationDates, registrationDates.registrationId),
    )
    .where(
      and(eq(registrations.organiserId, organiserId), inArray(registrations.cartItemId, itemIds)),
    );
  const dates = held.unionAll(registered).as("item_dates");
  return tx
    .select({
      cartItemId: dates.cartItemId,
      ...dateColumns,
      capacity: availabilityDates.capacity,
      registered: availabilityDates.registered,
    })
    .from(dates)
    .innerJoin(
      availabilityDates,
      and(eq(availabilityDates.organiserId, organiserId), eq(availabilityDates.id, dates.dateId)),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}

/** The constraint `cart_item_dates_capacity` (migration 0015) checks when a hold commits. */
const CAPACITY_CONSTRAINT = "cart_item_dates_capacity";

/**
 * Whether `error` is the refusal of a hold whose date turned out full when its transaction
 * committed (another add took the last places in between): to be answered 409 AVAILABILITY_FULL.
 */
export function isCapacityViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "23514" &&
    (error as { constraint?: unknown }).constraint === CAPACITY_CONSTRAINT
  );
}
