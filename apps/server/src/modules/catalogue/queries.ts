import type {
  AvailabilityDateView,
  AvailabilitySortField,
  AvailabilityView,
  SortKey,
} from "@booking/contracts";
import {
  activities,
  activityCategories,
  activityImages,
  availabilities,
  availabilityCategories,
  availabilityDates,
  bundleImages,
  type bundles,
  calendarPeriods,
  cartItems,
  catalogActivities,
  catalogs,
  categories,
  categoryGroups,
  containsPattern,
  images,
  locations,
  membershipImages,
  type memberships,
  queryPrepared,
  resourceGroupImages,
  resourceGroups,
  resourceImages,
  resourceReservations,
  resourceSlots,
  resources,
  segments,
  type TenantTx,
  voucherImages,
  type vouchers,
} from "@booking/db";
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  min,
  ne,
  or,
  type SQL,
  sql,
} from "@booking/db/orm";

// The catalogue's SQL. Every statement filters by organiser_id first (the leading column of the
// indexes it uses) on top of row-level security; lists read one page of ids, then load what the
// views need in a few batched queries (`inArray`), never one query per row.

/** Filters resolved by the service: times are instants, search words folded (see `foldText`). */
export interface ResolvedFilters {
  /** lower-case, accent-free words, each of which must match */
  words: string[];
  /** the dates starting in this local day */
  day: { start: Date; end: Date } | undefined;
  /** ISO weekdays of the dates' local start */
  weekdays: number[] | undefined;
  locations: string[] | undefined;
  periods: string[] | undefined;
  /** overlap with these instants (the `availabilities-period` days) */
  overlap: { start: Date; end: Date } | undefined;
  age: number | undefined;
  /** categories of any group (the `category` filter), ORed */
  anyCategories: string[] | undefined;
  /** the `category-{group}` filters: OR inside a group, AND across groups */
  categories: Array<{ group: string; categories: string[] }>;
}

export const NO_FILTERS: ResolvedFilters = {
  words: [],
  day: undefined,
  weekdays: undefined,
  locations: undefined,
  periods: undefined,
  overlap: undefined,
  age: undefined,
  anyCategories: undefined,
  categories: [],
};

/** Segment conditions as stored (platform-and-account.md §3.2): cuid lists, ANDed. */
export type SegmentRow = { activities?: string[]; locations?: string[]; categories?: string[] };

export interface AvailabilitySelection {
  organiserId: number;
  timezone: string;
  statuses: string[];
  activity: string | undefined;
  catalogs: string[] | undefined;
  /** the segments' conditions, already loaded; an empty array matches nothing */
  segments: SegmentRow[] | undefined;
  filters: ResolvedFilters;
  /** availabilities still running after this instant (end_at > endsAfter) */
  endsAfter: Date | undefined;
  /** availabilities starting before this instant */
  startsBefore: Date | undefined;
}

// --- Text search ----------------------------------------------------------------------------

// Accent folding without the unaccent extension: translate() maps the accented Latin letters to
// their base letters, lower() folds the case. The words are folded the same way in foldText.
const ACCENTED = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ";
const UNACCENTED = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy";

export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae");
}

export function folded(column: Column | SQL): SQL {
  return sql`lower(translate(${column}, ${ACCENTED}, ${UNACCENTED}))`;
}

/** HTML descriptions are searched without their tags. */
function foldedHtml(column: Column): SQL {
  return folded(sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`);
}

/** Each word must be found in one of the columns. */
export function wordsCondition(words: string[], columns: (word: string) => SQL[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(...columns(containsPattern(word)))));
}

/**
 * The organiser's activities whose title or description (tags stripped) contains the pattern:
 * as an `IN` subquery the description is stripped and folded once per activity, not once per
 * availability of the join.
 */
function matchingActivityIds(tx: TenantTx, organiserId: number, pattern: string) {
  return tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.organiserId, organiserId),
        or(
          like(folded(activities.title), pattern),
          like(foldedHtml(activities.description), pattern),
        ),
      ),
    );
}

function matchingLocationIds(tx: TenantTx, organiserId: number, pattern: string) {
  return tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.organiserId, organiserId),
        or(
          like(folded(locations.title), pattern),
          like(folded(locations.name), pattern),
          like(folded(locations.city), pattern),
        ),
      ),
    );
}

// --- Availability conditions ----------------------------------------------------------------

function locationIdsByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  return tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), inArray(locations.cuid, cuids)));
}

function activityIdsByCuid(tx: TenantTx, organiserId: number, cuids: string[]) {
  return tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.cuid, cuids)));
}

/** Ids of the organiser's categories with these cuids (of that group, when given). */
function categoryIdsByCuid(
  tx: TenantTx,
  organiserId: number,
  categoryCuids: string[],
  groupCuid?: string,
) {
  return tx
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(categoryGroups, joinGroup)
    .where(
      and(
        eq(categories.organiserId, organiserId),
        inArray(categories.cuid, categoryCuids),
        groupCuid === undefined ? undefined : eq(categoryGroups.cuid, groupCuid),
      ),
    );
}

/** Availability ids having one of these categories (of that group, when given). */
function availabilityIdsInCategories(
  tx: TenantTx,
  organiserId: number,
  categoryCuids: string[],
  groupCuid?: string,
) {
  const categoryIds = categoryIdsByCuid(tx, organiserId, categoryCuids, groupCuid);
  return tx
    .select({ id: availabilityCategories.availabilityId })
    .from(availabilityCategories)
    .where(
      and(
        eq(availabilityCategories.organiserId, organiserId),
        inArray(availabilityCategories.categoryId, categoryIds),
      ),
    );
}

/** Activity ids of these catalogs. */
function catalogActivityIds(tx: TenantTx, organiserId: number, catalogCuids: string[]) {
  return tx
    .select({ id: catalogActivities.activityId })
    .from(catalogActivities)
    .innerJoin(
      catalogs,
      and(
        eq(catalogs.organiserId, catalogActivities.organiserId),
        eq(catalogs.id, catalogActivities.catalogId),
      ),
    )
    .where(
      and(eq(catalogActivities.organiserId, organiserId), inArray(catalogs.cuid, catalogCuids)),
    );
}

/** Conditions on one date row (`availability_dates`): the `date` and `weekday` filters. */
function dateRowConditions(selection: AvailabilitySelection): SQL[] {
  const { day, weekdays } = selection.filters;
  const conditions: SQL[] = [];
  if (day) {
    conditions.push(
      gte(availabilityDates.startAt, day.start),
      lt(availabilityDates.startAt, day.end),
    );
  }
  if (weekdays) {
    const weekday = sql`extract(isodow from ${availabilityDates.startAt} at time zone ${selection.timezone})::int`;
    conditions.push(inArray(weekday, weekdays));
  }
  return conditions;
}

export function segmentCondition(tx: TenantTx, organiserId: number, segment: SegmentRow): SQL {
  const parts: SQL[] = [];
  if (segment.activities?.length) {
    parts.push(
      inArray(availabilities.activityId, activityIdsByCuid(tx, organiserId, segment.activities)),
    );
  }
  if (segment.locations?.length) {
    parts.push(
      inArray(availabilities.locationId, locationIdsByCuid(tx, organiserId, segment.locations)),
    );
  }
  if (segment.categories?.length) {
    parts.push(
      inArray(availabilities.id, availabilityIdsInCategories(tx, organiserId, segment.categories)),
    );
  }
  return parts.length > 0 ? and(...parts)! : sql`true`;
}

/**
 * The conditions on `availabilities` alone (scope, times and every filter but the text search).
 * `dates`: "exists" checks the date filters through a date of the availability; "row" leaves
 * them to the caller, whose query reads `availability_dates` rows itself.
 */
export function availabilityConditions(
  tx: TenantTx,
  selection: AvailabilitySelection,
  dates: "exists" | "row" = "exists",
): SQL[] {
  const { organiserId, filters } = selection;
  const conditions: SQL[] = [eq(availabilities.organiserId, organiserId)];
  if (selection.statuses.length > 0) {
    conditions.push(inArray(availabilities.status, selection.statuses as never[]));
  }
  if (selection.endsAfter) conditions.push(gt(availabilities.endAt, selection.endsAfter));
  if (selection.startsBefore) conditions.push(lt(availabilities.startAt, selection.startsBefore));
  if (selection.catalogs) {
    conditions.push(
      inArray(availabilities.activityId, catalogActivityIds(tx, organiserId, selection.catalogs)),
    );
  }
  if (selection.segments) {
    conditions.push(
      selection.segments.length > 0
        ? or(...selection.segments.map((segment) => segmentCondition(tx, organiserId, segment)))!
        : sql`false`,
    );
  }
  if (filters.locations) {
    conditions.push(
      inArray(availabilities.locationId, locationIdsByCuid(tx, organiserId, filters.locations)),
    );
  }
  if (filters.periods) {
    // Overlaps one of the periods: its first day's local midnight to the day after its last.
    const periodOverlap = tx
      .select({ one: sql`1` })
      .from(calendarPeriods)
      .where(
        and(
          eq(calendarPeriods.organiserId, organiserId),
          inArray(calendarPeriods.cuid, filters.periods),
          sql`${availabilities.startAt} < ((${calendarPeriods.endDate} + 1)::timestamp at time zone ${selection.timezone})`,
          sql`${availabilities.endAt} > (${calendarPeriods.startDate}::timestamp at time zone ${selection.timezone})`,
        ),
      );
    conditions.push(exists(periodOverlap));
  }
  if (filters.overlap) {
    conditions.push(
      lt(availabilities.startAt, filters.overlap.end),
      gt(availabilities.endAt, filters.overlap.start),
    );
  }
  if (filters.age !== undefined) {
    conditions.push(
      or(isNull(availabilities.ageMinimum), lte(availabilities.ageMinimum, filters.age))!,
      or(isNull(availabilities.ageMaximum), gte(availabilities.ageMaximum, filters.age))!,
    );
  }
  if (filters.anyCategories) {
    conditions.push(
      inArray(
        availabilities.id,
        availabilityIdsInCategories(tx, organiserId, filters.anyCategories),
      ),
    );
  }
  for (const group of filters.categories) {
    conditions.push(
      inArray(
        availabilities.id,
        availabilityIdsInCategories(tx, organiserId, group.categories, group.group),
      ),
    );
  }
  const dateConditions = dateRowConditions(selection);
  if (dates === "exists" && dateConditions.length > 0) {
    conditions.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(availabilityDates)
          .where(
            and(
              eq(availabilityDates.organiserId, organiserId),
              eq(availabilityDates.availabilityId, availabilities.id),
              ...dateConditions,
            ),
          ),
      ),
    );
  }
  return conditions;
}

/** Conditions on the joined `activities` row: published, `activity`, and the text search. */
function activityJoinConditions(tx: TenantTx, selection: AvailabilitySelection): SQL[] {
  const conditions: SQL[] = [eq(activities.published, true)];
  if (selection.activity) conditions.push(eq(activities.cuid, selection.activity));
  const search = wordsCondition(selection.filters.words, (pattern) => [
    inArray(availabilities.activityId, matchingActivityIds(tx, selection.organiserId, pattern)),
    inArray(availabilities.locationId, matchingLocationIds(tx, selection.organiserId, pattern)),
  ]);
  if (search) conditions.push(search);
  return conditions;
}

const joinActivity = and(
  eq(activities.organiserId, availabilities.organiserId),
  eq(activities.id, availabilities.activityId),
);

const joinAvailability = and(
  eq(availabilities.organiserId, availabilityDates.organiserId),
  eq(availabilities.id, availabilityDates.availabilityId),
);

const SORT_COLUMNS: Record<AvailabilitySortField, Column> = {
  start_at: availabilities.startAt,
  end_at: availabilities.endAt,
  price: availabilities.price,
  title: activities.title,
};

function availabilityWhere(tx: TenantTx, selection: AvailabilitySelection): SQL | undefined {
  return and(...availabilityConditions(tx, selection), ...activityJoinConditions(tx, selection));
}

/** The statement of one page of matching availability ids (exported for EXPLAIN checks). */
export function availabilityIdsQuery(
  tx: TenantTx,
  selection: AvailabilitySelection,
  sort: SortKey[],
  paging: { limit: number; offset: number },
) {
  const order = [
    ...sort.map((key) =>
      key.direction === "desc" ? desc(SORT_COLUMNS[key.field]) : asc(SORT_COLUMNS[key.field]),
    ),
    asc(availabilities.id),
  ];
  return tx
    .select({ id: availabilities.id, total: TOTAL })
    .from(availabilities)
    .innerJoin(activities, joinActivity)
    .where(availabilityWhere(tx, selection))
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset);
}

/**
 * The total number of matching rows, on every row of a page (`count(*) over ()` is computed
 * before LIMIT/OFFSET): the page and its count in one statement and one scan.
 */
const TOTAL = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The count of a page read with TOTAL: on any row of it; an empty page past the first needs
 * its own count (an offset beyond the last row says nothing of the total).
 */
async function pageCount(
  rows: Array<{ total: number }>,
  paging: { offset: number },
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return paging.offset > 0 ? countAll() : 0;
}

/** One page of matching availability ids, in the requested order, and the total count. */
export async function findAvailabilityIds(
  tx: TenantTx,
  selection: AvailabilitySelection,
  sort: SortKey[],
  paging: { limit: number; offset: number },
): Promise<{ ids: number[]; count: number }> {
  const rows = await availabilityIdsQuery(tx, selection, sort, paging);
  const total = await pageCount(rows, paging, async () => {
    const [row] = await tx
      .select({ value: count() })
      .from(availabilities)
      .innerJoin(activities, joinActivity)
      .where(availabilityWhere(tx, selection));
    return row?.value ?? 0;
  });
  return { ids: rows.map((row) => row.id), count: total };
}

/** The local days (YYYY-MM-DD) on which a date of a matching availability starts. */
export async function findCalendarDays(
  tx: TenantTx,
  selection: AvailabilitySelection,
  window: { start: Date; end: Date },
): Promise<string[]> {
  const day = sql<string>`to_char(${availabilityDates.startAt} at time zone ${selection.timezone}, 'YYYY-MM-DD')`;
  const rows = await tx
    .selectDistinct({ day })
    .from(availabilityDates)
    .innerJoin(availabilities, joinAvailability)
    .innerJoin(activities, joinActivity)
    .where(
      and(
        eq(availabilityDates.organiserId, selection.organiserId),
        gte(availabilityDates.startAt, window.start),
        lt(availabilityDates.startAt, window.end),
        ...dateRowConditions(selection),
        ...availabilityConditions(tx, selection, "row"),
        ...activityJoinConditions(tx, selection),
      ),
    );
  // YYYY-MM-DD strings sort as days (DISTINCT cannot order by the parameterised expression).
  return rows.map((row) => row.day).sort();
}

function dateWhere(
  tx: TenantTx,
  selection: AvailabilitySelection,
  window: { after: Date; before: Date | undefined },
): SQL | undefined {
  return and(
    eq(availabilityDates.organiserId, selection.organiserId),
    gt(availabilityDates.endAt, window.after),
    window.before ? lt(availabilityDates.startAt, window.before) : undefined,
    ...dateRowConditions(selection),
    ...availabilityConditions(tx, selection, "row"),
    ...activityJoinConditions(tx, selection),
  );
}

/** The statement of one page of matching date ids (exported for EXPLAIN checks). */
export function dateIdsQuery(
  tx: TenantTx,
  selection: AvailabilitySelection,
  window: { after: Date; before: Date | undefined },
  paging: { limit: number; offset: number },
) {
  return tx
    .select({ id: availabilityDates.id, total: TOTAL })
    .from(availabilityDates)
    .innerJoin(availabilities, joinAvailability)
    .innerJoin(activities, joinActivity)
    .where(dateWhere(tx, selection, window))
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id))
    .limit(paging.limit)
    .offset(paging.offset);
}

/** One page of matching dates (not ended at `after`, starting before `before`) and the count. */
export async function findDateIds(
  tx: TenantTx,
  selection: AvailabilitySelection,
  window: { after: Date; before: Date | undefined },
  paging: { limit: number; offset: number },
): Promise<{ ids: number[]; count: number }> {
  const rows = await dateIdsQuery(tx, selection, window, paging);
  const total = await pageCount(rows, paging, async () => {
    const [row] = await tx
      .select({ value: count() })
      .from(availabilityDates)
      .innerJoin(availabilities, joinAvailability)
      .innerJoin(activities, joinActivity)
      .where(dateWhere(tx, selection, window));
    return row?.value ?? 0;
  });
  return { ids: rows.map((row) => row.id), count: total };
}

export async function findSegments(
  tx: TenantTx,
  organiserId: number,
  cuids: string[],
): Promise<SegmentRow[]> {
  const rows = await tx
    .select({ conditions: segments.conditions })
    .from(segments)
    .where(
      and(
        eq(segments.organiserId, organiserId),
        eq(segments.entity, "AVAILABILITIES"),
        inArray(segments.cuid, cuids),
      ),
    );
  return rows.map((row) => row.conditions);
}

// --- Availability views in one statement ----------------------------------------------------

// The list, detail and dates calls read a page of ids, then everything their views show
// (activity, images, location, categories with their group, resource, dates) in ONE statement
// that builds the response objects with json_build_object: one round trip instead of six, and no
// ORM mapping of the rows. The objects have exactly the keys, key order and values of the views
// of views.ts (`json`, not `jsonb`, keeps the key order): timestamps as toISOString() spells them
// (UTC, milliseconds, "Z"), money in minor units, absent relations as null and empty lists as [].

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A date's status as shown: the stored one, except that an OPEN date with a capacity whose places
// are all taken by registrations plus live cart holds (cart items with expires_at > now, of carts
// not processed yet: checkout counts those in `registered`) shows as
// FULL. `registered` stays the count of registrations: holds are not counted in it, they only
// close the date while they last (see modules/carts).
const shownDateStatus = (d: string) => `case
    when ${d}.status = 'OPEN' and ${d}.capacity is not null and ${d}.registered + (
      select count(*) from cart_item_dates h
      join cart_items i on i.organiser_id = h.organiser_id and i.id = h.cart_item_id
      join carts c on c.organiser_id = i.organiser_id and c.id = i.cart_id
      where h.organiser_id = ${d}.organiser_id and h.availability_date_id = ${d}.id
        and i.expires_at > now() and c.processed_at is null) >= ${d}.capacity
    then 'FULL' else ${d}.status end`;

const DATE_FIELDS = (d: string) => `'id', ${d}.id, 'cuid', ${d}.cuid,
  'start_at', ${iso(`${d}.start_at`)}, 'end_at', ${iso(`${d}.end_at`)},
  'status', ${shownDateStatus(d)}, 'capacity', ${d}.capacity, 'registered', ${d}.registered`;

/** AvailabilityView of `a` (availabilities) joined to `act` (its activity); dates optional. */
const availabilityViewSql = (withDates: boolean) => `json_build_object(
  'id', a.id, 'cuid', a.cuid, 'status', a.status,
  'start_at', ${iso("a.start_at")}, 'end_at', ${iso("a.end_at")},
  'registrations_start_at', ${iso("a.registrations_start_at")},
  'registrations_end_at', ${iso("a.registrations_end_at")},
  'capacity', a.capacity, 'registered', a.registered, 'price', a.price, 'deposit', a.deposit,
  'age_minimum', a.age_minimum, 'age_maximum', a.age_maximum,
  'location', (
    select json_build_object('cuid', l.cuid, 'title', l.title, 'name', l.name,
      'street', l.street, 'number', l.number, 'postcode', l.postcode, 'city', l.city)
    from locations l where l.organiser_id = a.organiser_id and l.id = a.location_id),
  'categories', coalesce((
    select json_agg(json_build_object('cuid', c.cuid, 'title', c.title,
        'group', json_build_object('cuid', g.cuid, 'title', g.title, 'scope', g.scope))
      order by g."order", c."order", c.id)
    from availability_categories ac
    join categories c on c.organiser_id = ac.organiser_id and c.id = ac.category_id
    join category_groups g on g.organiser_id = c.organiser_id and g.id = c.group_id
    where ac.organiser_id = a.organiser_id and ac.availability_id = a.id), '[]'::json),
  'activity', json_build_object('id', act.id, 'cuid', act.cuid, 'title', act.title,
    'description', act.description, 'instructions', act.instructions,
    'images', coalesce((
      select json_agg(json_build_object('id', i.id, 'public_url', i.public_url, 'alt', i.alt)
        order by ai.position, i.id)
      from activity_images ai
      join images i on i.organiser_id = ai.organiser_id and i.id = ai.image_id
      where ai.organiser_id = act.organiser_id and ai.activity_id = act.id), '[]'::json),
    'default_price', act.default_price, 'default_deposit', act.default_deposit,
    'registration_flow', act.registration_flow,
    'settings', json_build_object('allow_registrations_after_start',
      act.settings -> 'allow_registrations_after_start'),
    'cancellation_policy', coalesce((
      select json_build_object('online_until_hours', p.online_until_hours, 'refund', p.refund,
        'refund_percentage', p.refund_percentage)
      from activity_cancellation_policies p
      where p.organiser_id = act.organiser_id and p.activity_id = act.id),
      json_build_object('online_until_hours', 0, 'refund', 'NONE', 'refund_percentage', 100))),
  'resource', (
    select json_build_object('id', r.id, 'cuid', r.cuid, 'name', r.name)
    from resources r where r.organiser_id = a.organiser_id and r.id = a.resource_id)${
      withDates
        ? `,
  'dates', coalesce((
    select json_agg(json_build_object(${DATE_FIELDS("d")}) order by d.start_at, d.id)
    from availability_dates d
    where d.organiser_id = a.organiser_id and d.availability_id = a.id), '[]'::json)`
        : ""
    })`;

/** A list of integer ids as one array parameter (`$n::int[]`). */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

// Constant texts, run as named prepared statements ($1 the organiser, $2 the ids in order).
const AVAILABILITY_VIEWS = `select ${availabilityViewSql(true)} as view
  from unnest($2::int[]) with ordinality as page(id, n)
  join availabilities a on a.organiser_id = $1 and a.id = page.id
  join activities act on act.organiser_id = a.organiser_id and act.id = a.activity_id
  order by page.n`;

const DATE_VIEWS = `select json_build_object(${DATE_FIELDS("dt")},
    'availability', ${availabilityViewSql(false)}) as view
  from unnest($2::int[]) with ordinality as page(id, n)
  join availability_dates dt on dt.organiser_id = $1 and dt.id = page.id
  join availabilities a on a.organiser_id = dt.organiser_id and a.id = dt.availability_id
  join activities act on act.organiser_id = a.organiser_id and act.id = a.activity_id
  order by page.n`;

/** An availability as stored: its view before its booking state is computed (booking.ts). */
export type AvailabilityRecord = Omit<AvailabilityView, "booking">;

/** The views of these availabilities (with their dates), in the order of `ids`. */
export async function loadAvailabilityViews(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<AvailabilityRecord[]> {
  if (ids.length === 0) return [];
  const rows = await queryPrepared<{ view: AvailabilityRecord }>(
    tx,
    "catalogue_availability_views",
    AVAILABILITY_VIEWS,
    [organiserId, intArray(ids)],
  );
  return rows.map((row) => row.view);
}

export type DateWithAvailability = AvailabilityDateView & {
  availability: Omit<AvailabilityRecord, "dates">;
};

/** The views of these dates, each with its availability (without dates), in the order of `ids`. */
export async function loadDateViews(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<DateWithAvailability[]> {
  if (ids.length === 0) return [];
  const rows = await queryPrepared<{ view: DateWithAvailability }>(
    tx,
    "catalogue_date_views",
    DATE_VIEWS,
    [organiserId, intArray(ids)],
  );
  return rows.map((row) => row.view);
}

// --- Loading what the views need --------------------------------------------------------------

export type ActivityRow = typeof activities.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type ImageRow = { ownerId: number; id: number; publicUrl: string; alt: string | null };
export type CategoryRow = {
  ownerId: number;
  cuid: string;
  title: string;
  groupCuid: string;
  groupTitle: string;
  groupScope: "PRIMARY" | "SECONDARY";
};
export type ResourceRow = typeof resources.$inferSelect;

function byIds<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = map.get(id);
    return row ? [row] : [];
  });
}

export async function loadActivities(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.id, ids)));
  return byIds(rows, ids);
}

export async function loadLocations(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), inArray(locations.id, ids)));
}

const categoryColumns = {
  cuid: categories.cuid,
  title: categories.title,
  groupCuid: categoryGroups.cuid,
  groupTitle: categoryGroups.title,
  groupScope: categoryGroups.scope,
};

const joinGroup = and(
  eq(categoryGroups.organiserId, categories.organiserId),
  eq(categoryGroups.id, categories.groupId),
);

export async function loadActivityCategories(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<CategoryRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select({ ownerId: activityCategories.activityId, ...categoryColumns })
    .from(activityCategories)
    .innerJoin(
      categories,
      and(
        eq(categories.organiserId, activityCategories.organiserId),
        eq(categories.id, activityCategories.categoryId),
      ),
    )
    .innerJoin(categoryGroups, joinGroup)
    .where(
      and(
        eq(activityCategories.organiserId, organiserId),
        inArray(activityCategories.activityId, activityIds),
      ),
    )
    .orderBy(asc(categoryGroups.order), asc(categories.order), asc(categories.id));
}

type ImageLink = {
  organiserId: Column;
  ownerId: Column;
  imageId: Column;
  position: Column;
};

type ImageOwnerKind =
  | "activity"
  | "bundle"
  | "membership"
  | "voucher"
  | "resource"
  | "resource_group";

function imageLinkTable(kind: ImageOwnerKind) {
  switch (kind) {
    case "activity":
      return {
        table: activityImages,
        link: {
          organiserId: activityImages.organiserId,
          ownerId: activityImages.activityId,
          imageId: activityImages.imageId,
          position: activityImages.position,
        } satisfies ImageLink,
      };
    case "bundle":
      return {
        table: bundleImages,
        link: {
          organiserId: bundleImages.organiserId,
          ownerId: bundleImages.bundleId,
          imageId: bundleImages.imageId,
          position: bundleImages.position,
        } satisfies ImageLink,
      };
    case "membership":
      return {
        table: membershipImages,
        link: {
          organiserId: membershipImages.organiserId,
          ownerId: membershipImages.membershipId,
          imageId: membershipImages.imageId,
          position: membershipImages.position,
        } satisfies ImageLink,
      };
    case "voucher":
      return {
        table: voucherImages,
        link: {
          organiserId: voucherImages.organiserId,
          ownerId: voucherImages.voucherId,
          imageId: voucherImages.imageId,
          position: voucherImages.position,
        } satisfies ImageLink,
      };
    case "resource":
      return {
        table: resourceImages,
        link: {
          organiserId: resourceImages.organiserId,
          ownerId: resourceImages.resourceId,
          imageId: resourceImages.imageId,
          position: resourceImages.position,
        } satisfies ImageLink,
      };
    case "resource_group":
      return {
        table: resourceGroupImages,
        link: {
          organiserId: resourceGroupImages.organiserId,
          ownerId: resourceGroupImages.groupId,
          imageId: resourceGroupImages.imageId,
          position: resourceGroupImages.position,
        } satisfies ImageLink,
      };
  }
}

/** The ordered images of some activities, bundles, memberships, vouchers, resources or groups. */
export async function loadImages(
  tx: TenantTx,
  organiserId: number,
  kind: ImageOwnerKind,
  ownerIds: number[],
): Promise<ImageRow[]> {
  if (ownerIds.length === 0) return [];
  const { table, link } = imageLinkTable(kind);
  const rows = await tx
    .select({
      ownerId: sql<number>`${link.ownerId}`,
      id: images.id,
      publicUrl: images.publicUrl,
      alt: images.alt,
    })
    .from(table)
    .innerJoin(images, and(eq(images.organiserId, link.organiserId), eq(images.id, link.imageId)))
    .where(and(eq(link.organiserId, organiserId), inArray(link.ownerId, ownerIds)))
    .orderBy(asc(link.position), asc(images.id));
  return rows;
}

// --- Activities -------------------------------------------------------------------------------

export interface ActivitySelection {
  organiserId: number;
  ids: number[] | undefined;
  catalogs: string[] | undefined;
  /** only activities with an OPEN availability starting after this instant */
  availableAfter: Date | undefined;
  /** availability-level filters (location, dates, periods): through a current availability */
  availabilities: AvailabilitySelection | undefined;
  words: string[];
  age: number | undefined;
  anyCategories: string[] | undefined;
  categories: Array<{ group: string; categories: string[] }>;
}

/** Activity ids having one of these categories (of that group, when given). */
function activityIdsInCategories(
  tx: TenantTx,
  organiserId: number,
  categoryCuids: string[],
  groupCuid?: string,
) {
  const categoryIds = categoryIdsByCuid(tx, organiserId, categoryCuids, groupCuid);
  return tx
    .select({ id: activityCategories.activityId })
    .from(activityCategories)
    .where(
      and(
        eq(activityCategories.organiserId, organiserId),
        inArray(activityCategories.categoryId, categoryIds),
      ),
    );
}

function activityConditions(tx: TenantTx, selection: ActivitySelection): SQL[] {
  const { organiserId } = selection;
  const conditions: SQL[] = [
    eq(activities.organiserId, organiserId),
    eq(activities.published, true),
  ];
  if (selection.ids) conditions.push(inArray(activities.id, selection.ids));
  if (selection.catalogs) {
    conditions.push(
      inArray(activities.id, catalogActivityIds(tx, organiserId, selection.catalogs)),
    );
  }
  if (selection.availableAfter) {
    conditions.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(availabilities)
          .where(
            and(
              eq(availabilities.organiserId, organiserId),
              eq(availabilities.activityId, activities.id),
              eq(availabilities.status, "OPEN"),
              gt(availabilities.startAt, selection.availableAfter),
            ),
          ),
      ),
    );
  }
  if (selection.availabilities) {
    conditions.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(availabilities)
          .where(
            and(
              eq(availabilities.activityId, activities.id),
              ...availabilityConditions(tx, selection.availabilities),
            ),
          ),
      ),
    );
  }
  const search = wordsCondition(selection.words, (pattern) => [
    like(folded(activities.title), pattern),
    like(foldedHtml(activities.description), pattern),
  ]);
  if (search) conditions.push(search);
  if (selection.age !== undefined) {
    conditions.push(
      or(isNull(activities.ageMinimum), lte(activities.ageMinimum, selection.age))!,
      or(isNull(activities.ageMaximum), gte(activities.ageMaximum, selection.age))!,
    );
  }
  if (selection.anyCategories) {
    conditions.push(
      inArray(activities.id, activityIdsInCategories(tx, organiserId, selection.anyCategories)),
    );
  }
  for (const group of selection.categories) {
    conditions.push(
      inArray(
        activities.id,
        activityIdsInCategories(tx, organiserId, group.categories, group.group),
      ),
    );
  }
  return conditions;
}

/**
 * An activity's first place among some catalogs: the catalogs in staff's order, then its
 * position in the catalog (arrays compare element by element).
 */
function placeInCatalogs(organiserId: number, catalogCuids: string[]): SQL {
  return sql`(select min(array[${catalogs.order}, ${catalogActivities.position}])
    from ${catalogActivities} join ${catalogs}
      on ${catalogs.organiserId} = ${catalogActivities.organiserId}
      and ${catalogs.id} = ${catalogActivities.catalogId}
    where ${catalogActivities.organiserId} = ${organiserId}
      and ${catalogActivities.activityId} = ${activities.id}
      and ${inArray(catalogs.cuid, catalogCuids)})`;
}

export async function findActivityIds(
  tx: TenantTx,
  selection: ActivitySelection,
  paging: { limit: number; offset: number },
): Promise<{ ids: number[]; count: number }> {
  const where = and(...activityConditions(tx, selection));
  const byTitle = [asc(activities.title), asc(activities.id)];
  const rows = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(where)
    .orderBy(
      ...(selection.catalogs
        ? [asc(placeInCatalogs(selection.organiserId, selection.catalogs)), ...byTitle]
        : byTitle),
    )
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await tx.select({ value: count() }).from(activities).where(where);
  return { ids: rows.map((row) => row.id), count: total?.value ?? 0 };
}

/** Each activity's next start (OPEN or FULL, start after `now`). */
export async function loadNextStarts(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
  now: Date,
): Promise<Map<number, Date>> {
  if (activityIds.length === 0) return new Map();
  const rows = await tx
    .select({ activityId: availabilities.activityId, next: min(availabilities.startAt) })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.activityId, activityIds),
        ne(availabilities.status, "CLOSED"),
        gt(availabilities.startAt, now),
      ),
    )
    .groupBy(availabilities.activityId);
  return new Map(rows.flatMap((row) => (row.next ? [[row.activityId, new Date(row.next)]] : [])));
}

/** The locations of each activity's availabilities that have not ended. */
export async function loadActivityLocations(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
  now: Date,
): Promise<Array<{ activityId: number; location: LocationRow }>> {
  if (activityIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ activityId: availabilities.activityId, location: locations })
    .from(availabilities)
    .innerJoin(
      locations,
      and(
        eq(locations.organiserId, availabilities.organiserId),
        eq(locations.id, availabilities.locationId),
      ),
    )
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.activityId, activityIds),
        gt(availabilities.endAt, now),
      ),
    );
  return rows.sort((a, b) => a.location.title.localeCompare(b.location.title));
}

// --- Bundles, memberships, vouchers -------------------------------------------------------------

type ProductTable = typeof bundles | typeof memberships | typeof vouchers;

function productConditions(
  table: ProductTable,
  organiserId: number,
  filter: { ids: number[] | undefined; cuid?: string; words: string[] },
): SQL | undefined {
  return and(
    eq(table.organiserId, organiserId),
    eq(table.published, true),
    filter.ids ? inArray(table.id, filter.ids) : undefined,
    filter.cuid !== undefined ? eq(table.cuid, filter.cuid) : undefined,
    wordsCondition(filter.words, (pattern) => [
      like(folded(table.title), pattern),
      like(foldedHtml(table.description), pattern),
    ]),
  );
}

export async function findProducts<T extends ProductTable>(
  tx: TenantTx,
  table: T,
  organiserId: number,
  filter: { ids: number[] | undefined; cuid?: string; words: string[] },
  paging: { limit: number; offset: number },
): Promise<{ rows: T["$inferSelect"][]; count: number }> {
  const where = productConditions(table, organiserId, filter);
  const rows = (await tx
    .select()
    .from(table as ProductTable)
    .where(where)
    .orderBy(asc(table.title), asc(table.id))
    .limit(paging.limit)
    .offset(paging.offset)) as T["$inferSelect"][];
  const [total] = await tx
    .select({ value: count() })
    .from(table as ProductTable)
    .where(where);
  return { rows, count: total?.value ?? 0 };
}

// --- Facets -----------------------------------------------------------------------------------

export async function listLocations(tx: TenantTx, organiserId: number): Promise<LocationRow[]> {
  return tx
    .select()
    .from(locations)
    .where(eq(locations.organiserId, organiserId))
    .orderBy(asc(locations.title), asc(locations.id));
}

export async function listCategoryGroups(tx: TenantTx, organiserId: number) {
  const groups = await tx
    .select()
    .from(categoryGroups)
    .where(eq(categoryGroups.organiserId, organiserId))
    .orderBy(asc(categoryGroups.order), asc(categoryGroups.title), asc(categoryGroups.id));
  const items = await tx
    .select()
    .from(categories)
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(categories.order), asc(categories.title), asc(categories.id));
  return { groups, categories: items };
}

export async function listCalendarPeriods(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(calendarPeriods)
    .where(eq(calendarPeriods.organiserId, organiserId))
    .orderBy(asc(calendarPeriods.order), asc(calendarPeriods.startDate), asc(calendarPeriods.id));
}

// --- Resources --------------------------------------------------------------------------------

export async function listResources(
  tx: TenantTx,
  organiserId: number,
  ids: number[] | undefined,
): Promise<ResourceRow[]> {
  return tx
    .select()
    .from(resources)
    .where(
      and(eq(resources.organiserId, organiserId), ids ? inArray(resources.id, ids) : undefined),
    )
    .orderBy(asc(resources.name), asc(resources.id))
    .limit(100);
}

/** The groups of some resources (decision 0071). */
export function listResourceGroups(tx: TenantTx, organiserId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: resourceGroups.id,
      cuid: resourceGroups.cuid,
      name: resourceGroups.name,
      description: resourceGroups.description,
    })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.organiserId, organiserId), inArray(resourceGroups.id, ids)));
}

export type ResourceSlotRow = typeof resourceSlots.$inferSelect;

/**
 * The slots of some resources starting in [after, before), minus those overlapping a date of an
 * availability on the same resource (the slot lasts its first price's duration).
 */
export async function findFreeSlots(
  tx: TenantTx,
  organiserId: number,
  resourceIds: number[],
  window: { after: Date; before: Date },
): Promise<ResourceSlotRow[]> {
  if (resourceIds.length === 0) return [];
  const slotEnd = sql`${resourceSlots.startAt} + make_interval(secs => (${resourceSlots.prices}->0->>'duration')::int)`;
  const taken = tx
    .select({ one: sql`1` })
    .from(availabilityDates)
    .innerJoin(
      availabilities,
      and(
        eq(availabilities.organiserId, availabilityDates.organiserId),
        eq(availabilities.id, availabilityDates.availabilityId),
      ),
    )
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.resourceId, resourceSlots.resourceId),
        sql`${availabilityDates.startAt} < ${slotEnd}`,
        gt(availabilityDates.endAt, resourceSlots.startAt),
      ),
    );
  // Booked, or held by a cart item still alive (decision 0063).
  const reserved = sql`select 1 from ${resourceReservations} r
    left join ${cartItems} i on i.organiser_id = r.organiser_id and i.id = r.cart_item_id
    where r.organiser_id = ${organiserId} and r.resource_id = ${resourceSlots.resourceId}
      and r.period && tstzrange(${resourceSlots.startAt}, ${slotEnd})
      and (r.booking_date_id is not null or i.expires_at > now())`;
  return tx
    .select()
    .from(resourceSlots)
    .where(
      and(
        eq(resourceSlots.organiserId, organiserId),
        inArray(resourceSlots.resourceId, resourceIds),
        gte(resourceSlots.startAt, window.after),
        lt(resourceSlots.startAt, window.before),
        sql`not ${exists(taken)}`,
        sql`not exists (${reserved})`,
      ),
    )
    .orderBy(asc(resourceSlots.startAt), asc(resourceSlots.resourceId))
    .limit(2000);
}

// --- Detail reads -----------------------------------------------------------------------------

export async function findAvailabilityIdByCuid(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: availabilities.id })
    .from(availabilities)
    .innerJoin(activities, joinActivity)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.cuid, cuid),
        eq(activities.published, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function findActivityIdByCuid(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.organiserId, organiserId),
        eq(activities.cuid, cuid),
        eq(activities.published, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

// --- Sitemap ----------------------------------------------------------------------------------

export type SitemapRow = { cuid: string; updatedAt: Date };

export async function sitemapActivities(tx: TenantTx, organiserId: number): Promise<SitemapRow[]> {
  return tx
    .select({ cuid: activities.cuid, updatedAt: activities.updatedAt })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.published, true)))
    .orderBy(asc(activities.id))
    .limit(10_000);
}

export async function sitemapAvailabilities(
  tx: TenantTx,
  organiserId: number,
  now: Date,
): Promise<SitemapRow[]> {
  return tx
    .select({ cuid: availabilities.cuid, updatedAt: availabilities.updatedAt })
    .from(availabilities)
    .innerJoin(activities, joinActivity)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        gt(availabilities.endAt, now),
        eq(activities.published, true),
      ),
    )
    .orderBy(asc(availabilities.startAt), asc(availabilities.id))
    .limit(20_000);
}

export async function sitemapProducts(
  tx: TenantTx,
  table: ProductTable,
  organiserId: number,
): Promise<SitemapRow[]> {
  return tx
    .select({ cuid: table.cuid, updatedAt: table.updatedAt })
    .from(table as ProductTable)
    .where(and(eq(table.organiserId, organiserId), eq(table.published, true)))
    .orderBy(asc(table.id))
    .limit(10_000);
}
