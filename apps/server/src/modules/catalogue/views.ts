import type {
  ActivitySummary,
  ActivityView,
  AvailabilityDateView,
  AvailabilityView,
  BundleView,
  CategoryView,
  ImageView,
  LocationView,
  MembershipView,
  ResourceView,
  VoucherView,
} from "@booking/contracts";
import type { bundles, memberships, vouchers } from "@booking/db";
import type {
  ActivityRow,
  AvailabilityDateRow,
  AvailabilityRow,
  CategoryRow,
  ImageRow,
  LocationRow,
  ResourceRow,
} from "./queries.ts";

// Rows to the response shapes of contracts/catalogue.ts. Timestamps are ISO 8601 in UTC ("Z"),
// money stays in minor units.

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Groups rows by an owner id, keeping their order. */
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

export function imageView(row: ImageRow): ImageView {
  return { id: row.id, public_url: row.publicUrl, alt: row.alt };
}

export function locationView(row: LocationRow): LocationView {
  return {
    cuid: row.cuid,
    title: row.title,
    name: row.name,
    street: row.street,
    number: row.number,
    postcode: row.postcode,
    city: row.city,
  };
}

export function categoryView(row: CategoryRow): CategoryView {
  return {
    cuid: row.cuid,
    title: row.title,
    group: { cuid: row.groupCuid, title: row.groupTitle, scope: row.groupScope },
  };
}

export function dateView(row: AvailabilityDateRow): AvailabilityDateView {
  return {
    id: row.id,
    cuid: row.cuid,
    start_at: iso(row.startAt),
    end_at: iso(row.endAt),
    status: row.status,
    capacity: row.capacity,
    registered: row.registered,
  };
}

export function activitySummary(row: ActivityRow, images: ImageRow[]): ActivitySummary {
  return {
    id: row.id,
    cuid: row.cuid,
    title: row.title,
    description: row.description,
    instructions: row.instructions,
    images: images.map(imageView),
    default_price: row.defaultPrice,
    default_deposit: row.defaultDeposit,
    registration_flow: row.registrationFlow,
    settings: { allow_registrations_after_start: row.settings.allow_registrations_after_start },
  };
}

/** Everything an availability view is made of, loaded in batches by the service. */
export interface AvailabilityParts {
  activities: Map<number, ActivityRow>;
  activityImages: Map<number, ImageRow[]>;
  locations: Map<number, LocationRow>;
  categories: Map<number, CategoryRow[]>;
  dates: Map<number, AvailabilityDateRow[]>;
  resources: Map<number, ResourceRow>;
}

/** An availability without its dates (the context of a date in GET /api/availabilities/dates). */
export function availabilityView(
  row: AvailabilityRow,
  parts: AvailabilityParts,
): Omit<AvailabilityView, "dates"> {
  const activity = parts.activities.get(row.activityId);
  if (!activity) throw new Error(`availability ${row.id}: activity ${row.activityId} not loaded`);
  const location = row.locationId === null ? undefined : parts.locations.get(row.locationId);
  const resource = row.resourceId === null ? undefined : parts.resources.get(row.resourceId);
  return {
    id: row.id,
    cuid: row.cuid,
    status: row.status,
    start_at: iso(row.startAt),
    end_at: iso(row.endAt),
    registrations_start_at: isoOrNull(row.registrationsStartAt),
    registrations_end_at: isoOrNull(row.registrationsEndAt),
    capacity: row.capacity,
    registered: row.registered,
    price: row.price,
    deposit: row.deposit,
    age_minimum: row.ageMinimum,
    age_maximum: row.ageMaximum,
    location: location ? locationView(location) : null,
    categories: (parts.categories.get(row.id) ?? []).map(categoryView),
    activity: activitySummary(activity, parts.activityImages.get(activity.id) ?? []),
    resource: resource ? { id: resource.id, cuid: resource.cuid, name: resource.name } : null,
  };
}

export function fullAvailabilityView(
  row: AvailabilityRow,
  parts: AvailabilityParts,
): AvailabilityView {
  return {
    ...availabilityView(row, parts),
    dates: (parts.dates.get(row.id) ?? []).map(dateView),
  };
}

export function activityView(
  row: ActivityRow,
  parts: {
    images: ImageRow[];
    categories: CategoryRow[];
    locations: LocationRow[];
    nextStartAt: Date | undefined;
  },
): ActivityView {
  return {
    id: row.id,
    cuid: row.cuid,
    title: row.title,
    description: row.description,
    age_minimum: row.ageMinimum,
    age_maximum: row.ageMaximum,
    default_capacity: row.defaultCapacity,
    default_price: row.defaultPrice,
    default_deposit: row.defaultDeposit,
    categories: parts.categories.map(categoryView),
    images: parts.images.map(imageView),
    locations: parts.locations.map(locationView),
    next_start_at: parts.nextStartAt ? iso(parts.nextStartAt) : null,
  };
}

export function bundleView(row: typeof bundles.$inferSelect, images: ImageRow[]): BundleView {
  return {
    id: row.id,
    cuid: row.cuid,
    title: row.title,
    description: row.description,
    price: row.price,
    capacity: row.capacity,
    duration: row.duration,
    expires_at: isoOrNull(row.expiresAt),
    entity: row.entity,
    images: images.map(imageView),
  };
}

export function membershipView(
  row: typeof memberships.$inferSelect,
  images: ImageRow[],
): MembershipView {
  return {
    id: row.id,
    cuid: row.cuid,
    title: row.title,
    description: row.description,
    price: row.price,
    entity: row.entity,
    period_type: row.periodType,
    fixed_period_start_at: isoOrNull(row.fixedPeriodStartAt),
    fixed_period_end_at: isoOrNull(row.fixedPeriodEndAt),
    rolling_period_type: row.rollingPeriodType,
    rolling_period_duration: row.rollingPeriodDuration,
    images: images.map(imageView),
  };
}

export function voucherView(row: typeof vouchers.$inferSelect, images: ImageRow[]): VoucherView {
  return {
    id: row.id,
    cuid: row.cuid,
    title: row.title,
    description: row.description,
    price: row.price,
    amount: row.amount,
    duration: row.duration,
    images: images.map(imageView),
  };
}

export function resourceView(
  row: ResourceRow,
  location: LocationRow | undefined,
  images: ImageRow[],
): ResourceView {
  return {
    id: row.id,
    cuid: row.cuid,
    name: row.name,
    description: row.description,
    location: location ? { cuid: location.cuid, title: location.title } : null,
    images: images.map(imageView),
  };
}
