import { customerBundles, customers, type TenantTx } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";

// The console's reads and writes of customers' bundles (decision 0087).

export type CustomerBundleRow = {
  id: number;
  cuid: string;
  customer_id: number;
  cart_id: number | null;
  title: string;
  participant: string | null;
  capacity: number | null;
  used: number;
  expires_at: string | null;
  from_voucher: boolean;
  total_amount: number;
  paid_amount: number;
  refunded_amount: number | null;
  refunded_at: string | null;
  created_at: string;
};

export type ConsumptionRow = {
  customer_bundle_id: number;
  registration: string;
  participant: string;
  activity: string;
  start_at: string;
  cancelled: boolean;
  created_at: string;
};

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const BUNDLE_COLUMNS = sql.raw(`x.id, x.cuid, x.customer_id, x.cart_id, b.title,
  nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '') as participant,
  x.capacity, x.used, ${iso("x.expires_at")} as expires_at,
  x.customer_voucher_id is not null as from_voucher, x.total_amount, x.paid_amount,
  x.refunded_amount, ${iso("x.refunded_at")} as refunded_at, ${iso("x.created_at")} as created_at`);

const BUNDLE_FROM = sql.raw(`from customer_bundles x
  join bundles b on b.organiser_id = x.organiser_id and b.id = x.bundle_id
  left join participants p on p.organiser_id = x.organiser_id and p.id = x.participant_id`);

/** A customer's bundles, newest first. */
export async function listCustomerBundles(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerBundleRow[]> {
  const result = await tx.execute<CustomerBundleRow>(
    sql`select ${BUNDLE_COLUMNS} ${BUNDLE_FROM}
         where x.organiser_id = ${organiserId} and x.customer_id = ${customerId}
         order by x.created_at desc, x.id desc`,
  );
  return result.rows;
}

/** One customer bundle by cuid; `lock` takes its row (FOR UPDATE of it only). */
export async function findCustomerBundle(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<CustomerBundleRow | null> {
  const lock = options.lock ? sql.raw("for update of x") : sql.raw("");
  const result = await tx.execute<CustomerBundleRow>(
    sql`select ${BUNDLE_COLUMNS} ${BUNDLE_FROM}
         where x.organiser_id = ${organiserId} and x.cuid = ${cuid} ${lock}`,
  );
  return result.rows[0] ?? null;
}

/** The registrations the bundles paid for, oldest first. */
export async function listConsumption(
  tx: TenantTx,
  organiserId: number,
  customerBundleIds: readonly number[],
): Promise<ConsumptionRow[]> {
  if (customerBundleIds.length === 0) return [];
  const result = await tx.execute<ConsumptionRow>(
    sql`select r.bundle_id as customer_bundle_id, r.reference as registration,
               trim(concat_ws(' ', p.firstname, p.lastname)) as participant,
               a.title as activity, ${sql.raw(iso("v.start_at"))} as start_at, r.cancelled,
               ${sql.raw(iso("r.created_at"))} as created_at
          from registrations r
          join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
          join availabilities v on v.organiser_id = r.organiser_id and v.id = r.availability_id
          join activities a on a.organiser_id = v.organiser_id and a.id = v.activity_id
         where r.organiser_id = ${organiserId}
           and r.bundle_id in (${sql.join(
             customerBundleIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         order by r.created_at, r.id`,
  );
  return result.rows;
}

/** Locks the customer's row: wallet credits take it before the bundle (checkout's lock order). */
export async function lockCustomerRow(tx: TenantTx, organiserId: number, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)))
    .for("update");
}

export async function setBundleExpiry(
  tx: TenantTx,
  organiserId: number,
  id: number,
  expiresAt: Date | null,
): Promise<void> {
  await tx
    .update(customerBundles)
    .set({ expiresAt })
    .where(and(eq(customerBundles.organiserId, organiserId), eq(customerBundles.id, id)));
}

/** Records the refund unless one is recorded already; true when this call recorded it. */
export async function markBundleRefunded(
  tx: TenantTx,
  organiserId: number,
  id: number,
  refund: { amount: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(customerBundles)
    .set({ refundedAmount: refund.amount, refundedAt: refund.at })
    .where(
      and(
        eq(customerBundles.organiserId, organiserId),
        eq(customerBundles.id, id),
        sql`${customerBundles.refundedAt} is null`,
      ),
    )
    .returning({ id: customerBundles.id });
  return rows.length > 0;
}
