import {
  type activities,
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
  queryPrepared,
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
  type SQL,
  sql,
} from "@booking/db/orm";
import type { PaymentRow } from "../payments/queries.ts";

// Every statement of the cart module. Holds: a cart item holds one place on each of its dates
// (`cart_item_dates`) while `expires_at > now`; every count below filters on that, so an expired
// item frees its places without any job.
//
// The statements of every add, cart view and checkout are constant texts run as named prepared
// statements (`queryPrepared`): PostgreSQL parses and plans each once per connection, and after
// five runs keeps a generic plan. That is safe only because each of them reaches every row by a
// key: the cart's items by their cart, and everything else through correlated scalar subqueries
// on a table's full key (a lookup of one row), never through joins whose order the statistics
// decide. A generic plan made while the cart tables were small, over joins, once kept scanning
// every date of the organiser after they had grown (bench/RESULTS.md, checkout, 2026-11-22);
// PostgreSQL also plans a statement again whenever ANALYZE updates the statistics of one of its
// tables. The rarer statements stay built by drizzle.

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItem = typeof cartItems.$inferInsert;

type TenantTable = { organiserId: Column; id: Column };

/** `target` is the row that `column` of a `source` row points at, in the source row's organiser. */
export function refersTo(target: TenantTable, source: { organiserId: Column }, column: Column) {
  return and(eq(target.organiserId, source.organiserId), eq(target.id, column));
}

/** Every column of a cart, as drizzle names them (`CartRow`), for the raw statements. */
const CART_COLUMNS = `id, cuid, organiser_id as "organiserId", customer_id as "customerId", reference,
  coupon_id as "couponId", processed_at as "processedAt", payment_pending_at as "paymentPendingAt",
  terms_accepted_at as "termsAcceptedAt", payment_strategy as "paymentStrategy",
  total_amount as "totalAmount", deposit_amount as "depositAmount", paid_amount as "paidAmount",
  wallet_used as "walletUsed", service_fees as "serviceFees", created_at as "createdAt",
  updated_at as "updatedAt"`;

type CartQuery = { id?: number; cuid?: string; state?: "open" | "processed"; lock?: boolean };

/** The text of each kind of cart look-up, made once (one prepared statement per kind). */
const cartQueries = new Map<string, string>();

function cartQueryText(options: CartQuery): { name: string; text: string } {
  const by = options.id !== undefined ? "id" : options.cuid !== undefined ? "cuid" : "customer";
  const name = `cart_by_${by}_${options.state ?? "any"}${options.lock ? "_locked" : ""}`;
  let text = cartQueries.get(name);
  if (text === undefined) {
    text = `select ${CART_COLUMNS} from carts
       where organiser_id = $1 and customer_id = $2
         ${by === "customer" ? "" : `and ${by} = $3`}
         ${options.state === "open" ? "and processed_at is null" : ""}
         ${options.state === "processed" ? "and processed_at is not null" : ""}
       limit 1 ${options.lock ? "for update" : ""}`;
    cartQueries.set(name, text);
  }
  return { name, text };
}

/**
 * One cart of the customer: by id or cuid (or, with neither, their open one), open or processed
 * (`state`, any when omitted), its row locked (`FOR UPDATE`) until the transaction ends with `lock`.
 */
export async function findCustomerCart(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  options: CartQuery = {},
): Promise<CartRow | null> {
  const { name, text } = cartQueryText(options);
  const key = options.id ?? options.cuid;
  const [row] = await queryPrepared<CartRow>(
    tx,
    name,
    text,
    key === undefined ? [organiserId, customerId] : [organiserId, customerId, key],
  );
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
  const [row] = await queryPrepared<CartRow>(tx, "cart_open", OPEN_CART, [
    newCuid(carts),
    organiserId,
    customerId,
  ]);
  if (!row) throw new Error(`open cart of customer ${customerId} neither inserted nor found`);
  return row;
}

const OPEN_CART = `insert into carts (cuid, organiser_id, customer_id) values ($1, $2, $3)
  on conflict (organiser_id, customer_id) where processed_at is null
  do update set customer_id = excluded.customer_id
  returning ${CART_COLUMNS}`;

/** The customer's own (not deleted) participants among `ids`. */
export async function findOwnParticipantIds(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  ids: number[],
): Promise<Set<number>> {
  return new Set((await findOwnParticipants(tx, organiserId, customerId, ids)).keys());
}

/** The customer's own participants among `ids`, with what the age limits need of them. */
export async function findOwnParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  ids: number[],
): Promise<Map<number, OwnParticipant>> {
  if (ids.length === 0) return new Map();
  const rows = await queryPrepared<OwnParticipant & { id: number }>(
    tx,
    "cart_own_participants",
    OWN_PARTICIPANTS,
    [organiserId, customerId, ids],
  );
  return new Map(rows.map(({ id, ...participant }) => [id, participant]));
}

export type OwnParticipant = { firstname: string; lastname: string; birthdate: string | null };

const OWN_PARTICIPANTS = `select id, firstname, lastname, to_char(birthdate, 'YYYY-MM-DD') as birthdate
  from participants
 where organiser_id = $1 and customer_id = $2 and deleted_at is null and id = any($3::int[])`;

export type AvailabilityForCart = Pick<
  typeof availabilities.$inferSelect,
  | "id"
  | "cuid"
  | "activityId"
  | "status"
  | "startAt"
  | "endAt"
  | "registrationsStartAt"
  | "registrationsEndAt"
  | "capacity"
  | "registered"
  | "price"
  | "deposit"
  | "ageMinimum"
  | "ageMaximum"
> & {
  allowRegistrationsAfterStart: boolean;
  /** The activity's settings.partial_registrations (false when the key is missing). */
  partialRegistrations: boolean;
  /** DIRECT: sold by the add call's registrations; REQUEST: asked for by registrations_requests. */
  registrationFlow: (typeof activities.$inferSelect)["registrationFlow"];
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
  const rows = await queryPrepared<
    Omit<RegistrationTarget, "allowRegistrationsAfterStart" | "partialRegistrations"> & {
      settings: (typeof activities.$inferSelect)["settings"];
    }
  >(tx, "cart_registration_targets", REGISTRATION_TARGETS, [organiserId, ids]);
  return new Map(
    rows.map(({ settings, ...row }) => [
      row.id,
      {
        ...row,
        allowRegistrationsAfterStart: settings.allow_registrations_after_start,
        partialRegistrations: settings.partial_registrations === true,
      },
    ]),
  );
}

const REGISTRATION_TARGETS = `select a.id, a.cuid, a.activity_id as "activityId", a.status,
       act.registration_flow as "registrationFlow",
       a.start_at as "startAt", a.end_at as "endAt",
       a.registrations_start_at as "registrationsStartAt",
       a.registrations_end_at as "registrationsEndAt", a.capacity, a.registered, a.price,
       a.deposit, a.age_minimum as "ageMinimum", a.age_maximum as "ageMaximum", act.settings,
       (select coalesce(json_agg(json_build_object(
                 'id', p.id, 'optionId', o.id, 'activityId', o.activity_id,
                 'answerRequired', o.answer_required, 'amount', p.amount,
                 'percentage', p.percentage)
               order by o."order", o.id, p."order", p.id), '[]')
          from activity_option_prices p
          join activity_options o on o.organiser_id = p.organiser_id and o.id = p.option_id
         where p.organiser_id = act.organiser_id and o.activity_id = act.id) as "optionPrices",
       (select coalesce(json_agg(json_build_object(
                 'id', q.id, 'activityId', q.activity_id, 'type', q.type,
                 'required', q.required, 'choices', q.choices)
               order by q."order", q.id), '[]')
          from activity_questions q
         where q.organiser_id = act.organiser_id and q.activity_id = act.id) as questions
  from availabilities a
  join activities act on act.organiser_id = a.organiser_id and act.id = a.activity_id
 where a.organiser_id = $1 and a.id = any($2::int[]) and act.published`;

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
  return queryPrepared<DateWithHolds>(tx, "cart_dates_with_holds", DATES_WITH_HOLDS, [
    organiserId,
    scope.ids,
    scope.availabilityIds,
    now,
  ]);
}

// A hold holds its place while its item has not expired and its cart is not processed; its item
// and cart are reached by their keys in a scalar subquery, which the planner can only run as two
// index lookups (a join there could be planned as a scan of the organiser's items).
const DATES_WITH_HOLDS = `select d.id, d.availability_id as "availabilityId", d.status,
       d.capacity, d.registered, d.start_at as "startAt",
       (select count(*)::int from cart_item_dates h
         where h.organiser_id = d.organiser_id and h.availability_date_id = d.id
           and coalesce((
                 select i.expires_at > $4 and c.processed_at is null
                   from cart_items i
                   join carts c on c.organiser_id = i.organiser_id and c.id = i.cart_id
                  where i.organiser_id = h.organiser_id and i.id = h.cart_item_id), false)) as held
  from availability_dates d
 where d.organiser_id = $1 and (d.id = any($2::int[]) or d.availability_id = any($3::int[]))
 order by d.id`;

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
  await queryPrepared(tx, "cart_hold_places", HOLD_PLACES, [
    organiserId,
    cartId,
    now,
    expiresAt,
    ...holdValues(lines),
  ]);
}

/**
 * `openCart` and `holdPlaces` in ONE statement: the customer's open cart (created when there is
 * none) locked, its expired items deleted and the lines' places held in it. Returns the cart.
 */
export async function openCartWithHolds(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; now: Date; expiresAt: Date },
  lines: HoldLine[],
): Promise<CartRow> {
  const { organiserId, customerId, now, expiresAt } = values;
  const [row] = await queryPrepared<CartRow>(tx, "cart_open_with_holds", OPEN_CART_WITH_HOLDS, [
    organiserId,
    customerId,
    now,
    expiresAt,
    ...holdValues(lines),
    newCuid(carts),
  ]);
  if (!row) throw new Error(`open cart of customer ${customerId} neither inserted nor found`);
  return row;
}

/**
 * The items and holds of `lines` as the hold statements take them ($5 to $12): one array element
 * per item, and the holds as pairs (item cuid, date). One constant text whatever the lines,
 * planned once per connection.
 */
function holdValues(lines: HoldLine[]): unknown[] {
  const items = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({ line, cuid: newCuid(cartItems) })),
  );
  const holds = items.flatMap(({ line, cuid }) => line.dateIds.map((dateId) => ({ cuid, dateId })));
  return [
    items.map((item) => item.cuid),
    items.map((item) => item.line.participantId),
    items.map((item) => item.line.availabilityId),
    items.map((item) => item.line.price),
    items.map((item) => item.line.deposit),
    items.map((item) => JSON.stringify(item.line.payload)),
    holds.map((hold) => hold.cuid),
    holds.map((hold) => hold.dateId),
  ];
}

/** The CTEs holding `holdValues` in the cart whose id is the SQL `cart` ($1 organiser, $3 now, $4 expiry). */
const holdCtes = (cart: string) => `expired as (
    delete from cart_items where organiser_id = $1 and cart_id = ${cart} and expires_at <= $3
  ), item as (
    insert into cart_items (cuid, organiser_id, cart_id, type, participant_id, availability_id,
                            price, deposit, payload, expires_at)
    select unit.cuid, $1, ${cart}, 'REGISTRATION', unit.participant_id, unit.availability_id,
           unit.price, unit.deposit, unit.payload, $4
      from unnest($5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::jsonb[])
           as unit(cuid, participant_id, availability_id, price, deposit, payload)
    returning id, cuid
  ), held as (
    insert into cart_item_dates (organiser_id, cart_item_id, availability_date_id)
    select $1, item.id, hold.date_id
      from unnest($11::text[], $12::int[]) as hold(cuid, date_id)
      join item on item.cuid = hold.cuid
     order by hold.date_id, item.id
  )`;

const HOLD_PLACES = `with ${holdCtes("$2")} select 1`;

const OPEN_CART_WITH_HOLDS = `with cart as (
    insert into carts (cuid, organiser_id, customer_id) values ($13, $1, $2)
    on conflict (organiser_id, customer_id) where processed_at is null
    do update set customer_id = excluded.customer_id
    returning ${CART_COLUMNS}
  ), ${holdCtes("(select id from cart)")}
  select * from cart`;

/** A new row's cuid, made as the schema's default makes it. */
function newCuid(table: { cuid: { defaultFn?: () => unknown } }): string {
  return String(table.cuid.defaultFn!());
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
  /** how a file and the registration's detail name the price */
  label: string;
  /** its option's title */
  title: string;
};

/**
 * The option prices of some activities, by option order then price order: what an add, an
 * estimate and the console's places are checked and priced with.
 */
export async function listOptionPrices(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<OptionPriceRow[]> {
  if (activityIds.length === 0) return [];
  return selectOptionPrices(tx, organiserId, inArray(activityOptions.activityId, activityIds));
}

/** Some option prices by id (a registration's chosen options), in the same order. */
export async function findOptionPricesById(
  tx: TenantTx,
  organiserId: number,
  priceIds: number[],
): Promise<OptionPriceRow[]> {
  if (priceIds.length === 0) return [];
  return selectOptionPrices(tx, organiserId, inArray(activityOptionPrices.id, priceIds));
}

/** The one read of option prices with their options (the join by key, one order). */
function selectOptionPrices(tx: TenantTx, organiserId: number, condition: SQL) {
  return tx
    .select({
      id: activityOptionPrices.id,
      optionId: activityOptions.id,
      activityId: activityOptions.activityId,
      answerRequired: activityOptions.answerRequired,
      amount: activityOptionPrices.amount,
      percentage: activityOptionPrices.percentage,
      label: activityOptionPrices.label,
      title: activityOptions.title,
    })
    .from(activityOptionPrices)
    .innerJoin(
      activityOptions,
      refersTo(activityOptions, activityOptionPrices, activityOptionPrices.optionId),
    )
    .where(and(eq(activityOptionPrices.organiserId, organiserId), condition))
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
  return selectQuestions(tx, organiserId, inArray(activityQuestions.activityId, activityIds));
}

/** Some questions by id (a registration's answers), in the same order. */
export async function findQuestionsById(
  tx: TenantTx,
  organiserId: number,
  questionIds: number[],
): Promise<QuestionRow[]> {
  if (questionIds.length === 0) return [];
  return selectQuestions(tx, organiserId, inArray(activityQuestions.id, questionIds));
}

function selectQuestions(tx: TenantTx, organiserId: number, condition: SQL) {
  return tx
    .select()
    .from(activityQuestions)
    .where(and(eq(activityQuestions.organiserId, organiserId), condition))
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

/** The organiser's coupon of this code (stored upper-case: `code` must be normalised). */
export async function findCouponByCode(
  tx: TenantTx,
  organiserId: number,
  code: string,
): Promise<CouponRow | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.organiserId, organiserId), eq(coupons.code, code)))
    .limit(1);
  return row ?? null;
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
  bundle: ProductView | null;
  voucher: ProductView | null;
  membership: ProductView | null;
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

/** A product of an item (bundle, voucher or membership) as the views show it. */
type ProductView = { id: number; cuid: string; title: string };

/**
 * What the items statement answers for one item: its columns, then what it points at (JSON) and
 * the dates it holds (JSON, timestamps as strings).
 */
type ItemStatementRow = CartItemRow & {
  participant: LiveItemRow["participant"];
  availability: {
    id: number;
    cuid: string;
    startAt: string;
    endAt: string;
    activity: { id: number; cuid: string; title: string } | null;
  } | null;
  bundle: ProductView | null;
  voucher: ProductView | null;
  membership: ProductView | null;
  heldDates: Array<{
    id: number;
    cuid: string;
    startAt: string;
    endAt: string;
    capacity: number | null;
    registered: number;
  }>;
};

/** The view of what `column` of an item points at in `table` (a product), by its key. */
const productOfItem = (table: string, column: string) => `(
    select json_build_object('id', p.id, 'cuid', p.cuid, 'title', p.title)
      from ${table} p where p.organiser_id = i.organiser_id and p.id = i.${column})`;

/**
 * The items of a cart ($1 organiser, $2 cart), in order, with what their views show and the
 * dates they hold (none once converted: checkout deletes the holds). Only the cart's items are
 * scanned; everything else an item shows is reached by its key in a scalar subquery (one index
 * lookup per item), never by a join: with the statistics of a small `cart_items`, PostgreSQL
 * planned such joins as scans of all the organiser's participants and availabilities
 * (bench/RESULTS.md, checkout), and a generic plan would have kept them.
 *
 * `live`: only the items live at $3. `dropExpired`: the statement also deletes the cart's items
 * expired at $3 (its select reads the rows as they were before, and keeps the live ones).
 */
function itemsText(scope: "all" | "live" | "dropExpired"): string {
  return `${
    scope === "dropExpired"
      ? `with expired as (
           delete from cart_items where organiser_id = $1 and cart_id = $2 and expires_at <= $3
         )`
      : ""
  }
  select i.id, i.cuid, i.organiser_id as "organiserId", i.cart_id as "cartId", i.type,
         i.participant_id as "participantId", i.availability_id as "availabilityId",
         i.bundle_id as "bundleId", i.voucher_id as "voucherId",
         i.membership_id as "membershipId", i.price, i.deposit, i.payload,
         i.expires_at as "expiresAt", i.created_at as "createdAt",
         (select json_build_object('id', p.id, 'cuid', p.cuid, 'firstname', p.firstname,
                                   'lastname', p.lastname)
            from participants p
           where p.organiser_id = i.organiser_id and p.id = i.participant_id) as participant,
         (select json_build_object('id', a.id, 'cuid', a.cuid, 'startAt', a.start_at,
                                   'endAt', a.end_at, 'activity', (
                   select json_build_object('id', x.id, 'cuid', x.cuid, 'title', x.title)
                     from activities x
                    where x.organiser_id = a.organiser_id and x.id = a.activity_id))
            from availabilities a
           where a.organiser_id = i.organiser_id and a.id = i.availability_id) as availability,
         ${productOfItem("bundles", "bundle_id")} as bundle,
         ${productOfItem("vouchers", "voucher_id")} as voucher,
         ${productOfItem("memberships", "membership_id")} as membership,
         (select coalesce(json_agg((
                   select json_build_object(
                            'id', d.id, 'cuid', d.cuid, 'startAt', d.start_at, 'endAt', d.end_at,
                            'capacity', d.capacity, 'registered', d.registered)
                     from availability_dates d
                    where d.organiser_id = h.organiser_id and d.id = h.availability_date_id)),
                 '[]')
            from cart_item_dates h
           where h.organiser_id = i.organiser_id and h.cart_item_id = i.id) as "heldDates"
    from cart_items i
   where i.organiser_id = $1 and i.cart_id = $2 ${scope === "all" ? "" : "and i.expires_at > $3"}
   order by i.created_at, i.id`;
}

const ITEMS = {
  all: itemsText("all"),
  live: itemsText("live"),
  dropExpired: itemsText("dropExpired"),
};

/**
 * The live items of `itemsText` and, in the same statement, the cart's latest online payment
 * (`findLatestCartPayment`'s: its CHECKOUT payment of highest id), on every row. The items are
 * joined to one row, so that a cart without live items still answers its payment (the row's
 * item columns null). The items stay reached only by their cart; the payments by their cart
 * too: all of the cart's (a few), the highest id kept by the aggregate — an `order by id desc
 * limit 1` may let a generic plan walk the organiser's payments backward by id until one of
 * the cart's, through all of them for a cart without any (the rush's case).
 */
const LIVE_ITEMS_WITH_PAYMENT = `select item.*, (
    select (array_agg(json_build_object('status', p.status, 'amount', p.amount,
                                        'currency', p.currency, 'checkoutUrl', p.checkout_url,
                                        'refundReason', p.refund_reason)
                      order by p.id desc))[1]
      from payments p
     where p.organiser_id = $1 and p.cart_id = $2 and p.purpose = 'CHECKOUT') as "latestPayment"
    from (values (1)) as one (x)
    left join (${itemsText("live")}) as item on true
   order by item."createdAt", item.id`;

/** What a cart's view shows of its latest online payment (a `PaymentRow`'s fields). */
export type CartPaymentRow = Pick<
  PaymentRow,
  "status" | "amount" | "currency" | "checkoutUrl" | "refundReason"
>;

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
 * `dropExpired`, the statement also deletes the cart's expired items (their holds go with them).
 */
export async function listLiveItemsWithDates(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date | null,
  options: { dropExpired?: boolean } = {},
): Promise<{ rows: LiveItemRow[]; dates: ItemDateWithPlaces[] }> {
  const scope = now === null ? "all" : options.dropExpired ? "dropExpired" : "live";
  const found = await queryPrepared<ItemStatementRow>(
    tx,
    `cart_items_${scope}`,
    ITEMS[scope],
    now === null ? [organiserId, cartId] : [organiserId, cartId, now],
  );
  return itemsOf(found);
}

/**
 * `listLiveItemsWithDates` of the items live at `now` and, in the same statement, the cart's
 * latest online payment (null when it never had one): the cart view's one read of its items.
 */
export async function listLiveItemsWithPayment(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
  now: Date,
): Promise<{ rows: LiveItemRow[]; dates: ItemDateWithPlaces[]; payment: CartPaymentRow | null }> {
  const found = await queryPrepared<
    (ItemStatementRow | { id: null }) & { latestPayment: CartPaymentRow | null }
  >(tx, "cart_items_live_payment", LIVE_ITEMS_WITH_PAYMENT, [organiserId, cartId, now]);
  const items = found.flatMap(({ latestPayment: _payment, ...row }) =>
    row.id === null ? [] : [row as ItemStatementRow],
  );
  return { ...itemsOf(items), payment: found[0]?.latestPayment ?? null };
}

/** The rows of the items statement as `LiveItemRow`s and the dates they hold, by start. */
function itemsOf(found: ItemStatementRow[]): { rows: LiveItemRow[]; dates: ItemDateWithPlaces[] } {
  const rows = found.map(
    ({ participant, availability, bundle, voucher, membership, heldDates: _dates, ...item }) => ({
      item,
      participant,
      availability: availability && {
        id: availability.id,
        cuid: availability.cuid,
        startAt: new Date(availability.startAt),
        endAt: new Date(availability.endAt),
      },
      activity: availability?.activity ?? null,
      bundle,
      voucher,
      membership,
    }),
  );
  const dates = found
    .flatMap((item) =>
      item.heldDates.map((date) => ({
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
