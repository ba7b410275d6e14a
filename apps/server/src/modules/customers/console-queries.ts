import type { CustomerCounts, CustomerSortKey } from "@booking/contracts";
import {
  collaborators,
  customerNotes,
  customers,
  customFields,
  type TenantTx,
  walletTransactions,
} from "@booking/db";
import { and, asc, desc, eq, isNull, type SQL, sql } from "@booking/db/orm";
import { taggedCondition } from "../tags/queries.ts";
import { customerSearchCondition } from "./search.ts";

// The console's reads and writes of customers (issue 6 item 4). The reads are single statements
// over the `(organiser_id, customer_id)` indexes; `c` is the customers row of each statement.
// Every statement filters on the organiser besides row-level security.

export type CustomerRow = typeof customers.$inferSelect;

/** An instant as toISOString() spells it (raw statements answer timestamps as text). */
export const isoText = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
export type CustomFieldRow = typeof customFields.$inferSelect;

/** `customer_id = c.id` of `table` (alias `x`), within the customer's organiser. */
const ownedBy = (table: string) =>
  sql.raw(`from ${table} x where x.organiser_id = c.organiser_id and x.customer_id = c.id`);

/** What is left to pay on rows with total_amount and paid_amount (alias `x`). */
const DUE = sql.raw("coalesce(sum(greatest(x.total_amount - greatest(x.paid_amount, 0), 0)), 0)");

/** What the parts of processed cart `ca` received (registrations, bundles, memberships, vouchers). */
const CART_PARTS_PAID = sql.raw(
  ["registrations", "customer_bundles", "customer_memberships", "customer_vouchers"]
    .map(
      (table) =>
        `(select coalesce(sum(greatest(p.paid_amount, 0)), 0) from ${table} p
           where p.organiser_id = ca.organiser_id and p.cart_id = ca.id)`,
    )
    .join(" + "),
);

/**
 * What customer `c` still owes, as an integer: the SQL form of the account's rules
 * (packages/domain account-payments.ts `cartAmountDue` over their orders, `partAmountDue` of each
 * part, `registrationRequestAmountDue`), plus their attendance charges and booking
 * participations — each row its total less what was paid, never below zero; cancelled
 * registrations and memberships owe nothing; a request owes once APPROVED (through the order its
 * approval made, when it made one: decision 0061); an order's service
 * fees owe what its payments beyond its parts have not covered.
 */
export const OUTSTANDING = sql`(
  (select ${DUE} ${ownedBy("registrations")} and not x.cancelled)
  + (select ${DUE} ${ownedBy("customer_bundles")} and x.cart_id is not null and x.refunded_at is null)
  + (select ${DUE} ${ownedBy("customer_memberships")} and not x.cancelled)
  + (select ${DUE} ${ownedBy("customer_vouchers")})
  + (select ${DUE} ${ownedBy("registration_requests")} and x.status = 'APPROVED' and x.cart_id is null)
  + (select ${DUE} ${ownedBy("attendance_charges")})
  + (select ${DUE} ${ownedBy("booking_participations")})
  + (select coalesce(sum(greatest(ca.service_fees - greatest(ca.paid_amount - (${CART_PARTS_PAID}), 0), 0)), 0)
       from carts ca
      where ca.organiser_id = c.organiser_id and ca.customer_id = c.id
        and ca.processed_at is not null and ca.service_fees > 0)
)::int`;

const REGISTRATIONS_COUNT = sql`(select count(*)::int ${ownedBy("registrations")} and not x.cancelled)`;
const PARTICIPANTS_COUNT = sql`(select count(*)::int ${ownedBy("participants")} and x.deleted_at is null)`;

export type CustomerListRow = {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  has_account: boolean;
  wallet_amount: number;
  outstanding_amount: number;
  participants_count: number;
  registrations_count: number;
  created_at: string;
};

const LIST_COLUMNS = sql`c.id, c.cuid, c.firstname, c.lastname, c.email, c.phone,
  c.password_hash is not null as has_account, c.wallet_amount,
  ${OUTSTANDING} as outstanding_amount, ${PARTICIPANTS_COUNT} as participants_count,
  ${REGISTRATIONS_COUNT} as registrations_count, ${isoText("c.created_at")} as created_at`;

export interface CustomerFilters {
  q?: string;
  outstanding?: boolean;
  registrations?: boolean;
  wallet?: boolean;
  /** days in `timeZone`, both included */
  createdFrom?: string;
  createdTo?: string;
  /** a customer tag's cuid */
  tag?: string;
  /** a customer discount's cuid */
  discount?: string;
  timeZone: string;
}

function flag(value: boolean | undefined, condition: SQL): SQL | undefined {
  if (value === undefined) return undefined;
  return value ? condition : sql`not ${condition}`;
}

/** The first instant of local day `day` in `timeZone`. */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

function listConditions(organiserId: number, filters: CustomerFilters): SQL {
  const conditions = [
    sql`c.organiser_id = ${organiserId}`,
    sql`c.anonymised_at is null`,
    customerSearchCondition(filters.q),
    flag(filters.outstanding, sql`(${OUTSTANDING} > 0)`),
    flag(
      filters.registrations,
      sql`exists (select 1 ${ownedBy("registrations")} and not x.cancelled)`,
    ),
    flag(filters.wallet, sql`(c.wallet_amount > 0)`),
    filters.createdFrom
      ? sql`c.created_at >= ${dayStart(filters.createdFrom, filters.timeZone)}`
      : undefined,
    filters.createdTo
      ? sql`c.created_at < ${dayStart(filters.createdTo, filters.timeZone, 1)}`
      : undefined,
    filters.tag ? taggedCondition(organiserId, "CUSTOMERS", sql`c.id`, [filters.tag]) : undefined,
    filters.discount
      ? sql`exists (select 1 from customer_discounts g
                     join discounts d on d.organiser_id = g.organiser_id and d.id = g.discount_id
                    where g.organiser_id = c.organiser_id and g.customer_id = c.id
                      and d.cuid = ${filters.discount})`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return sql.join(conditions, sql` and `);
}

const SORT_COLUMNS: Record<CustomerSortKey, SQL[]> = {
  name: [sql`lower(c.lastname)`, sql`lower(c.firstname)`],
  created: [sql`c.created_at`],
  wallet: [sql`c.wallet_amount`],
  outstanding: [OUTSTANDING],
};

export async function listCustomers(
  tx: TenantTx,
  organiserId: number,
  filters: CustomerFilters,
  sort: { key: CustomerSortKey; descending: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerListRow[]; count: number }> {
  const where = listConditions(organiserId, filters);
  const direction = sql.raw(sort.descending ? "desc" : "asc");
  const order = sql.join(
    [...SORT_COLUMNS[sort.key], sql`c.id`].map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
  const rows = await tx.execute<CustomerListRow>(
    sql`select ${LIST_COLUMNS} from customers c where ${where}
        order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  const total = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count from customers c where ${where}`,
  );
  return { rows: rows.rows, count: total.rows[0]?.count ?? 0 };
}

/** One customer (deleted accounts included) with the figures of the list. */
export async function findCustomerSummary(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerListRow | null> {
  const result = await tx.execute<CustomerListRow>(
    sql`select ${LIST_COLUMNS} from customers c
         where c.organiser_id = ${organiserId} and c.id = ${customerId}`,
  );
  return result.rows[0] ?? null;
}

/** A customer of the organiser by cuid; `active` leaves deleted accounts out; `lock` holds it. */
export async function findCustomer(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { active?: boolean; lock?: boolean } = {},
): Promise<CustomerRow | null> {
  const query = tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.cuid, cuid),
        options.active ? isNull(customers.anonymisedAt) : undefined,
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The organiser's custom fields of `entity`, inactive ones too (to name stored values). */
export function listCustomFields(
  tx: TenantTx,
  organiserId: number,
  entity: "CUSTOMERS" | "PARTICIPANTS",
): Promise<CustomFieldRow[]> {
  return tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.entity, entity)))
    .orderBy(asc(customFields.order), asc(customFields.id));
}

const COUNT_TABLES: Record<Exclude<keyof CustomerCounts, "payments" | "bookings">, SQL> = {
  participants: sql`participants x where x.deleted_at is null and`,
  registrations: sql`registrations x where`,
  registration_requests: sql`registration_requests x where`,
  carts: sql`carts x where`,
  bundles: sql`customer_bundles x where`,
  memberships: sql`customer_memberships x where`,
  vouchers: sql`customer_vouchers x where`,
  waiting_list: sql`waiting_list_entries x where`,
  attendance_charges: sql`attendance_charges x where`,
  wallet_movements: sql`wallet_transactions x where`,
  notes: sql`customer_notes x where`,
};

/**
 * How many rows of each kind the customer has: every registration (cancelled ones too), every
 * cart (the open one too), the bookings their participants take part in, and the online payments
 * and bank transfers of their orders and requests.
 */
export async function countCustomerRecords(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerCounts> {
  const scope = sql`x.organiser_id = ${organiserId} and x.customer_id = ${customerId}`;
  const counts = Object.entries(COUNT_TABLES).map(
    ([name, from]) => sql`(select count(*)::int from ${from} ${scope}) as ${sql.identifier(name)}`,
  );
  const result = await tx.execute<CustomerCounts>(
    sql`select ${sql.join(counts, sql`, `)},
      (select count(distinct x.booking_id)::int from booking_participations x where ${scope}) as bookings,
      (select count(*)::int from (${paymentMovements(organiserId, customerId)}) m
        where m.kind <> 'WALLET') as payments`,
  );
  return result.rows[0]!;
}

export type MoneyMovementRow = {
  kind: "ONLINE" | "TRANSFER" | "WALLET";
  cuid: string;
  at: string;
  amount: number;
  status: string;
  reference: string | null;
  note: string | null;
};

/**
 * The customer's money movements: online payments of their orders and requests, bank transfers
 * of their orders (the day received, at the organiser's midnight), wallet movements.
 */
function paymentMovements(organiserId: number, customerId: number, timeZone = "UTC"): SQL {
  return sql`
    select 'ONLINE' as kind, p.cuid, coalesce(p.paid_at, p.created_at) as at, p.amount, p.status,
           coalesce(ca.reference, rq.reference) as reference, null as note
      from payments p
      left join carts ca on ca.organiser_id = p.organiser_id and ca.id = p.cart_id
      left join registration_requests rq
        on rq.organiser_id = p.organiser_id and rq.id = p.registration_request_id
     where p.organiser_id = ${organiserId}
       and (ca.customer_id = ${customerId} or rq.customer_id = ${customerId})
    union all
    select 'TRANSFER', t.cuid, t.received_on::timestamp at time zone ${timeZone}, t.amount,
           case when t.cancelled_at is null then 'RECEIVED' else 'CANCELLED' end,
           ca.reference, t.note
      from bank_transfers t
      join carts ca on ca.organiser_id = t.organiser_id and ca.id = t.cart_id
     where t.organiser_id = ${organiserId} and ca.customer_id = ${customerId}
    union all
    select 'WALLET', w.cuid, w.created_at, w.amount, w.reason,
           coalesce(ca.reference, rq.reference), w.note
      from wallet_transactions w
      left join carts ca on ca.organiser_id = w.organiser_id and ca.id = w.cart_id
      left join registration_requests rq
        on rq.organiser_id = w.organiser_id and rq.id = w.registration_request_id
     where w.organiser_id = ${organiserId} and w.customer_id = ${customerId}`;
}

/** The newest `limit` money movements of the customer. */
export async function listMoneyMovements(
  tx: TenantTx,
  organiser: { id: number; timezone: string },
  customerId: number,
  limit: number,
): Promise<MoneyMovementRow[]> {
  const result = await tx.execute<MoneyMovementRow>(
    sql`select m.kind, m.cuid, ${isoText("m.at")} as at, m.amount, m.status, m.reference, m.note
          from (${paymentMovements(organiser.id, customerId, organiser.timezone)}) m
         order by m.at desc, m.kind, m.cuid limit ${limit}`,
  );
  return result.rows;
}

export type CustomerParticipantRow = {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  archived: boolean;
  registrations_count: number;
};

/** The customer's participants, archived ones last, each with their registrations. */
export async function listCustomerParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerParticipantRow[]> {
  const result = await tx.execute<CustomerParticipantRow>(
    sql`select p.id, p.cuid, p.firstname, p.lastname, p.birthdate::text as birthdate,
               p.deleted_at is not null as archived,
               (select count(*)::int from registrations r
                 where r.organiser_id = p.organiser_id and r.participant_id = p.id
                   and not r.cancelled) as registrations_count
          from participants p
         where p.organiser_id = ${organiserId} and p.customer_id = ${customerId}
         order by p.deleted_at is not null, lower(p.firstname), lower(p.lastname), p.id`,
  );
  return result.rows;
}

export type RegistrationSummaryRow = {
  id: number;
  cuid: string;
  reference: string;
  activity: string;
  starts_at: string;
  ends_at: string;
  participant_cuid: string;
  participant_firstname: string;
  participant_lastname: string;
  total_amount: number;
  paid_amount: number;
  cancelled: boolean;
  created_at: string;
};

/** The newest `limit` registrations of a customer or of a participant. */
export async function listRegistrationSummaries(
  tx: TenantTx,
  organiserId: number,
  owner: { customerId: number } | { participantId: number },
  limit: number,
): Promise<RegistrationSummaryRow[]> {
  const ownerCondition =
    "customerId" in owner
      ? sql`r.customer_id = ${owner.customerId}`
      : sql`r.participant_id = ${owner.participantId}`;
  const result = await tx.execute<RegistrationSummaryRow>(
    sql`select r.id, r.cuid, r.reference, ac.title as activity,
               ${isoText("av.start_at")} as starts_at, ${isoText("av.end_at")} as ends_at,
               p.cuid as participant_cuid,
               p.firstname as participant_firstname, p.lastname as participant_lastname,
               r.total_amount, r.paid_amount, r.cancelled, ${isoText("r.created_at")} as created_at
          from registrations r
          join availabilities av on av.organiser_id = r.organiser_id and av.id = r.availability_id
          join activities ac on ac.organiser_id = av.organiser_id and ac.id = av.activity_id
          join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
         where r.organiser_id = ${organiserId} and ${ownerCondition}
         order by av.start_at desc, r.id desc
         limit ${limit}`,
  );
  return result.rows;
}

export type CartSummaryRow = {
  id: number;
  cuid: string;
  reference: string | null;
  processed_at: string | null;
  awaiting_payment: boolean;
  total_amount: number | null;
  service_fees: number;
  paid_amount: number;
  wallet_used: number;
  items_count: number;
  created_at: string;
};

/** The customer's newest `limit` carts, the open one first. */
export async function listCustomerCarts(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  limit: number,
): Promise<CartSummaryRow[]> {
  const result = await tx.execute<CartSummaryRow>(
    sql`select ca.id, ca.cuid, ca.reference, ${isoText("ca.processed_at")} as processed_at,
               ca.payment_pending_at is not null as awaiting_payment,
               ca.total_amount, ca.service_fees, ca.paid_amount, ca.wallet_used,
               (select count(*)::int from cart_items i
                 where i.organiser_id = ca.organiser_id and i.cart_id = ca.id
                   and (ca.processed_at is not null or i.expires_at > now())) as items_count,
               ${isoText("ca.created_at")} as created_at
          from carts ca
         where ca.organiser_id = ${organiserId} and ca.customer_id = ${customerId}
         order by ca.processed_at is not null, coalesce(ca.processed_at, ca.created_at) desc, ca.id desc
         limit ${limit}`,
  );
  return result.rows;
}

export type CartPartSummary = { cart_id: number; total: number; paid: number; cancelled: boolean };

/** What the carts bought (registrations, bundles, memberships, vouchers): their amounts. */
export async function listCartParts(
  tx: TenantTx,
  organiserId: number,
  cartIds: number[],
): Promise<CartPartSummary[]> {
  if (cartIds.length === 0) return [];
  const ids = sql`(${sql.join(
    cartIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const part = (table: string, cancelled: string) =>
    sql`select x.cart_id, x.total_amount as total, x.paid_amount as paid,
               ${sql.raw(cancelled)} as cancelled
          from ${sql.identifier(table)} x
         where x.organiser_id = ${organiserId} and x.cart_id in ${ids}`;
  const result = await tx.execute<CartPartSummary>(
    sql.join(
      [
        part("registrations", "x.cancelled"),
        part("customer_bundles", "false"),
        part("customer_memberships", "x.cancelled"),
        part("customer_vouchers", "false"),
      ],
      sql` union all `,
    ),
  );
  return result.rows;
}

// --- Writes --------------------------------------------------------------------------------

type CustomerValues = Pick<
  typeof customers.$inferInsert,
  "firstname" | "lastname" | "email" | "phone" | "customData"
>;

export async function insertCustomer(
  tx: TenantTx,
  organiserId: number,
  values: CustomerValues,
): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateCustomer(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  values: CustomerValues,
): Promise<void> {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)));
}

/** Sets the wallet and writes the ADJUSTMENT movement that explains it. */
export async function adjustWallet(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  change: { movement: number; wallet: number; note: string },
) {
  await tx
    .update(customers)
    .set({ walletAmount: change.wallet, updatedAt: new Date() })
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)));
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      organiserId,
      customerId,
      amount: change.movement,
      reason: "ADJUSTMENT",
      note: change.note,
    })
    .returning();
  return row!;
}

// --- Notes ---------------------------------------------------------------------------------

const noteAuthor = {
  cuid: collaborators.cuid,
  email: collaborators.email,
  firstname: collaborators.firstname,
  lastname: collaborators.lastname,
};

export type NoteRow = {
  note: typeof customerNotes.$inferSelect;
  author: { cuid: string; email: string; firstname: string; lastname: string } | null;
};

function selectNotes(tx: TenantTx) {
  return tx
    .select({ note: customerNotes, author: noteAuthor })
    .from(customerNotes)
    .leftJoin(collaborators, eq(collaborators.id, customerNotes.collaboratorId));
}

/** The customer's notes, newest first. */
export function listNotes(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<NoteRow[]> {
  return selectNotes(tx)
    .where(
      and(eq(customerNotes.organiserId, organiserId), eq(customerNotes.customerId, customerId)),
    )
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

export async function findNote(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<NoteRow | null> {
  const [row] = await selectNotes(tx)
    .where(
      and(
        eq(customerNotes.organiserId, organiserId),
        eq(customerNotes.customerId, customerId),
        eq(customerNotes.cuid, cuid),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertNote(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; collaboratorId: number; body: string },
): Promise<string> {
  const [row] = await tx
    .insert(customerNotes)
    .values(values)
    .returning({ cuid: customerNotes.cuid });
  return row!.cuid;
}

export async function updateNote(
  tx: TenantTx,
  organiserId: number,
  noteId: number,
  body: string,
): Promise<void> {
  await tx
    .update(customerNotes)
    .set({ body, updatedAt: new Date() })
    .where(and(eq(customerNotes.organiserId, organiserId), eq(customerNotes.id, noteId)));
}

export async function deleteNote(tx: TenantTx, organiserId: number, noteId: number): Promise<void> {
  await tx
    .delete(customerNotes)
    .where(and(eq(customerNotes.organiserId, organiserId), eq(customerNotes.id, noteId)));
}
