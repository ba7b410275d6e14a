import type {
  ActivityView,
  BundleView,
  CategoryView,
  ImageView,
  LocationView,
  MembershipView,
  ResourceView,
  VoucherView,
} from "@booking/contracts";
import type { bundles, memberships, vouchers } from "@booking/db";
import type { ActivityRow, CategoryRow, ImageRow, LocationRow, ResourceRow } from "./queries.ts";

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
  group: { cuid: string; name: string; description: string | null; images: ImageRow[] } | null,
): ResourceView {
  return {
    id: row.id,
    cuid: row.cuid,
    name: row.name,
    description: row.description,
    location: location ? { cuid: location.cuid, title: location.title } : null,
    images: images.map(imageView),
    group: group && { ...group, images: group.images.map(imageView) },
  };
}
