import type { TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";

// What stops staff from erasing a customer (decision 0104), read under the customer's row lock.

/** How many registrations of the customer, not cancelled, have a date that has not ended. */
export async function countUpcomingRegistrations(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  now: Date,
): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count
          from registrations r
         where r.organiser_id = ${organiserId} and r.customer_id = ${customerId}
           and not r.cancelled
           and exists (select 1 from registration_dates rd
                         join availability_dates d
                           on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
                        where rd.organiser_id = r.organiser_id and rd.registration_id = r.id
                          and d.end_at > ${now})`,
  );
  return result.rows[0]!.count;
}
