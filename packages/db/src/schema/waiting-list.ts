import { index, integer, pgTable, unique } from "drizzle-orm/pg-core";
import { availabilities } from "./availabilities.ts";
import { createdAt, timestamptz } from "./columns.ts";
import { customers, participants } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/**
 * A participant waiting for a place on a FULL or CLOSED availability (storefront.md §4, §7
 * `POST /api/registrations/waiting-list`). Once per (organiser, availability, participant): joining
 * again answers the same entry. The position is the rank by (created_at, id) among the
 * availability's entries; `offered_at` is set when a freed place is offered (trigger
 * waiting-list.vacancy, platform-and-account.md §9 — not built yet).
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    participantId: integer().notNull(),
    customerId: integer().notNull(),
    createdAt: createdAt(),
    offeredAt: timestamptz(),
    /** End of the claim window of an offered place (held by a cart item until then). */
    offerExpiresAt: timestamptz(),
  },
  (t) => [
    ...tenantKey("waiting_list_entries", t),
    unique("waiting_list_entries_organiser_id_availability_id_participant_id_unique").on(
      t.organiserId,
      t.availabilityId,
      t.participantId,
    ),
    tenantForeignKey(
      "waiting_list_entries_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    tenantForeignKey(
      "waiting_list_entries_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
      "cascade",
    ),
    tenantForeignKey(
      "waiting_list_entries_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    // A customer's entries (account area), a participant's.
    index("waiting_list_entries_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("waiting_list_entries_organiser_id_participant_id_idx").on(
      t.organiserId,
      t.participantId,
    ),
  ],
);
