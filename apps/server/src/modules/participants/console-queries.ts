import { type CustomDataEntry, participants, type TenantTx } from "@booking/db";
import { and, eq, type SQL, sql } from "@booking/db/orm";
import { isoText } from "../customers/console-queries.ts";
import { peopleSearchCondition } from "../customers/search.ts";
import { taggedCondition } from "../tags/queries.ts";

// The console's reads of participants (issue 6 item 4); the writes reuse ./queries.ts, the
// account's. Every statement filters on the organiser besides row-level security.

export type ConsoleParticipantRow = {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  archived: boolean;
  custom_data: CustomDataEntry[];
  created_at: string;
  updated_at: string;
  customer_cuid: string;
  customer_firstname: string;
  customer_lastname: string;
  customer_email: string;
  registrations_count: number;
};

const COLUMNS = sql`p.id, p.cuid, p.firstname, p.lastname, p.birthdate::text as birthdate,
  p.deleted_at is not null as archived, p.custom_data,
  ${isoText("p.created_at")} as created_at, ${isoText("p.updated_at")} as updated_at,
  c.cuid as customer_cuid, c.firstname as customer_firstname, c.lastname as customer_lastname,
  c.email as customer_email,
  (select count(*)::int from registrations r
    where r.organiser_id = p.organiser_id and r.participant_id = p.id and not r.cancelled)
    as registrations_count`;

const FROM = sql`participants p
  join customers c on c.organiser_id = p.organiser_id and c.id = p.customer_id`;

export type ParticipantSortKey = "name" | "birthdate" | "created";

export interface ParticipantFilters {
  q?: string;
  customerCuid?: string;
  /** birthdates, both included */
  bornFrom?: string | null;
  bornTo?: string | null;
  archived: boolean;
  /** a participant tag's cuid */
  tag?: string;
}

function conditions(organiserId: number, filters: ParticipantFilters): SQL {
  const parts: Array<SQL | undefined> = [
    sql`p.organiser_id = ${organiserId}`,
    filters.archived ? sql`p.deleted_at is not null` : sql`p.deleted_at is null`,
    // The console's people search, on the participant's names.
    peopleSearchCondition(filters.q, { names: [sql`p.firstname`, sql`p.lastname`] }),
    filters.customerCuid ? sql`c.cuid = ${filters.customerCuid}` : undefined,
    filters.bornFrom ? sql`p.birthdate >= ${filters.bornFrom}::date` : undefined,
    filters.bornTo ? sql`p.birthdate <= ${filters.bornTo}::date` : undefined,
    filters.tag
      ? taggedCondition(organiserId, "PARTICIPANTS", sql`p.id`, [filters.tag])
      : undefined,
  ];
  return sql.join(
    parts.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

const SORT_COLUMNS: Record<ParticipantSortKey, SQL[]> = {
  name: [sql`lower(p.lastname)`, sql`lower(p.firstname)`],
  birthdate: [sql`p.birthdate`],
  created: [sql`p.created_at`],
};

export async function listConsoleParticipants(
  tx: TenantTx,
  organiserId: number,
  filters: ParticipantFilters,
  sort: { key: ParticipantSortKey; descending: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: ConsoleParticipantRow[]; count: number }> {
  const where = conditions(organiserId, filters);
  const direction = sql.raw(sort.descending ? "desc nulls last" : "asc nulls last");
  const order = sql.join(
    [...SORT_COLUMNS[sort.key], sql`p.id`].map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
  const rows = await tx.execute<ConsoleParticipantRow>(
    sql`select ${COLUMNS} from ${FROM} where ${where}
         order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  const total = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count from ${FROM} where ${where}`,
  );
  return { rows: rows.rows, count: total.rows[0]?.count ?? 0 };
}

/** A participant of the organiser by cuid or id (archived ones too), with their customer. */
export async function findConsoleParticipant(
  tx: TenantTx,
  organiserId: number,
  key: { cuid: string } | { id: number },
): Promise<ConsoleParticipantRow | null> {
  const match = "cuid" in key ? sql`p.cuid = ${key.cuid}` : sql`p.id = ${key.id}`;
  const result = await tx.execute<ConsoleParticipantRow>(
    sql`select ${COLUMNS} from ${FROM} where p.organiser_id = ${organiserId} and ${match}`,
  );
  return result.rows[0] ?? null;
}

/** The participant's row (archived ones too), locked for a change. */
export async function lockParticipant(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(participants)
    .where(and(eq(participants.organiserId, organiserId), eq(participants.cuid, cuid)))
    .for("update");
  return row ?? null;
}
