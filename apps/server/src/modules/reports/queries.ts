import type { TenantTx } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import { owedItems } from "../payments/outstanding-queries.ts";

// The reports' SQL aggregates (docs/decisions/0084-reports.md). PostgreSQL adds up; the service
// rolls the rows up by activity, availability or bucket and computes the rates
// (packages/domain reports). Every query names its organiser beside the row-level security of the
// tenant transaction.

/** The report's scope: its organiser and zone, a period of local days, the catalogue filters. */
export type ReportScope = {
  organiserId: number;
  timeZone: string;
  from: string;
  to: string;
  activity?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  /** the most rows a table of customers may carry (the page's); null: all of them (exports) */
  rowLimit: number | null;
};

/** The instant the local day `day` starts at. */
const dayStart = (day: SQL, timeZone: string) =>
  sql`((${day})::timestamp at time zone ${timeZone})`;
/** `at` within the scope's days. */
const inPeriod = (at: SQL, scope: ReportScope) =>
  sql`${at} >= ${dayStart(sql`${scope.from}::date`, scope.timeZone)} and ${at} < ${dayStart(
    sql`${scope.to}::date + 1`,
    scope.timeZone,
  )}`;
/** The local day of `at`, YYYY-MM-DD. */
const localDay = (at: SQL, timeZone: string) =>
  sql`to_char(${at} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** The activity, category and location filters on the availability `a`. */
function catalogueConditions(scope: ReportScope): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope.activity) {
    conditions.push(sql`a.activity_id = (select id from activities
      where organiser_id = ${scope.organiserId} and cuid = ${scope.activity})`);
  }
  if (scope.location) {
    conditions.push(sql`a.location_id = (select id from locations
      where organiser_id = ${scope.organiserId} and cuid = ${scope.location})`);
  }
  if (scope.category) {
    conditions.push(sql`exists (select 1 from availability_categories x
      join categories c on c.organiser_id = x.organiser_id and c.id = x.category_id
     where x.organiser_id = a.organiser_id and x.availability_id = a.id
       and c.cuid = ${scope.category})`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * Every place on the scope's dates, cancelled registrations' included: `date_id`, `capacity`,
 * `start_at`, `registration_id`, `attendance`. A short period reads each date's places from
 * their index (`offset 0` keeps the subquery per date, which the planner would otherwise turn
 * into a scan of every place of the organiser); a period holding much of the organiser's
 * dates ({@link readsEveryPlace}) joins them in one pass, which a whole year of sessions does
 * several times faster (bench/RESULTS.md, 2026-11-27 20:10).
 */
const placesOfScope = (scope: ReportScope, everyPlace: boolean) => sql`
  select d.id as date_id, d.capacity, d.start_at, rd.registration_id, rd.attendance
    from availability_dates d
    join availabilities a on a.organiser_id = d.organiser_id and a.id = d.availability_id
    ${
      everyPlace
        ? sql`join registration_dates rd
                on rd.organiser_id = d.organiser_id and rd.availability_date_id = d.id`
        : sql`cross join lateral (
                select p.registration_id, p.attendance from registration_dates p
                 where p.organiser_id = d.organiser_id and p.availability_date_id = d.id
                offset 0) rd`
    }
   where d.organiser_id = ${scope.organiserId} and ${inPeriod(sql`d.start_at`, scope)}
     and ${catalogueConditions(scope)}`;

/** Whether the scope's dates are a quarter or more of the organiser's: read every place then. */
export async function readsEveryPlace(tx: TenantTx, scope: ReportScope): Promise<boolean> {
  const result = await tx.execute<{ every_place: boolean }>(sql`
    select count(*) filter (where ${inPeriod(sql`d.start_at`, scope)}
                              and ${catalogueConditions(scope)}) * 4 >= count(*) as every_place
      from availability_dates d
      join availabilities a on a.organiser_id = d.organiser_id and a.id = d.availability_id
     where d.organiser_id = ${scope.organiserId}`);
  return result.rows[0]?.every_place ?? false;
}

/** Cancelled registrations are few: PostgreSQL hashes their ids once. */
const notCancelled = (registrationId: SQL, scope: ReportScope) => sql`${registrationId} not in (
  select id from registrations where organiser_id = ${scope.organiserId} and cancelled)`;

const hasCatalogueFilter = (scope: ReportScope) =>
  Boolean(scope.activity || scope.category || scope.location);

/**
 * A year of places groups and sorts hundreds of thousands of rows per registration, which the
 * default 4 MB of working memory spills to disk: the report's transaction allows 64 MB per
 * sort or hash (its own setting, gone at its end).
 */
export async function allowReportMemory(tx: TenantTx) {
  await tx.execute(sql`set local work_mem = '64MB'`);
}

export type FilterOption = { cuid: string; title: string };

/** The activities, categories and locations to filter by, by title. */
export async function listFilterOptions(tx: TenantTx, organiserId: number) {
  const list = async (table: SQL) =>
    (
      await tx.execute<FilterOption>(sql`select cuid, title from ${table}
        where organiser_id = ${organiserId} order by title, id`)
    ).rows;
  return {
    activities: await list(sql`activities`),
    categories: await list(sql`categories`),
    locations: await list(sql`locations`),
  };
}

/** Whether each filter names an activity, category, location of the organiser. */
export async function unknownFilters(tx: TenantTx, scope: ReportScope): Promise<string[]> {
  const unknown: string[] = [];
  const checks: Array<[string, string | undefined, SQL]> = [
    ["activity", scope.activity, sql`activities`],
    ["category", scope.category, sql`categories`],
    ["location", scope.location, sql`locations`],
  ];
  for (const [field, cuid, table] of checks) {
    if (!cuid) continue;
    const found = await tx.execute(sql`select 1 from ${table}
      where organiser_id = ${scope.organiserId} and cuid = ${cuid}`);
    if (found.rows.length === 0) unknown.push(field);
  }
  return unknown;
}

// —— Participation ——————————————————————————————————————————————————————————————————————————

export type SessionFillRow = {
  date_cuid: string;
  day: string;
  start_at: string;
  availability_cuid: string;
  activity_cuid: string;
  activity_title: string;
  location_title: string | null;
  capacity: number | null;
  registered: number;
  present: number;
  absent: number;
  excused: number;
};

/**
 * Each availability date starting in the period, with its places taken and attendances: counted
 * per date, then joined to its availability, activity and location (one row per date instead of
 * carrying the titles through every place).
 */
export async function listSessionFill(
  tx: TenantTx,
  scope: ReportScope,
  everyPlace: boolean,
): Promise<SessionFillRow[]> {
  const result = await tx.execute<SessionFillRow>(sql`
    select d.cuid as date_cuid, ${localDay(sql`d.start_at`, scope.timeZone)} as day,
           d.start_at, a.cuid as availability_cuid, ac.cuid as activity_cuid,
           ac.title as activity_title, l.title as location_title, d.capacity,
           coalesce(f.registered, 0) as registered, coalesce(f.present, 0) as present,
           coalesce(f.absent, 0) as absent, coalesce(f.excused, 0) as excused
      from availability_dates d
      join availabilities a on a.organiser_id = d.organiser_id and a.id = d.availability_id
      join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
      left join locations l on l.organiser_id = a.organiser_id and l.id = a.location_id
      left join (
        select s.date_id, count(*)::int as registered,
               count(*) filter (where s.attendance = 'PRESENT')::int as present,
               count(*) filter (where s.attendance = 'ABSENT')::int as absent,
               count(*) filter (where s.attendance = 'EXCUSED')::int as excused
          from (${placesOfScope(scope, everyPlace)}) s
         where ${notCancelled(sql`s.registration_id`, scope)}
         group by s.date_id) f on f.date_id = d.id
     where d.organiser_id = ${scope.organiserId} and ${inPeriod(sql`d.start_at`, scope)}
       and ${catalogueConditions(scope)}
     order by d.start_at, ac.title, d.id`);
  return result.rows.map((row) => ({ ...row, start_at: new Date(row.start_at).toISOString() }));
}

export type PlacesRow = {
  /** null on the row of the whole period, else the participant's age in whole years (null: unknown) */
  years: number | null;
  total: boolean;
  places: number;
  /** places on dates with a capacity: what fill rates count */
  limited_places: number;
  present: number;
  recorded: number;
  registrations: number;
  participants: number;
};

/**
 * Places (not cancelled) on the dates of the period, in one pass: by the participant's age in
 * whole years on their first session of the period, and over the whole period (`total`) with the
 * registrations and participants they belong to. Cancelled registrations drop out at their join,
 * after the places are grouped, rather than place by place.
 */
export async function countPlaces(
  tx: TenantTx,
  scope: ReportScope,
  everyPlace: boolean,
): Promise<PlacesRow[]> {
  const result = await tx.execute<PlacesRow>(sql`
    select y.years, grouping(y.years) = 1 as total, coalesce(sum(y.places), 0)::int as places,
           coalesce(sum(y.limited_places), 0)::int as limited_places,
           coalesce(sum(y.present), 0)::int as present,
           coalesce(sum(y.recorded), 0)::int as recorded,
           count(*)::int as registrations,
           count(distinct y.participant_id)::int as participants
      from (
        select x.*, r.participant_id,
               date_part('year', age(x.first_day, p.birthdate))::int as years
          from (
            select s.registration_id, count(*) as places,
                   count(*) filter (where s.capacity is not null) as limited_places,
                   count(*) filter (where s.attendance = 'PRESENT') as present,
                   count(s.attendance) as recorded,
                   (min(s.start_at) at time zone ${scope.timeZone})::date as first_day
              from (${placesOfScope(scope, everyPlace)}) s
             group by s.registration_id) x
          join registrations r on r.organiser_id = ${scope.organiserId}
                              and r.id = x.registration_id and not r.cancelled
          join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id) y
     group by grouping sets ((y.years), ())
     order by 2, 1`);
  return result.rows;
}

/** Places offered on the dates of the period that have a capacity. */
export async function sumCapacity(tx: TenantTx, scope: ReportScope): Promise<number | null> {
  const result = await tx.execute<{ capacity: number | null }>(sql`
    select sum(d.capacity)::int as capacity
      from availability_dates d
      join availabilities a on a.organiser_id = d.organiser_id and a.id = d.availability_id
     where d.organiser_id = ${scope.organiserId} and ${inPeriod(sql`d.start_at`, scope)}
       and ${catalogueConditions(scope)}`);
  return result.rows[0]?.capacity ?? null;
}

// —— Sales ——————————————————————————————————————————————————————————————————————————————————

export type ProductType = "REGISTRATION" | "BUNDLE" | "VOUCHER" | "MEMBERSHIP";

export type SaleRow = {
  type: ProductType;
  day: string;
  /** the activity (registrations) or the product (bundles, vouchers, memberships) */
  subject_cuid: string;
  subject_title: string;
  count: number;
  amount: number;
  /** what the items cost before bundles, volume discounts and coupons (registrations) */
  list_amount: number;
  bundle_discount: number;
  coupon_discount: number;
  other_discount: number;
  /** registrations (places) that got each kind of discount */
  bundle_count: number;
  coupon_count: number;
  other_count: number;
};

/**
 * What orders processed in the period sold, by type, day and activity or product. A
 * registration's discount is its item's price when added less what it cost: counted as a bundle's
 * when a bundle paid it, else as the coupon's when its order had one, else as a volume (or
 * other) discount. With a catalogue filter, only registrations count: the other products belong
 * to no activity.
 */
export async function listSales(tx: TenantTx, scope: ReportScope): Promise<SaleRow[]> {
  const day = localDay(sql`c.processed_at`, scope.timeZone);
  const cart = (alias: SQL) => sql`join carts c on c.organiser_id = ${alias}.organiser_id
    and c.id = ${alias}.cart_id and c.processed_at is not null
    and ${inPeriod(sql`c.processed_at`, scope)}`;
  const product = (type: ProductType, owned: SQL, catalogue: SQL, foreignKey: SQL) => sql`
    union all
    select ${type}::text, ${day}, pr.cuid, pr.title, count(*)::int, sum(o.total_amount)::int,
           sum(o.total_amount)::int, 0, 0, 0, 0, 0, 0
      from ${owned} o ${cart(sql`o`)}
      join ${catalogue} pr on pr.organiser_id = o.organiser_id and pr.id = o.${foreignKey}
     where o.organiser_id = ${scope.organiserId}
     group by 2, 3, 4`;
  const products = hasCatalogueFilter(scope)
    ? sql``
    : sql`${product("BUNDLE", sql`customer_bundles`, sql`bundles`, sql`bundle_id`)}
          ${product("VOUCHER", sql`customer_vouchers`, sql`vouchers`, sql`voucher_id`)}
          ${product("MEMBERSHIP", sql`customer_memberships`, sql`memberships`, sql`membership_id`)}`;
  const discount = sql`greatest(0, ci.price - r.total_amount)`;
  const result = await tx.execute<SaleRow>(sql`
    select 'REGISTRATION' as type, ${day} as day, ac.cuid as subject_cuid,
           ac.title as subject_title, count(*)::int as count,
           sum(r.total_amount)::int as amount,
           sum(greatest(ci.price, r.total_amount))::int as list_amount,
           coalesce(sum(${discount}) filter (where r.bundle_id is not null), 0)::int
             as bundle_discount,
           coalesce(sum(${discount})
             filter (where r.bundle_id is null and c.coupon_id is not null), 0)::int
             as coupon_discount,
           coalesce(sum(${discount})
             filter (where r.bundle_id is null and c.coupon_id is null), 0)::int
             as other_discount,
           count(*) filter (where ${discount} > 0 and r.bundle_id is not null)::int
             as bundle_count,
           count(*) filter (where ${discount} > 0 and r.bundle_id is null
                              and c.coupon_id is not null)::int as coupon_count,
           count(*) filter (where ${discount} > 0 and r.bundle_id is null
                              and c.coupon_id is null)::int as other_count
      from registrations r ${cart(sql`r`)}
      join cart_items ci on ci.organiser_id = r.organiser_id and ci.id = r.cart_item_id
      join availabilities a on a.organiser_id = r.organiser_id and a.id = r.availability_id
      join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
     where r.organiser_id = ${scope.organiserId} and ${catalogueConditions(scope)}
     group by 2, 3, 4
    ${products}
     order by 2, 1, 4`);
  return result.rows;
}

export type MoneyCount = { count: number; amount: number };

/**
 * Refunds of the period: online payments refunded (their refunded amount) and credits of
 * customers' wallets as refunds; and vouchers redeemed (credited to a wallet).
 */
export async function sumRefundsAndRedemptions(tx: TenantTx, scope: ReportScope) {
  const result = await tx.execute<{
    online_count: number;
    online_amount: number;
    wallet_count: number;
    wallet_amount: number;
    redeemed_count: number;
    redeemed_amount: number;
  }>(sql`
    select (select count(*) from payments p where p.organiser_id = ${scope.organiserId}
              and p.refunded_at is not null and ${inPeriod(sql`p.refunded_at`, scope)})::int
             as online_count,
           (select coalesce(sum(coalesce(p.refunded_amount, p.amount)), 0) from payments p
             where p.organiser_id = ${scope.organiserId}
               and p.refunded_at is not null and ${inPeriod(sql`p.refunded_at`, scope)})::int
             as online_amount,
           count(*) filter (where w.reason = 'REFUND')::int as wallet_count,
           coalesce(sum(w.amount) filter (where w.reason = 'REFUND'), 0)::int as wallet_amount,
           count(*) filter (where w.reason = 'VOUCHER')::int as redeemed_count,
           coalesce(sum(w.amount) filter (where w.reason = 'VOUCHER'), 0)::int as redeemed_amount
      from wallet_transactions w
     where w.organiser_id = ${scope.organiserId} and w.reason in ('REFUND', 'VOUCHER')
       and ${inPeriod(sql`w.created_at`, scope)}`);
  const row = result.rows[0]!;
  return {
    online: { count: row.online_count, amount: row.online_amount },
    wallet: { count: row.wallet_count, amount: row.wallet_amount },
    redeemed: { count: row.redeemed_count, amount: row.redeemed_amount },
  };
}

// —— Treasury ———————————————————————————————————————————————————————————————————————————————

export type MoneyInRow = {
  day: string;
  method: "ONLINE" | "TRANSFER";
  count: number;
  amount: number;
};

/** Money received in the period, by day and method: online payments paid, bank transfers. */
export async function listMoneyIn(tx: TenantTx, scope: ReportScope): Promise<MoneyInRow[]> {
  const result = await tx.execute<MoneyInRow>(sql`
    select ${localDay(sql`p.paid_at`, scope.timeZone)} as day, 'ONLINE' as method,
           count(*)::int as count, sum(p.amount)::int as amount
      from payments p
     where p.organiser_id = ${scope.organiserId} and p.paid_at is not null
       and ${inPeriod(sql`p.paid_at`, scope)}
     group by 1
    union all
    select to_char(t.received_on, 'YYYY-MM-DD'), 'TRANSFER', count(*)::int, sum(t.amount)::int
      from bank_transfers t
     where t.organiser_id = ${scope.organiserId} and t.cancelled_at is null
       and t.received_on between ${scope.from}::date and ${scope.to}::date
     group by 1
     order by 1, 2`);
  return result.rows;
}

export type OwedRow = { days: number; count: number; amount: number };

/**
 * What customers owe now (the outstanding list's items), by whole days since it is owed: every
 * cart is read, so their parts are added up in one grouped pass.
 */
export async function listOwedByAge(
  tx: TenantTx,
  organiserId: number,
  timeZone: string,
  now: Date,
): Promise<OwedRow[]> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
  const result = await tx.execute<OwedRow>(sql`
    select (${today} - (d.since at time zone ${timeZone})::date)::int as days,
           count(*)::int as count, sum(d.amount_due)::int as amount
      from (${owedItems(organiserId, { everyCart: true })}) d
     where d.amount_due > 0
     group by 1 order by 1`);
  return result.rows;
}

export type WalletRow = {
  customer_cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  amount: number;
  /** over every customer with a balance, whatever the limit */
  total_count: number;
  total_amount: number;
};

/**
 * Customers whose wallet holds money (owed to them), the largest first: the first `limit` (null:
 * all), each row with the totals over all of them.
 */
export async function listWalletBalances(
  tx: TenantTx,
  organiserId: number,
  limit: number | null,
): Promise<WalletRow[]> {
  const result = await tx.execute<WalletRow>(sql`
    select cuid as customer_cuid, firstname, lastname, email, wallet_amount::int as amount,
           count(*) over ()::int as total_count,
           sum(wallet_amount) over ()::bigint::float8 as total_amount
      from customers
     where organiser_id = ${organiserId} and wallet_amount > 0
     order by wallet_amount desc, id
     limit ${limit ?? sql`all`}`);
  return result.rows;
}

export type VoucherRow = {
  voucher_cuid: string;
  title: string;
  count: number;
  amount: number;
  expired_count: number;
  expired_amount: number;
};

/** Vouchers sold and not redeemed, by voucher; those expired apart. */
export async function listUnredeemedVouchers(
  tx: TenantTx,
  organiserId: number,
  now: Date,
): Promise<VoucherRow[]> {
  const expired = sql`cv.expires_at is not null and cv.expires_at <= ${now.toISOString()}`;
  const result = await tx.execute<VoucherRow>(sql`
    select v.cuid as voucher_cuid, v.title,
           count(*) filter (where not (${expired}))::int as count,
           coalesce(sum(cv.total_amount) filter (where not (${expired})), 0)::int as amount,
           count(*) filter (where ${expired})::int as expired_count,
           coalesce(sum(cv.total_amount) filter (where ${expired}), 0)::int as expired_amount
      from customer_vouchers cv
      join vouchers v on v.organiser_id = cv.organiser_id and v.id = cv.voucher_id
     where cv.organiser_id = ${organiserId} and cv.redeemed_at is null
     group by v.organiser_id, v.id order by v.title, v.id`);
  return result.rows;
}

// —— Timesheet ——————————————————————————————————————————————————————————————————————————————

export type WorkedSessionRow = {
  collaborator_cuid: string;
  firstname: string;
  lastname: string;
  role: string;
  day: string;
  start_at: string;
  end_at: string;
  activity_title: string;
  availability_cuid: string;
  location_title: string | null;
  minutes: number;
};

/**
 * Each session (availability date) of the period times each collaborator assigned to its
 * availability, with the minutes they work there: their assignment's, else the session's length.
 */
export async function listWorkedSessions(
  tx: TenantTx,
  scope: ReportScope,
): Promise<WorkedSessionRow[]> {
  const result = await tx.execute<WorkedSessionRow>(sql`
    select co.cuid as collaborator_cuid, co.firstname, co.lastname, ax.role,
           ${localDay(sql`d.start_at`, scope.timeZone)} as day, d.start_at, d.end_at,
           ac.title as activity_title, a.cuid as availability_cuid, l.title as location_title,
           coalesce(ax.minutes_per_session,
                    ceil(extract(epoch from d.end_at - d.start_at) / 60))::int as minutes
      from availability_collaborators ax
      join organiser_collaborators oc
        on oc.organiser_id = ax.organiser_id and oc.id = ax.organiser_collaborator_id
      join collaborators co on co.id = oc.collaborator_id
      join availabilities a on a.organiser_id = ax.organiser_id and a.id = ax.availability_id
      join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
      left join locations l on l.organiser_id = a.organiser_id and l.id = a.location_id
      join availability_dates d on d.organiser_id = a.organiser_id and d.availability_id = a.id
     where ax.organiser_id = ${scope.organiserId} and ${inPeriod(sql`d.start_at`, scope)}
       and ${catalogueConditions(scope)}
     order by co.lastname, co.firstname, co.id, d.start_at, d.id`);
  return result.rows.map((row) => ({
    ...row,
    start_at: new Date(row.start_at).toISOString(),
    end_at: new Date(row.end_at).toISOString(),
  }));
}
