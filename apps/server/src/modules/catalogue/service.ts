import type {
  ActivitiesQuery,
  ActivityView,
  AvailabilitiesCalendarQuery,
  AvailabilitiesQuery,
  AvailabilityCalendar,
  AvailabilityDatesQuery,
  AvailabilityDatesResponse,
  AvailabilityScope,
  AvailabilityView,
  BundleView,
  CatalogueFacets,
  CatalogueFilters,
  ListEnvelope,
  MembershipView,
  ProductsQuery,
  ResourceAvailabilitiesQuery,
  ResourceAvailabilityView,
  ResourcesQuery,
  ResourceView,
  VoucherView,
} from "@booking/contracts";
import { CUID_PATTERN } from "@booking/contracts";
import { bundles, memberships, vouchers } from "@booking/db";
import { dayRangeInZone, startOfTodayInZone } from "@booking/domain";
import type { ServiceContext } from "../../http/service-context.ts";
import { dateWithBooking, withBooking } from "./booking.ts";
import { instantOf, maxDate } from "./params.ts";
import {
  type AvailabilitySelection,
  findActivityIdByCuid,
  findActivityIds,
  findAvailabilityIdByCuid,
  findAvailabilityIds,
  findCalendarDays,
  findDateIds,
  findFreeSlots,
  findProducts,
  findSegments,
  foldText,
  listCalendarPeriods,
  listCategoryGroups,
  listLocations,
  listResourceGroups,
  listResources,
  loadActivities,
  loadActivityCategories,
  loadActivityLocations,
  loadAvailabilityViews,
  loadDateViews,
  loadImages,
  loadLocations,
  loadNextStarts,
  type ResolvedFilters,
} from "./queries.ts";
import {
  activityView,
  bundleView,
  groupBy,
  locationView,
  membershipView,
  resourceView,
  voucherView,
} from "./views.ts";

const DAY_MS = 86_400_000;
/** The date picker's window: a month back, eighteen months ahead. */
const CALENDAR_PAST_DAYS = 31;
const CALENDAR_FUTURE_DAYS = 549;
/** Resource slots: a week by default, at most two months per call. */
const SLOTS_DEFAULT_DAYS = 7;
const SLOTS_MAX_DAYS = 62;
const MAX_SEARCH_WORDS = 8;
/** Anything but a cuid cannot name a row: detail reads answer null without a query. */
const CUID = CUID_PATTERN;

/** The words of a search, folded like the searched columns (see `foldText`). */
function searchWords(search: string | undefined): string[] {
  return search ? foldText(search).split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS) : [];
}

function resolveFilters(filters: CatalogueFilters, timezone: string): ResolvedFilters {
  const words = searchWords(filters.search);
  const period = filters.availabilitiesPeriod;
  return {
    words,
    day: filters.date ? dayRangeInZone(filters.date, timezone) : undefined,
    weekdays: filters.weekday,
    locations: filters.location,
    periods: filters.period,
    overlap: period
      ? {
          start: dayRangeInZone(period.from, timezone).start,
          end: dayRangeInZone(period.to, timezone).end,
        }
      : undefined,
    age: filters.age,
    anyCategories: filters.category,
    categories: filters.categoryGroups,
  };
}

async function selectionOf(
  context: ServiceContext,
  scope: AvailabilityScope,
  filters: CatalogueFilters,
  times: { endsAfter: Date | undefined; startsBefore: Date | undefined },
): Promise<AvailabilitySelection> {
  const { organiser } = context;
  return {
    organiserId: organiser.id,
    timezone: organiser.timezone,
    statuses: scope.statuses,
    activity: scope.activity,
    catalogs: scope.catalogs,
    segments: scope.segments
      ? await findSegments(context.db, organiser.id, scope.segments)
      : undefined,
    filters: resolveFilters(filters, organiser.timezone),
    ...times,
  };
}

// --- Availabilities ---------------------------------------------------------------------------

/**
 * The views of these availabilities, in the order of `ids`: one statement (see queries.ts), then
 * each one's booking state at the time of the answer.
 */
async function availabilityViews(
  context: ServiceContext,
  ids: number[],
): Promise<AvailabilityView[]> {
  const records = await loadAvailabilityViews(context.db, context.organiser.id, ids);
  const now = new Date();
  return records.map((record) => withBooking(record, now));
}

/**
 * GET /api/availabilities: not ended at `after` (default: the start of today in the organiser's
 * time zone), starting before `before`, in the requested order.
 */
export async function listAvailabilities(
  context: ServiceContext,
  query: AvailabilitiesQuery,
): Promise<ListEnvelope<AvailabilityView>> {
  const { timezone } = context.organiser;
  const after = query.after
    ? instantOf(query.after, timezone)
    : startOfTodayInZone(new Date(), timezone);
  const selection = await selectionOf(context, query.scope, query.filters, {
    endsAfter: after,
    startsBefore: query.before ? instantOf(query.before, timezone) : undefined,
  });
  const { ids, count } = await findAvailabilityIds(context.db, selection, query.sort, query.paging);
  return { data: await availabilityViews(context, ids), count, ...query.paging };
}

/** GET /api/availabilities/calendar: the local days with a matching date, for the date picker. */
export async function availabilitiesCalendar(
  context: ServiceContext,
  query: AvailabilitiesCalendarQuery,
): Promise<AvailabilityCalendar> {
  const today = startOfTodayInZone(new Date(), context.organiser.timezone);
  const selection = await selectionOf(context, query.scope, query.filters, {
    endsAfter: undefined,
    startsBefore: undefined,
  });
  const days = await findCalendarDays(context.db, selection, {
    start: new Date(today.getTime() - CALENDAR_PAST_DAYS * DAY_MS),
    end: new Date(today.getTime() + CALENDAR_FUTURE_DAYS * DAY_MS),
  });
  return { dates: days.map((date) => ({ date })) };
}

/**
 * GET /api/availabilities/dates: the dates (with their availability) not ended at `after` and
 * starting before `before`; neither bound may be in the past (both are raised to now).
 */
export async function listAvailabilityDates(
  context: ServiceContext,
  query: AvailabilityDatesQuery,
): Promise<AvailabilityDatesResponse> {
  const { db, organiser } = context;
  const now = new Date();
  const after = maxDate(query.after ? instantOf(query.after, organiser.timezone) : now, now);
  const before = query.before
    ? maxDate(instantOf(query.before, organiser.timezone), now)
    : undefined;
  const selection = await selectionOf(context, query.scope, query.filters, {
    endsAfter: undefined,
    startsBefore: undefined,
  });
  const { ids, count } = await findDateIds(db, selection, { after, before }, query.paging);
  return {
    availabilities_dates: {
      data: (await loadDateViews(db, organiser.id, ids)).map((item) => dateWithBooking(item, now)),
      count,
    },
  };
}

export async function getAvailability(
  context: ServiceContext,
  cuid: string,
): Promise<AvailabilityView | null> {
  if (!CUID.test(cuid)) return null;
  const id = await findAvailabilityIdByCuid(context.db, context.organiser.id, cuid);
  if (id === null) return null;
  return (await availabilityViews(context, [id]))[0] ?? null;
}

// --- Activities -------------------------------------------------------------------------------

/** Filters that an activity meets through one of its current availabilities. */
function hasAvailabilityFilters(filters: ResolvedFilters): boolean {
  return Boolean(
    filters.day || filters.weekdays || filters.locations || filters.periods || filters.overlap,
  );
}

async function activityViews(context: ServiceContext, ids: number[]): Promise<ActivityView[]> {
  const { db, organiser } = context;
  const now = new Date();
  const rows = await loadActivities(db, organiser.id, ids);
  const images = await loadImages(db, organiser.id, "activity", ids);
  const categories = await loadActivityCategories(db, organiser.id, ids);
  const locations = await loadActivityLocations(db, organiser.id, ids, now);
  const nextStarts = await loadNextStarts(db, organiser.id, ids, now);
  const imagesOf = groupBy(images, (image) => image.ownerId);
  const categoriesOf = groupBy(categories, (category) => category.ownerId);
  const locationsOf = groupBy(locations, (item) => item.activityId);
  return rows.map((row) =>
    activityView(row, {
      images: imagesOf.get(row.id) ?? [],
      categories: categoriesOf.get(row.id) ?? [],
      locations: (locationsOf.get(row.id) ?? []).map((item) => item.location),
      nextStartAt: nextStarts.get(row.id),
    }),
  );
}

/**
 * GET /api/activities. Search, age and categories apply to the activity itself; location, date,
 * weekday and periods to one of its availabilities that is OPEN or FULL and not ended. `after`
 * keeps the activities with an OPEN availability starting after it (the available-only switch).
 * With `id` the answer is `{ data }`: those activities, in the requested order.
 */
export async function listActivities(
  context: ServiceContext,
  query: ActivitiesQuery,
): Promise<ListEnvelope<ActivityView> | { data: ActivityView[] }> {
  const { organiser } = context;
  const filters = resolveFilters(query.filters, organiser.timezone);
  const now = new Date();
  const selection = {
    organiserId: organiser.id,
    ids: query.ids,
    catalogs: query.catalogs,
    availableAfter: query.after ? instantOf(query.after, organiser.timezone) : undefined,
    availabilities: hasAvailabilityFilters(filters)
      ? {
          organiserId: organiser.id,
          timezone: organiser.timezone,
          statuses: ["OPEN", "FULL"],
          activity: undefined,
          catalogs: undefined,
          segments: undefined,
          filters: {
            ...filters,
            words: [],
            age: undefined,
            anyCategories: undefined,
            categories: [],
          },
          endsAfter: now,
          startsBefore: undefined,
        }
      : undefined,
    words: filters.words,
    age: filters.age,
    anyCategories: filters.anyCategories,
    categories: filters.categories,
  };
  if (query.ids) {
    const { ids } = await findActivityIds(context.db, selection, {
      limit: query.ids.length,
      offset: 0,
    });
    const views = new Map((await activityViews(context, ids)).map((view) => [view.id, view]));
    return { data: query.ids.flatMap((id) => views.get(id) ?? []) };
  }
  const { ids, count } = await findActivityIds(context.db, selection, query.paging);
  return { data: await activityViews(context, ids), count, ...query.paging };
}

export async function getActivity(
  context: ServiceContext,
  cuid: string,
): Promise<ActivityView | null> {
  if (!CUID.test(cuid)) return null;
  const id = await findActivityIdByCuid(context.db, context.organiser.id, cuid);
  if (id === null) return null;
  return (await activityViews(context, [id]))[0] ?? null;
}

// --- Bundles, memberships, vouchers -------------------------------------------------------------

export async function listBundles(
  context: ServiceContext,
  query: ProductsQuery,
): Promise<ListEnvelope<BundleView>> {
  const { db, organiser } = context;
  const filter = { ids: query.ids, words: searchWords(query.filters.search) };
  const { rows, count } = await findProducts(db, bundles, organiser.id, filter, query.paging);
  const images = groupBy(
    await loadImages(
      db,
      organiser.id,
      "bundle",
      rows.map((row) => row.id),
    ),
    (image) => image.ownerId,
  );
  return {
    data: rows.map((row) => bundleView(row, images.get(row.id) ?? [])),
    count,
    ...query.paging,
  };
}

export async function listMemberships(
  context: ServiceContext,
  query: ProductsQuery,
): Promise<ListEnvelope<MembershipView>> {
  const { db, organiser } = context;
  const filter = { ids: query.ids, words: searchWords(query.filters.search) };
  const { rows, count } = await findProducts(db, memberships, organiser.id, filter, query.paging);
  const images = groupBy(
    await loadImages(
      db,
      organiser.id,
      "membership",
      rows.map((row) => row.id),
    ),
    (image) => image.ownerId,
  );
  return {
    data: rows.map((row) => membershipView(row, images.get(row.id) ?? [])),
    count,
    ...query.paging,
  };
}

export async function listVouchers(
  context: ServiceContext,
  query: ProductsQuery,
): Promise<ListEnvelope<VoucherView>> {
  const { db, organiser } = context;
  const filter = { ids: query.ids, words: searchWords(query.filters.search) };
  const { rows, count } = await findProducts(db, vouchers, organiser.id, filter, query.paging);
  const images = groupBy(
    await loadImages(
      db,
      organiser.id,
      "voucher",
      rows.map((row) => row.id),
    ),
    (image) => image.ownerId,
  );
  return {
    data: rows.map((row) => voucherView(row, images.get(row.id) ?? [])),
    count,
    ...query.paging,
  };
}

const ONE = { limit: 1, offset: 0 };

export async function getBundle(context: ServiceContext, cuid: string): Promise<BundleView | null> {
  if (!CUID.test(cuid)) return null;
  const { db, organiser } = context;
  const { rows } = await findProducts(
    db,
    bundles,
    organiser.id,
    { ids: undefined, cuid, words: [] },
    ONE,
  );
  const row = rows[0];
  if (!row) return null;
  return bundleView(row, await loadImages(db, organiser.id, "bundle", [row.id]));
}

export async function getMembership(
  context: ServiceContext,
  cuid: string,
): Promise<MembershipView | null> {
  if (!CUID.test(cuid)) return null;
  const { db, organiser } = context;
  const { rows } = await findProducts(
    db,
    memberships,
    organiser.id,
    { ids: undefined, cuid, words: [] },
    ONE,
  );
  const row = rows[0];
  if (!row) return null;
  return membershipView(row, await loadImages(db, organiser.id, "membership", [row.id]));
}

export async function getVoucher(
  context: ServiceContext,
  cuid: string,
): Promise<VoucherView | null> {
  if (!CUID.test(cuid)) return null;
  const { db, organiser } = context;
  const { rows } = await findProducts(
    db,
    vouchers,
    organiser.id,
    { ids: undefined, cuid, words: [] },
    ONE,
  );
  const row = rows[0];
  if (!row) return null;
  return voucherView(row, await loadImages(db, organiser.id, "voucher", [row.id]));
}

// --- Resources --------------------------------------------------------------------------------

/** GET /api/resources: those resources (all of them, up to 100, without `id`). */
export async function listResourceViews(
  context: ServiceContext,
  query: ResourcesQuery,
): Promise<{ data: ResourceView[] }> {
  const { db, organiser } = context;
  const rows = await listResources(db, organiser.id, query.ids);
  const ids = rows.map((row) => row.id);
  const locationIds = [...new Set(rows.flatMap((row) => (row.locationId ? [row.locationId] : [])))];
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId ? [row.groupId] : [])))];
  const images = await loadImages(db, organiser.id, "resource", ids);
  const locations = await loadLocations(db, organiser.id, locationIds);
  const groups = await listResourceGroups(db, organiser.id, groupIds);
  const groupImages = groupBy(
    await loadImages(db, organiser.id, "resource_group", groupIds),
    (image) => image.ownerId,
  );
  const imagesOf = groupBy(images, (image) => image.ownerId);
  const locationOf = new Map(locations.map((row) => [row.id, row]));
  const groupOf = new Map(
    groups.map(({ id, ...group }) => [id, { ...group, images: groupImages.get(id) ?? [] }]),
  );
  return {
    data: rows.map((row) =>
      resourceView(
        row,
        row.locationId === null ? undefined : locationOf.get(row.locationId),
        imagesOf.get(row.id) ?? [],
        row.groupId === null ? null : (groupOf.get(row.groupId) ?? null),
      ),
    ),
  };
}

/**
 * GET /api/resources/availabilities: the free slots of some resources starting in [after,
 * before) (default: from now, for a week; at most two months), minus the slots that overlap a
 * date of an availability taking place on the same resource.
 */
export async function listResourceAvailabilities(
  context: ServiceContext,
  query: ResourceAvailabilitiesQuery,
): Promise<{ data: ResourceAvailabilityView[] }> {
  const { db, organiser } = context;
  const after = query.after ? instantOf(query.after, organiser.timezone) : new Date();
  const latest = new Date(after.getTime() + SLOTS_MAX_DAYS * DAY_MS);
  const requested = query.before
    ? instantOf(query.before, organiser.timezone)
    : new Date(after.getTime() + SLOTS_DEFAULT_DAYS * DAY_MS);
  const before = requested.getTime() > latest.getTime() ? latest : requested;
  const slots = await findFreeSlots(db, organiser.id, query.resources, { after, before });
  return {
    data: slots.map((slot) => ({
      resource_id: slot.resourceId,
      start_at: slot.startAt.toISOString(),
      prices: slot.prices.map((price) => ({ duration: price.duration, amount: price.amount })),
    })),
  };
}

// --- Facets -----------------------------------------------------------------------------------

/** The choices of the catalogue filters: locations, category groups, calendar periods. */
export async function catalogueFacets(context: ServiceContext): Promise<CatalogueFacets> {
  const { db, organiser } = context;
  const locations = await listLocations(db, organiser.id);
  const groups = await listCategoryGroups(db, organiser.id);
  const periods = await listCalendarPeriods(db, organiser.id);
  const categoriesOf = groupBy(groups.categories, (category) => category.groupId);
  return {
    locations: locations.map(locationView),
    category_groups: groups.groups.map((group) => ({
      cuid: group.cuid,
      title: group.title,
      order: group.order,
      categories: (categoriesOf.get(group.id) ?? []).map((category) => ({
        cuid: category.cuid,
        title: category.title,
      })),
    })),
    periods: periods.map((period) => ({
      cuid: period.cuid,
      name: period.name,
      start_date: period.startDate,
      end_date: period.endDate,
    })),
  };
}
