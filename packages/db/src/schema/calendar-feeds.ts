import { boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { availabilities } from "./availabilities.ts";
import { timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantForeignKey } from "./tenancy.ts";

/**
 * What an availability's calendar feed last published of each of its dates (decision 0093): the
 * feed compares the dates with these rows when it is read, bumps `sequence` of a date whose
 * times changed and keeps a removed date as cancelled, so that subscribed calendars update or
 * strike it. A date's UID is its cuid, which never changes.
 */
export const availabilityCalendarEntries = pgTable(
  "availability_calendar_entries",
  {
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    /** The date's cuid (the date row itself may be gone: then the entry is cancelled). */
    dateCuid: text().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    sequence: integer().notNull().default(0),
    cancelled: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({
      name: "availability_calendar_entries_pkey",
      columns: [t.organiserId, t.availabilityId, t.dateCuid],
    }),
    tenantForeignKey(
      "availability_calendar_entries_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
  ],
);
