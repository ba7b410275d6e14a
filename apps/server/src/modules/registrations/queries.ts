import {
  activities,
  availabilities,
  availabilityDates,
  cartItems,
  customerBundles,
  locations,
  participants,
  registrationCancellations,
  registrationChanges,
  registrationDates,
  registrationReviews,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, inArray, type SQL, sql } from "@booking/db/orm";
import type { PlacePricing } from "@booking/domain";
import { countRows, ownedByCustomer } from "../account-items/queries.ts";
import {
  findOptionPricesById,
  findQuestionsById,
  participantColumns,
  type QuestionRow,
  refersTo,
} from "../carts/queries.ts";

// Every statement of the account registrations (platform-and-account.md §2.3, §7; decision
// docs/decisions/0015-account-registrations.md). A customer only ever reaches their own
// registrations: every read and lock filters on the customer.

export type RegistrationRow = typeof registrations.$inferSelect;
export type ReviewRow = typeof registrationReviews.$inferSelect;

/** When a registration starts and ends: its first and last registered dates. */
const firstStart = sql<Date | null>`(
  select min(d.start_at) from ${registrationDates} rd
    join ${availabilityDates} d on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
   where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id})`;
const lastEnd = sql<Date | null>`(
  select max(d.end_at) from ${registrationDates} rd
    join ${availabilityDates} d on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
   where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id})`;
const datesCount = sql<number>`(
  select count(*)::int from ${registrationDates} rd
   where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id})`;

export type RegistrationListRow = {
  registration: RegistrationRow;
  participant: { id: number; cuid: string; firstname: string; lastname: string };
  availability: { id: number; cuid: string; startAt: Date; endAt: Date };
  activity: { id: number; cuid: string; title: string };
  location: { title: string; city: string | null } | null;
  firstStart: Date | null;
  lastEnd: Date | null;
  datesCount: number;
};

/** The list row's columns and joins, for the list and for one registration. */
function selectListRows(tx: TenantTx) {
  return tx
    .select({
      registration: registrations,
      participant: participantColumns,
      availability: {
        id: availabilities.id,
        cuid: availabilities.cuid,
        startAt: availabilities.startAt,
        endAt: availabilities.endAt,
      },
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      location: { title: locations.title, city: locations.city },
      // As JSON text: ISO 8601, whatever the driver does with timestamps in raw SQL.
      firstStart: sql`to_json(${firstStart}) #>> '{}'`.mapWith(toDateOrNull),
      lastEnd: sql`to_json(${lastEnd}) #>> '{}'`.mapWith(toDateOrNull),
      datesCount,
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(locations, refersTo(locations, availabilities, availabilities.locationId));
}

const toDateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);

/**
 * One page of the customer's registrations, cancelled ones included, in the order a parent reads
 * them: those not over yet first, soonest first; then the past ones, latest first. A
 * registration is over once its last registered date (or its availability, without dates) has
 * ended at `now`.
 */
export async function listCustomerRegistrations(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: { limit: number; offset: number; now: Date },
): Promise<{ rows: RegistrationListRow[]; count: number }> {
  const owned = ownedByCustomer(registrations, organiserId, customerId);
  const start = sql`coalesce(${firstStart}, ${availabilities.startAt})`;
  const end = sql`coalesce(${lastEnd}, ${availabilities.endAt})`;
  // One connection: the statements of a transaction run one after the other.
  const rows = await selectListRows(tx)
    .where(owned)
    .orderBy(
      sql`${end} <= ${page.now}`,
      sql`case when ${end} > ${page.now} then ${start} end asc`,
      sql`${start} desc`,
      desc(registrations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows as RegistrationListRow[], count: await countRows(tx, registrations, owned) };
}

/**
 * The customer's registration by id or cuid, with its row locked until the transaction ends
 * when `lock`; null when it is not theirs (another customer's, another organiser's, unknown).
 */
export async function findCustomerRegistration(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  key: { id: number } | { cuid: string },
  options: { lock?: boolean } = {},
): Promise<RegistrationRow | null> {
  const query = tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.customerId, customerId),
        "id" in key ? eq(registrations.id, key.id) : eq(registrations.cuid, key.cuid),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** One registration's list row (the detail page starts from it). */
export async function findRegistrationListRow(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<RegistrationListRow | null> {
  const [row] = await selectListRows(tx)
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)))
    .limit(1);
  return (row as RegistrationListRow | undefined) ?? null;
}

export type RegistrationAvailability = {
  id: number;
  activityId: number;
  startAt: Date;
  endAt: Date;
  price: number;
  deposit: number;
  partialRegistrations: boolean;
};

/**
 * A registration's availability (published or not): its activity and period, which the
 * documents depend on, and what the edit prices with.
 */
export async function findRegistrationAvailability(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<RegistrationAvailability | null> {
  const [row] = await tx
    .select({
      id: availabilities.id,
      activityId: availabilities.activityId,
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
      price: availabilities.price,
      deposit: availabilities.deposit,
      settings: activities.settings,
    })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.id, availabilityId)))
    .limit(1);
  if (!row) return null;
  const { settings, ...rest } = row;
  return { ...rest, partialRegistrations: settings.partial_registrations === true };
}

/** The ids of the dates a registration holds. */
export async function listRegisteredDateIds(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<number[]> {
  const rows = await tx
    .select({ id: registrationDates.availabilityDateId })
    .from(registrationDates)
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(registrationDates.registrationId, registrationId),
      ),
    )
    .orderBy(asc(registrationDates.availabilityDateId));
  return rows.map((row) => row.id);
}

/**
 * Adds `delta` (+1 or −1) to the registered count of each date, in id order (the caller holds
 * their row locks); a count never goes below 0.
 */
export async function shiftRegistered(
  tx: TenantTx,
  organiserId: number,
  dateIds: number[],
  delta: 1 | -1,
): Promise<void> {
  if (dateIds.length === 0) return;
  await tx
    .update(availabilityDates)
    .set({ registered: sql`greatest(${availabilityDates.registered} + ${delta}, 0)` })
    .where(
      and(eq(availabilityDates.organiserId, organiserId), inArray(availabilityDates.id, dateIds)),
    );
}

/** A place of a customer bundle given back (a cancelled registration it paid for). */
export async function releaseBundleUse(
  tx: TenantTx,
  organiserId: number,
  customerBundleId: number,
): Promise<void> {
  await tx
    .update(customerBundles)
    .set({ used: sql`greatest(${customerBundles.used} - 1, 0)` })
    .where(
      and(eq(customerBundles.organiserId, organiserId), eq(customerBundles.id, customerBundleId)),
    );
}

export async function markCancelled(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<void> {
  await tx
    .update(registrations)
    .set({ cancelled: true })
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)));
}

export async function insertCancellation(
  tx: TenantTx,
  values: typeof registrationCancellations.$inferInsert,
): Promise<void> {
  await tx.insert(registrationCancellations).values(values);
}

/** The last cancellation of a registration, or null. */
export async function findLastCancellation(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
) {
  const [row] = await tx
    .select()
    .from(registrationCancellations)
    .where(
      and(
        eq(registrationCancellations.organiserId, organiserId),
        eq(registrationCancellations.registrationId, registrationId),
      ),
    )
    .orderBy(desc(registrationCancellations.id))
    .limit(1);
  return row ?? null;
}

/**
 * The pricing of a registration's place as it stands: the one its last edit stored, else the one
 * its cart item stored when it was added; null when neither has one.
 */
export async function findPlacePricing(
  tx: TenantTx,
  organiserId: number,
  registration: Pick<RegistrationRow, "id" | "cartItemId">,
): Promise<PlacePricing | null> {
  const [change] = await tx
    .select({ pricing: registrationChanges.pricing })
    .from(registrationChanges)
    .where(
      and(
        eq(registrationChanges.organiserId, organiserId),
        eq(registrationChanges.registrationId, registration.id),
      ),
    )
    .orderBy(desc(registrationChanges.id))
    .limit(1);
  if (change) return change.pricing;
  const [item] = await tx
    .select({ payload: cartItems.payload })
    .from(cartItems)
    .where(and(eq(cartItems.organiserId, organiserId), eq(cartItems.id, registration.cartItemId)))
    .limit(1);
  return item?.payload.pricing ?? null;
}

/** Moves a registration to its new dates, options, answers and amounts, and records the edit. */
export async function applyRegistrationChange(
  tx: TenantTx,
  change: typeof registrationChanges.$inferInsert,
): Promise<void> {
  const { organiserId, registrationId } = change;
  const removed = change.removedDateIds ?? [];
  const added = change.addedDateIds ?? [];
  if (removed.length > 0) {
    await tx
      .delete(registrationDates)
      .where(
        and(
          eq(registrationDates.organiserId, organiserId),
          eq(registrationDates.registrationId, registrationId),
          inArray(registrationDates.availabilityDateId, removed),
        ),
      );
  }
  if (added.length > 0) {
    await tx
      .insert(registrationDates)
      .values(
        added.map((availabilityDateId) => ({ organiserId, registrationId, availabilityDateId })),
      );
  }
  await tx
    .update(registrations)
    .set({
      options: change.options,
      questions: change.questions,
      totalAmount: change.totalAfter,
      depositAmount: change.depositAfter,
    })
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)));
  await tx.insert(registrationChanges).values(change);
}

export type OptionPriceDetail = {
  id: number;
  label: string;
  amount: number | null;
  percentage: number | null;
  option: { id: number; title: string };
};

/** Some option prices, with their option's title (the detail page's chosen options). */
export async function findOptionPrices(
  tx: TenantTx,
  organiserId: number,
  priceIds: number[],
): Promise<Map<number, OptionPriceDetail>> {
  const rows = await findOptionPricesById(tx, organiserId, priceIds);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        label: row.label,
        amount: row.amount,
        percentage: row.percentage,
        option: { id: row.optionId, title: row.title },
      },
    ]),
  );
}

/** Some questions by id (the detail page's answers). */
export async function findQuestions(
  tx: TenantTx,
  organiserId: number,
  questionIds: number[],
): Promise<Map<number, QuestionRow>> {
  const rows = await findQuestionsById(tx, organiserId, questionIds);
  return new Map(rows.map((row) => [row.id, row]));
}

function reviewWhere(organiserId: number, condition: SQL) {
  return and(eq(registrationReviews.organiserId, organiserId), condition);
}

/** The review of a registration, or null. */
export async function findReviewOfRegistration(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<ReviewRow | null> {
  const [row] = await tx
    .select()
    .from(registrationReviews)
    .where(reviewWhere(organiserId, eq(registrationReviews.registrationId, registrationId)))
    .limit(1);
  return row ?? null;
}

/**
 * The customer's review of this id (on one of their registrations), locked until the
 * transaction ends, with whether its registration is cancelled; null when it is not theirs.
 */
export async function lockCustomerReview(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  reviewId: number,
): Promise<{ review: ReviewRow; cancelled: boolean } | null> {
  const [row] = await tx
    .select({ review: registrationReviews, cancelled: registrations.cancelled })
    .from(registrationReviews)
    .innerJoin(
      registrations,
      refersTo(registrations, registrationReviews, registrationReviews.registrationId),
    )
    .where(
      and(
        reviewWhere(organiserId, eq(registrationReviews.id, reviewId)),
        eq(registrations.customerId, customerId),
      ),
    )
    .limit(1)
    .for("update", { of: registrationReviews });
  return row ?? null;
}

/** Inserts the review unless the registration has one already; null then. */
export async function insertReview(
  tx: TenantTx,
  values: typeof registrationReviews.$inferInsert,
): Promise<ReviewRow | null> {
  const [row] = await tx
    .insert(registrationReviews)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateReview(
  tx: TenantTx,
  organiserId: number,
  reviewId: number,
  values: { score: number; message: string | null },
): Promise<ReviewRow> {
  const [row] = await tx
    .update(registrationReviews)
    .set(values)
    .where(reviewWhere(organiserId, eq(registrationReviews.id, reviewId)))
    .returning();
  if (!row) throw new Error(`review ${reviewId} not found on update`);
  return row;
}
