import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// The request configuration of an activity whose registration_flow is REQUEST
// (platform-and-account.md §3.5, §7; storefront.md §3 "Registration request tier"): its tiers,
// e.g. "1 séance par semaine". A parent picks between `minimum_availabilities` and
// `maximum_availabilities` sessions, and the tier asks for `registrations` places among them
// (the add call repeats the request that many times). Decision record:
// docs/decisions/0060-registration-request-tiers.md.

export const registrationRequestTiers = pgTable(
  "registration_request_tiers",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    name: text().notNull(),
    registrations: integer().notNull().default(1),
    minimumAvailabilities: integer().notNull().default(1),
    maximumAvailabilities: integer().notNull().default(1),
    /** The order the storefront and the console list the tiers in. */
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("registration_request_tiers", t),
    tenantForeignKey(
      "registration_request_tiers_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    // An activity's tiers in order (configuration read, console editor).
    index("registration_request_tiers_organiser_id_activity_id_idx").on(
      t.organiserId,
      t.activityId,
      t.position,
    ),
    check(
      "registration_request_tiers_bounds",
      sql`${t.registrations} >= 1 and ${t.minimumAvailabilities} >= 1 and ${t.maximumAvailabilities} >= ${t.minimumAvailabilities}`,
    ),
  ],
);
