import { customerMemberships, type TenantTx } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";

// The console's reads and writes of customers' memberships (decision 0087).

export type CustomerMembershipRow = {
  id: number;
  cuid: string;
  title: string;
  participant: string | null;
  start_at: string;
  end_at: string;
  cancelled: boolean;
  total_amount: number;
  paid_amount: number;
  created_at: string;
};

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql.raw(`select x.id, x.cuid, m.title,
       nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '') as participant,
       ${iso("x.start_at")} as start_at, ${iso("x.end_at")} as end_at, x.cancelled,
       x.total_amount, x.paid_amount, ${iso("x.created_at")} as created_at
  from customer_memberships x
  join memberships m on m.organiser_id = x.organiser_id and m.id = x.membership_id
  left join participants p on p.organiser_id = x.organiser_id and p.id = x.participant_id`);

/** A customer's memberships, newest first. */
export async function listCustomerMemberships(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerMembershipRow[]> {
  const result = await tx.execute<CustomerMembershipRow>(
    sql`${SELECT} where x.organiser_id = ${organiserId} and x.customer_id = ${customerId}
         order by x.start_at desc, x.id desc`,
  );
  return result.rows;
}

export async function findCustomerMembership(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<CustomerMembershipRow | null> {
  const result = await tx.execute<CustomerMembershipRow>(
    sql`${SELECT} where x.organiser_id = ${organiserId} and x.cuid = ${cuid}`,
  );
  return result.rows[0] ?? null;
}

/** Cancels a membership not cancelled yet; true when this call cancelled it. */
export async function cancelMembership(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<boolean> {
  const rows = await tx
    .update(customerMemberships)
    .set({ cancelled: true })
    .where(
      and(
        eq(customerMemberships.organiserId, organiserId),
        eq(customerMemberships.id, id),
        eq(customerMemberships.cancelled, false),
      ),
    )
    .returning({ id: customerMemberships.id });
  return rows.length > 0;
}
