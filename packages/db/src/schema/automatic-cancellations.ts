import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { availabilities } from "./availabilities.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { organisers } from "./organisers.ts";
import { registrations } from "./registrations.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Automatic cancellations (issue 17 §4, docs/decisions/0088-automatic-cancellations.md): the
// organiser's rule for orders left unpaid, and availabilities that cancel themselves when too few
// registered. The job (apps/server/src/modules/automatic-cancellations/job.ts) applies both.

/**
 * The organiser's rule for unpaid orders: a live registration that has received less than its
 * deposit (its total when it has none) `delay_hours` after it was made is cancelled (type
 * `automatic`). No row: no such rule.
 */
export const unpaidCancellationRules = pgTable(
  "unpaid_cancellation_rules",
  {
    organiserId: integer()
      .primaryKey()
      .references(() => organisers.id, { onDelete: "cascade" }),
    delayHours: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("unpaid_cancellation_rules_delay", sql`${t.delayHours} between 1 and 8760`)],
);

/** How an automatic cancellation gives back what was paid. */
export type AutomaticRefund = "WALLET" | "NONE";

/**
 * An availability that cancels itself `days_before` days before its start when fewer than
 * `minimum_participants` live registrations hold it (type `automatic-insufficient-participants`).
 * `executed_at` is set once the job has looked at it at its deadline (cancelled or kept): it acts
 * once.
 */
export const availabilityAutomaticCancellations = pgTable(
  "availability_automatic_cancellations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    minimumParticipants: integer().notNull(),
    daysBefore: integer().notNull(),
    refund: text().$type<AutomaticRefund>().notNull(),
    executedAt: timestamptz(),
    /** how many registrations the execution cancelled (0: enough had registered) */
    cancelledCount: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("availability_automatic_cancellations", t),
    unique("availability_automatic_cancellations_availability_unique").on(
      t.organiserId,
      t.availabilityId,
    ),
    tenantForeignKey(
      "availability_automatic_cancellations_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    check(
      "availability_automatic_cancellations_numbers",
      sql`${t.minimumParticipants} between 1 and 10000 and ${t.daysBefore} between 0 and 365`,
    ),
    check("availability_automatic_cancellations_refund", sql`${t.refund} in ('WALLET', 'NONE')`),
  ],
);

/** Staff notes on a registration (console), oldest first; the author is kept while they exist. */
export const registrationNotes = pgTable(
  "registration_notes",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    registrationId: integer().notNull(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("registration_notes", t),
    tenantForeignKey(
      "registration_notes_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    index("registration_notes_organiser_id_registration_id_idx").on(
      t.organiserId,
      t.registrationId,
    ),
  ],
);
