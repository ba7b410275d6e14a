import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type RegistrationConstraintType =
  | "registrations.count.minimum"
  | "registrations.count.maximum"
  | "locations.count.minimum"
  | "locations.count.maximum";

/**
 * What a constraint compares (platform-and-account.md §5): the count, an optional scope
 * (same.date, same.time, same.weekday, same.period, future), optional period bounds (local days,
 * included) and the organiser's message shown to customers when it is not met.
 */
export type RegistrationConstraintPayload = {
  value: number;
  scope: "same.date" | "same.time" | "same.weekday" | "same.period" | "future" | null;
  period_start: string | null;
  period_end: string | null;
  message: string;
};

/**
 * An activity's registration constraint (§3.2: label, type, payload, order, optional); rules in
 * packages/domain/src/registration-constraints.ts, decision 0062.
 */
export const activityRegistrationConstraints = pgTable(
  "activity_registration_constraints",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    /** The organiser's name for it in the console. */
    label: text().notNull(),
    type: text().$type<RegistrationConstraintType>().notNull(),
    payload: jsonb().$type<RegistrationConstraintPayload>().notNull(),
    order: integer().notNull().default(0),
    /** Advice shown to customers, never a refusal. */
    optional: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_registration_constraints", t),
    tenantForeignKey(
      "activity_registration_constraints_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    index("activity_registration_constraints_activity_idx").on(t.organiserId, t.activityId),
    check(
      "activity_registration_constraints_type",
      sql`${t.type} in ('registrations.count.minimum', 'registrations.count.maximum', 'locations.count.minimum', 'locations.count.maximum')`,
    ),
    check(
      "activity_registration_constraints_payload_object",
      sql`jsonb_typeof(${t.payload}) = 'object'`,
    ),
  ],
);
