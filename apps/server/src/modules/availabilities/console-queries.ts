import {
  activities,
  attendanceChargeItems,
  availabilities,
  availabilityCategories,
  availabilityDates,
  categories,
  categoryGroups,
  containsPattern,
  locations,
  registrationDates,
  registrationRequestAvailabilities,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from "@booking/db/orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { availabilityCategoryLink, listLinkedCategories } from "../categories/category-links.ts";
import { isAssigned } from "../staff-notifications/assignments.ts";

// The console's SQL of availabilities and their dates. Every statement names the organiser, on
// top of the row-level security of the tenant transaction.

export type AvailabilityRow = typeof availabilities.$inferSelect;
export type DateRow = typeof availabilityDates.$inferSelect;
type Reference = { cuid: string; title: string };

export async function findAvailability(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<AvailabilityRow | null> {
  const query = tx
    .select()
    .from(availabilities)
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.cuid, cuid)))
    .limit(1);
  // Console changes of one availability, and checkout's count of `registered`, queue on its row.
  const [row] = options.lock ? await query.for("no key update") : await query;
  return row ?? null;
}

export async function findActivity(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({ id: activities.id, cuid: activities.cuid, title: activities.title })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function findLocationId(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), eq(locations.cuid, cuid)))
    .limit(1);
  return row?.id ?? null;
}

export type AvailabilityFilters = {
  activityId?: number;
  status?: AvailabilityRow["status"];
  /** activity title contains */
  search?: string;
  /** runs on or after this instant (its end is not before) */
  endsFrom?: Date;
  /** starts before this instant */
  startsBefore?: Date;
  /** the collaborator is assigned to it */
  assignedTo?: number;
};

export type AvailabilitySort = { key: "start_at" | "activity" | "created_at"; descending: boolean };

// Names its outer table in full, as drizzle leaves some columns unqualified.
const datesCount = sql<number>`(
  select count(*)::int from availability_dates d
   where d.organiser_id = availabilities.organiser_id and d.availability_id = availabilities.id)`;

const activityOfAvailability = and(
  eq(activities.organiserId, availabilities.organiserId),
  eq(activities.id, availabilities.activityId),
);

function filterConditions(organiserId: number, filters: AvailabilityFilters): SQL | undefined {
  return and(
    eq(availabilities.organiserId, organiserId),
    filters.activityId === undefined
      ? undefined
      : eq(availabilities.activityId, filters.activityId),
    filters.status === undefined ? undefined : eq(availabilities.status, filters.status),
    filters.search === undefined
      ? undefined
      : ilike(activities.title, containsPattern(filters.search)),
    filters.endsFrom === undefined ? undefined : gte(availabilities.endAt, filters.endsFrom),
    filters.startsBefore === undefined
      ? undefined
      : lt(availabilities.startAt, filters.startsBefore),
    filters.assignedTo === undefined ? undefined : isAssigned(filters.assignedTo),
  );
}

function sortOrder(sort: AvailabilitySort): SQL[] {
  const direction = sort.descending ? desc : asc;
  const primary = {
    start_at: availabilities.startAt,
    activity: activities.title,
    created_at: availabilities.createdAt,
  }[sort.key];
  return [direction(primary), direction(availabilities.startAt), asc(availabilities.id)];
}

/** A page of availabilities with their activity, location and number of dates, and the total. */
export async function listAvailabilities(
  tx: TenantTx,
  organiserId: number,
  filters: AvailabilityFilters,
  sort: AvailabilitySort,
  page: { limit: number; offset: number },
) {
  const where = filterConditions(organiserId, filters);
  const rows = await tx
    .select({
      availability: availabilities,
      activity: { cuid: activities.cuid, title: activities.title },
      location: { cuid: locations.cuid, title: locations.title },
      datesCount,
    })
    .from(availabilities)
    .innerJoin(activities, activityOfAvailability)
    .leftJoin(
      locations,
      and(
        eq(locations.organiserId, availabilities.organiserId),
        eq(locations.id, availabilities.locationId),
      ),
    )
    .where(where)
    .orderBy(...sortOrder(sort))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ count: count() })
    .from(availabilities)
    .innerJoin(activities, activityOfAvailability)
    .where(where);
  return { rows, count: total?.count ?? 0 };
}
export type AvailabilityListRow = Awaited<ReturnType<typeof listAvailabilities>>["rows"][number];

/** The activity and location of one availability, as references. */
export async function findReferences(
  tx: TenantTx,
  availability: AvailabilityRow,
): Promise<{ activity: Reference; location: Reference | null }> {
  const [activity] = await tx
    .select({ cuid: activities.cuid, title: activities.title })
    .from(activities)
    .where(
      and(
        eq(activities.organiserId, availability.organiserId),
        eq(activities.id, availability.activityId),
      ),
    );
  const location =
    availability.locationId === null
      ? []
      : await tx
          .select({ cuid: locations.cuid, title: locations.title })
          .from(locations)
          .where(
            and(
              eq(locations.organiserId, availability.organiserId),
              eq(locations.id, availability.locationId),
            ),
          );
  return { activity: activity!, location: location[0] ?? null };
}

/** The dates of an availability by start, each with the places live carts hold on it. */
export async function listDates(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  now: Date,
) {
  return tx
    .select({
      date: availabilityDates,
      held: sql<number>`(
        -- Spelt out: drizzle writes the columns of a one-table select without their table name.
    select count(*)::int from cart_item_dates h
          join cart_items i on i.organiser_id = h.organiser_id and i.id = h.cart_item_id
          join carts c on c.organiser_id = i.organiser_id and c.id = i.cart_id
         where h.organiser_id = availability_dates.organiser_id
           and h.availability_date_id = availability_dates.id
           and i.expires_at > ${now} and c.processed_at is null)`,
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}
export type DateWithHeld = Awaited<ReturnType<typeof listDates>>[number];

/** Locks every date of an availability (in id order, as checkout and the hold check do). */
export async function lockDates(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<void> {
  await tx
    .select({ id: availabilityDates.id })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityDates.id))
    .for("no key update");
}

export async function findDate(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  cuid: string,
): Promise<DateRow | null> {
  const [row] = await tx
    .select()
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
        eq(availabilityDates.cuid, cuid),
      ),
    )
    .limit(1)
    .for("no key update");
  return row ?? null;
}

/** The categories of one availability, by group then category order. */
export async function listCategories(tx: TenantTx, organiserId: number, availabilityId: number) {
  const rows = await listLinkedCategories(tx, availabilityCategoryLink, organiserId, [
    availabilityId,
  ]);
  return rows.map(({ cuid, title, group }) => ({ cuid, title, group }));
}

export async function listCategoryIds(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<number[]> {
  const rows = await tx
    .select({ id: availabilityCategories.categoryId })
    .from(availabilityCategories)
    .where(
      and(
        eq(availabilityCategories.organiserId, organiserId),
        eq(availabilityCategories.availabilityId, availabilityId),
      ),
    );
  return rows.map((row) => row.id);
}

type ReferringTable =
  | typeof registrations
  | typeof registrationRequestAvailabilities
  | typeof registrationDates
  | typeof attendanceChargeItems;

/** How many of the organiser's rows of `table` refer to row `id` through `column`. */
async function countReferring(
  tx: TenantTx,
  table: ReferringTable,
  column: AnyPgColumn,
  organiserId: number,
  id: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), eq(column, id)));
  return row?.count ?? 0;
}

/** Registrations (cancelled included) and registration requests of an availability. */
export async function countCommitments(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
): Promise<{ registrations: number; requests: number }> {
  const requests = registrationRequestAvailabilities;
  return {
    registrations: await countReferring(
      tx,
      registrations,
      registrations.availabilityId,
      organiserId,
      availabilityId,
    ),
    requests: await countReferring(
      tx,
      requests,
      requests.availabilityId,
      organiserId,
      availabilityId,
    ),
  };
}

/** Registrations and attendance charges that hold one date: with any, it cannot go. */
export async function countDateRegistrations(
  tx: TenantTx,
  organiserId: number,
  dateId: number,
): Promise<number> {
  const placed = await countReferring(
    tx,
    registrationDates,
    registrationDates.availabilityDateId,
    organiserId,
    dateId,
  );
  const charged = await countReferring(
    tx,
    attendanceChargeItems,
    attendanceChargeItems.availabilityDateId,
    organiserId,
    dateId,
  );
  return placed + charged;
}

export async function insertAvailability(
  tx: TenantTx,
  values: typeof availabilities.$inferInsert,
): Promise<AvailabilityRow> {
  const [row] = await tx.insert(availabilities).values(values).returning();
  return row!;
}

export async function updateAvailability(
  tx: TenantTx,
  availabilityId: number,
  values: Partial<typeof availabilities.$inferInsert>,
): Promise<void> {
  await tx.update(availabilities).set(values).where(eq(availabilities.id, availabilityId));
}

export async function deleteAvailability(tx: TenantTx, availabilityId: number): Promise<void> {
  await tx.delete(availabilities).where(eq(availabilities.id, availabilityId));
}

export async function insertDates(
  tx: TenantTx,
  rows: (typeof availabilityDates.$inferInsert)[],
): Promise<DateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(availabilityDates).values(rows).returning();
}

export async function updateDate(
  tx: TenantTx,
  dateId: number,
  values: Partial<typeof availabilityDates.$inferInsert>,
): Promise<void> {
  await tx.update(availabilityDates).set(values).where(eq(availabilityDates.id, dateId));
}

/** Every date of an availability at once (its capacity, its status on close and reopen). */
export async function updateDatesOf(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  values: Partial<typeof availabilityDates.$inferInsert>,
  onlyStatuses?: DateRow["status"][],
): Promise<void> {
  await tx
    .update(availabilityDates)
    .set(values)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
        onlyStatuses ? inArray(availabilityDates.status, onlyStatuses) : undefined,
      ),
    );
}

/** One status for some dates of the organiser, in one statement. */
export async function setDateStatus(
  tx: TenantTx,
  organiserId: number,
  dateIds: number[],
  status: DateRow["status"],
): Promise<void> {
  if (dateIds.length === 0) return;
  await tx
    .update(availabilityDates)
    .set({ status })
    .where(
      and(eq(availabilityDates.organiserId, organiserId), inArray(availabilityDates.id, dateIds)),
    );
}

export async function deleteDate(tx: TenantTx, dateId: number): Promise<void> {
  await tx.delete(availabilityDates).where(eq(availabilityDates.id, dateId));
}

/** What the availability forms offer: activities with their defaults, locations, categories. */
export async function listChoices(tx: TenantTx, organiserId: number) {
  const activityRows = await tx
    .select({
      cuid: activities.cuid,
      title: activities.title,
      default_price: activities.defaultPrice,
      default_deposit: activities.defaultDeposit,
      default_capacity: activities.defaultCapacity,
      age_minimum: activities.ageMinimum,
      age_maximum: activities.ageMaximum,
      // A new availability starts with its activity's categories (the catalogue filters on them).
      categories: sql<string[]>`coalesce((
        select array_agg(c.cuid order by c.id) from activity_categories ac
          join categories c on c.organiser_id = ac.organiser_id and c.id = ac.category_id
         where ac.organiser_id = activities.organiser_id and ac.activity_id = activities.id),
        '{}')`,
    })
    .from(activities)
    .where(eq(activities.organiserId, organiserId))
    .orderBy(asc(activities.title), asc(activities.id));
  const locationRows = await tx
    .select({ cuid: locations.cuid, title: locations.title })
    .from(locations)
    .where(eq(locations.organiserId, organiserId))
    .orderBy(asc(locations.title), asc(locations.id));
  const categoryRows = await tx
    .select({
      cuid: categories.cuid,
      title: categories.title,
      group: { cuid: categoryGroups.cuid, title: categoryGroups.title },
    })
    .from(categories)
    .innerJoin(
      categoryGroups,
      and(
        eq(categoryGroups.organiserId, categories.organiserId),
        eq(categoryGroups.id, categories.groupId),
      ),
    )
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(categoryGroups.order), asc(categories.order), asc(categories.id));
  return { activities: activityRows, locations: locationRows, categories: categoryRows };
}
