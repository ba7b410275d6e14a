import type { ExportFilters } from "@booking/contracts";
import {
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  type CartItemPayload,
  type CustomDataEntry,
  customFields,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import type pg from "pg";
import Cursor from "pg-cursor";
import type { RowCursor } from "./row-stream.ts";

// The reads of the exports (docs/decisions/0021-exports.md): one statement per export, read
// through a server-side cursor so that the rows never sit in memory all at once. Instants come
// out as local wall-clock text in the organiser's time zone (PostgreSQL converts them), days as
// YYYY-MM-DD text. Every statement filters on the organiser besides row-level security.

const LOCAL_TIME = `'YYYY-MM-DD HH24:MI:SS'`;
/** `instant` as wall-clock text in the time zone given as `$2`. */
const local = (instant: string) => `to_char(${instant} at time zone $2, ${LOCAL_TIME})`;
/** The first instant of the local day `day` (a date parameter) in the time zone `$2`. */
const dayStart = (day: string) => `(${day})::timestamp at time zone $2`;

function openCursor<Row>(client: pg.PoolClient, text: string, values: unknown[]): RowCursor<Row> {
  const cursor = client.query(new Cursor<Row>(text, values));
  return { read: (count) => cursor.read(count), close: () => cursor.close() };
}

// --- What the columns are named after --------------------------------------------------------

export type CustomFieldColumn = Pick<
  typeof customFields.$inferSelect,
  "id" | "entity" | "type" | "title"
>;

/** The organiser's custom fields, in the order the console shows them. */
export function listCustomFields(tx: TenantTx, organiserId: number): Promise<CustomFieldColumn[]> {
  return tx
    .select({
      id: customFields.id,
      entity: customFields.entity,
      type: customFields.type,
      title: customFields.title,
    })
    .from(customFields)
    .where(eq(customFields.organiserId, organiserId))
    .orderBy(asc(customFields.order), asc(customFields.id));
}

export type OptionPriceLabel = { id: number; option: string; label: string };
export type QuestionLabel = Pick<
  typeof activityQuestions.$inferSelect,
  "id" | "title" | "type" | "choices"
>;

/**
 * Every option price and question of the organiser, by id: what the ids a registration stores
 * are called. As many as the catalogue has, whatever the number of rows exported.
 */
export async function listChoiceLabels(
  tx: TenantTx,
  organiserId: number,
): Promise<{ prices: OptionPriceLabel[]; questions: QuestionLabel[] }> {
  const prices = await tx
    .select({
      id: activityOptionPrices.id,
      option: activityOptions.title,
      label: activityOptionPrices.label,
    })
    .from(activityOptionPrices)
    .innerJoin(
      activityOptions,
      and(
        eq(activityOptions.organiserId, activityOptionPrices.organiserId),
        eq(activityOptions.id, activityOptionPrices.optionId),
      ),
    )
    .where(eq(activityOptionPrices.organiserId, organiserId));
  const questions = await tx
    .select({
      id: activityQuestions.id,
      title: activityQuestions.title,
      type: activityQuestions.type,
      choices: activityQuestions.choices,
    })
    .from(activityQuestions)
    .where(eq(activityQuestions.organiserId, organiserId));
  return { prices, questions };
}

// --- Registrations -----------------------------------------------------------------------------

export type RegistrationExportRow = {
  id: number;
  reference: string;
  created_at: string;
  activity: string;
  location: string | null;
  availability_start: string;
  availability_end: string;
  /** its dates' starts, `YYYY-MM-DD HH:MM` joined by ", " */
  dates: string | null;
  participant_firstname: string;
  participant_lastname: string;
  participant_birthdate: string | null;
  participant_custom_data: CustomDataEntry[];
  customer_firstname: string;
  customer_lastname: string;
  customer_email: string;
  customer_phone: string;
  customer_custom_data: CustomDataEntry[];
  options: NonNullable<CartItemPayload["options"]>;
  questions: NonNullable<CartItemPayload["questions"]>;
  total_amount: number;
  deposit_amount: number;
  paid_amount: number;
  cancelled: boolean;
};

const REGISTRATIONS = `
  select r.id, r.reference, ${local("r.created_at")} as created_at,
         a.title as activity, l.title as location,
         ${local("av.start_at")} as availability_start, ${local("av.end_at")} as availability_end,
         d.dates,
         p.firstname as participant_firstname, p.lastname as participant_lastname,
         p.birthdate::text as participant_birthdate, p.custom_data as participant_custom_data,
         c.firstname as customer_firstname, c.lastname as customer_lastname,
         c.email as customer_email, c.phone as customer_phone,
         c.custom_data as customer_custom_data,
         r.options, r.questions, r.total_amount, r.deposit_amount, r.paid_amount, r.cancelled
    from registrations r
    join availabilities av on av.organiser_id = r.organiser_id and av.id = r.availability_id
    join activities a on a.organiser_id = av.organiser_id and a.id = av.activity_id
    left join locations l on l.organiser_id = av.organiser_id and l.id = av.location_id
    join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
    join customers c on c.organiser_id = r.organiser_id and c.id = r.customer_id
    cross join lateral (
      select string_agg(to_char(ad.start_at at time zone $2, 'YYYY-MM-DD HH24:MI'), ', '
                        order by ad.start_at) as dates,
             min(ad.start_at) as first_start, max(ad.end_at) as last_end
        from registration_dates rd
        join availability_dates ad
          on ad.organiser_id = rd.organiser_id and ad.id = rd.availability_date_id
       where rd.organiser_id = r.organiser_id and rd.registration_id = r.id
    ) d
   where r.organiser_id = $1
     and ($3::text is null or a.cuid = $3)
     and ($4::text is null or av.cuid = $4)
     and ($5::date is null or coalesce(d.last_end, av.end_at) >= ${dayStart("$5::date")})
     and ($6::date is null or coalesce(d.first_start, av.start_at) < ${dayStart("$6::date + 1")})
     and ($7::boolean is null or r.cancelled = $7)
   order by r.id`;

export function registrationRows(
  client: pg.PoolClient,
  organiser: { id: number; timezone: string },
  filters: ExportFilters["registrations"],
): RowCursor<RegistrationExportRow> {
  return openCursor(client, REGISTRATIONS, [
    organiser.id,
    organiser.timezone,
    filters.activity ?? null,
    filters.availability ?? null,
    filters.from ?? null,
    filters.to ?? null,
    filters.cancelled ?? null,
  ]);
}

// --- Customers ---------------------------------------------------------------------------------

export type CustomerExportRow = {
  id: number;
  created_at: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  has_account: boolean;
  wallet_amount: number;
  custom_data: CustomDataEntry[];
  participants: number;
  /** the registrations not cancelled, their total and what was paid on them */
  registrations: number;
  total_amount: number;
  paid_amount: number;
  outstanding_amount: number;
};

const CUSTOMERS = `
  select c.id, ${local("c.created_at")} as created_at, c.firstname, c.lastname, c.email, c.phone,
         c.password_hash is not null as has_account, c.wallet_amount, c.custom_data,
         (select count(*)::int from participants p
           where p.organiser_id = c.organiser_id and p.customer_id = c.id
             and p.deleted_at is null) as participants,
         r.registrations, r.total_amount, r.paid_amount, r.outstanding_amount
    from customers c
    cross join lateral (
      select count(*)::int as registrations,
             coalesce(sum(total_amount), 0)::int as total_amount,
             coalesce(sum(paid_amount), 0)::int as paid_amount,
             coalesce(sum(greatest(total_amount - paid_amount, 0)), 0)::int as outstanding_amount
        from registrations
       where organiser_id = c.organiser_id and customer_id = c.id and not cancelled
    ) r
   where c.organiser_id = $1 and c.anonymised_at is null
   order by c.id`;

export function customerRows(
  client: pg.PoolClient,
  organiser: { id: number; timezone: string },
): RowCursor<CustomerExportRow> {
  return openCursor(client, CUSTOMERS, [organiser.id, organiser.timezone]);
}

// --- Payments ----------------------------------------------------------------------------------

export type PaymentSource = "ONLINE" | "TRANSFER" | "WALLET";

/** One movement of money: an online payment, a bank transfer or a wallet movement. */
export type PaymentExportRow = {
  source: PaymentSource;
  /** the day it counts for: paid (or created, when unpaid), received, or moved */
  day: string;
  recorded_at: string;
  refunded_at: string | null;
  /** an online payment's status, RECEIVED or CANCELLED for a transfer, a wallet reason */
  status: string;
  /** minor units; a wallet debit is negative */
  amount: number;
  /** the order's (or the registration request's) payment reference */
  reference: string | null;
  customer_firstname: string | null;
  customer_lastname: string | null;
  customer_email: string | null;
  order_total: number | null;
  order_paid: number | null;
  /** the provider and its payment id, or the transfer's note */
  details: string | null;
};

// What each movement paid: a cart (its reference and totals) or a registration request. The
// movements are sorted by PostgreSQL, which spills a large sort to disk rather than to memory.
const PAYMENTS = `
  select m.source, to_char(m.at at time zone $2, 'YYYY-MM-DD') as day,
         ${local("m.recorded_at")} as recorded_at, ${local("m.refunded_at")} as refunded_at,
         m.status, m.amount,
         coalesce(ca.reference, rq.reference) as reference,
         cu.firstname as customer_firstname, cu.lastname as customer_lastname,
         cu.email as customer_email,
         coalesce(ca.total_amount, rq.total_amount) as order_total,
         coalesce(ca.paid_amount, rq.paid_amount) as order_paid,
         m.details
    from (
      select 'ONLINE' as source, p.id, coalesce(p.paid_at, p.created_at) as at,
             p.created_at as recorded_at, p.refunded_at, p.status, p.amount,
             null::int as customer_id, p.cart_id, p.registration_request_id,
             p.provider || ' ' || p.provider_payment_id as details
        from payments p where p.organiser_id = $1
      union all
      select 'TRANSFER', t.id, ${dayStart("t.received_on")}, t.created_at, null,
             case when t.cancelled_at is null then 'RECEIVED' else 'CANCELLED' end, t.amount,
             null, t.cart_id, null, t.note
        from bank_transfers t where t.organiser_id = $1
      union all
      select 'WALLET', w.id, w.created_at, w.created_at, null, w.reason, w.amount,
             w.customer_id, w.cart_id, w.registration_request_id, null
        from wallet_transactions w where w.organiser_id = $1
    ) m
    left join carts ca on ca.organiser_id = $1 and ca.id = m.cart_id
    left join registration_requests rq on rq.organiser_id = $1 and rq.id = m.registration_request_id
    left join customers cu
      on cu.organiser_id = $1 and cu.id = coalesce(m.customer_id, ca.customer_id, rq.customer_id)
   where ($3::date is null or m.at >= ${dayStart("$3::date")})
     and ($4::date is null or m.at < ${dayStart("$4::date + 1")})
   order by m.at, m.source, m.id`;

export function paymentRows(
  client: pg.PoolClient,
  organiser: { id: number; timezone: string },
  filters: ExportFilters["payments"],
): RowCursor<PaymentExportRow> {
  return openCursor(client, PAYMENTS, [
    organiser.id,
    organiser.timezone,
    filters.from ?? null,
    filters.to ?? null,
  ]);
}
