import type {
  AdminAvailabilityListItem,
  AdminAvailabilityView,
  AdminDateView,
} from "@booking/contracts";
import { formatInZone, minimumCapacity } from "@booking/domain";
import type {
  AvailabilityListRow,
  AvailabilityRow,
  DateWithHeld,
  listCategories,
} from "./console-queries.ts";

// Availabilities as the console shows them: instants in the organiser's time zone, so that a
// Wednesday 14:00 reads 14:00+01:00 in winter and 14:00+02:00 in summer.

type Reference = { cuid: string; title: string };

const zoned = (at: Date | null, timeZone: string) => (at ? formatInZone(at, timeZone) : null);

export function dateView(row: DateWithHeld, timeZone: string): AdminDateView {
  const { date } = row;
  return {
    cuid: date.cuid,
    start_at: formatInZone(date.startAt, timeZone),
    end_at: formatInZone(date.endAt, timeZone),
    status: date.status,
    capacity: date.capacity,
    registered: date.registered,
    held: row.held,
  };
}

function summary(
  availability: AvailabilityRow,
  references: { activity: Reference; location: Reference | null },
  datesCount: number,
  timeZone: string,
): AdminAvailabilityListItem {
  return {
    cuid: availability.cuid,
    status: availability.status,
    activity: references.activity,
    location: references.location,
    start_at: formatInZone(availability.startAt, timeZone),
    end_at: formatInZone(availability.endAt, timeZone),
    dates_count: datesCount,
    capacity: availability.capacity,
    registered: availability.registered,
    price: availability.price,
    deposit: availability.deposit,
    registrations_start_at: zoned(availability.registrationsStartAt, timeZone),
    registrations_end_at: zoned(availability.registrationsEndAt, timeZone),
  };
}

export function listItemView(
  row: AvailabilityListRow,
  timeZone: string,
): AdminAvailabilityListItem {
  return summary(
    row.availability,
    { activity: row.activity, location: row.location?.cuid ? row.location : null },
    row.datesCount,
    timeZone,
  );
}

export function availabilityView(
  availability: AvailabilityRow,
  parts: {
    references: { activity: Reference; location: Reference | null };
    dates: DateWithHeld[];
    categories: Awaited<ReturnType<typeof listCategories>>;
    registrationsCount: number;
  },
  timeZone: string,
): AdminAvailabilityView {
  return {
    ...summary(availability, parts.references, parts.dates.length, timeZone),
    age_minimum: availability.ageMinimum,
    age_maximum: availability.ageMaximum,
    categories: parts.categories,
    dates: parts.dates.map((row) => dateView(row, timeZone)),
    minimum_capacity: minimumCapacity(
      parts.dates.map((row) => ({ registered: row.date.registered, held: row.held })),
    ),
    registrations_count: parts.registrationsCount,
    created_at: availability.createdAt.toISOString(),
    updated_at: availability.updatedAt.toISOString(),
  };
}

/** The business fields of an availability as the audit log keeps them. */
export function availabilityAudit(availability: AvailabilityRow, categoryCuids: string[]) {
  return {
    status: availability.status,
    location_id: availability.locationId,
    capacity: availability.capacity,
    price: availability.price,
    deposit: availability.deposit,
    registrations_start_at: availability.registrationsStartAt?.toISOString() ?? null,
    registrations_end_at: availability.registrationsEndAt?.toISOString() ?? null,
    age_minimum: availability.ageMinimum,
    age_maximum: availability.ageMaximum,
    categories: categoryCuids,
  };
}

/** A date's fields as the audit log keeps them. */
export function dateAudit(date: {
  startAt: Date;
  endAt: Date;
  capacity: number | null;
  status: string;
}) {
  return {
    start_at: date.startAt.toISOString(),
    end_at: date.endAt.toISOString(),
    capacity: date.capacity,
    status: date.status,
  };
}
