import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantId, tenantKey } from "./tenancy.ts";

/** A time slot of a date configuration: local wall-clock times "HH:MM" ("24:00" ends at midnight). */
export type DateConfigurationSlot = { start: string; end: string };

/**
 * A named, reusable weekly pattern (decision 0093): weekdays and time slots, such as « Stage
 * d'été : lun–ven 9 h–16 h ». Staff pick one when generating an availability's dates from a
 * weekly schedule instead of retyping it (permission area `date_configurations`).
 */
export const dateConfigurations = pgTable(
  "date_configurations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    /** ISO weekdays, Monday 1 … Sunday 7, sorted. */
    weekdays: jsonb().$type<number[]>().notNull(),
    slots: jsonb().$type<DateConfigurationSlot[]>().notNull(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("date_configurations", t),
    check("date_configurations_weekdays_array", sql`jsonb_typeof(${t.weekdays}) = 'array'`),
    check("date_configurations_slots_array", sql`jsonb_typeof(${t.slots}) = 'array'`),
    // The console's list and the generator's picker, in staff's order.
    index("date_configurations_organiser_id_order_idx").on(t.organiserId, t.order),
  ],
);
