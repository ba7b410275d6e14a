import type { AvailabilityDateStatus, TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";

export type SessionRow = {
  cuid: string;
  availability_cuid: string;
  activity_cuid: string;
  activity_title: string;
  location_cuid: string | null;
  location_title: string | null;
  start_at: Date;
  end_at: Date;
  status: AvailabilityDateStatus;
  capacity: number | null;
  registered: number;
};

/**
 * The availability dates starting in `[from, to)`, in start order, each with the registrations
 * holding it (cancelled ones left out; cart holds are not registrations).
 */
export async function listSessionsBetween(
  tx: TenantTx,
  organiserId: number,
  from: Date,
  to: Date,
): Promise<SessionRow[]> {
  const result = await tx.execute<SessionRow>(sql`
    select d.cuid, a.cuid as availability_cuid, ac.cuid as activity_cuid,
           ac.title as activity_title, l.cuid as location_cuid, l.title as location_title,
           d.start_at, d.end_at, d.status, d.capacity,
           (select count(*)::int from registration_dates rd
              join registrations r on r.organiser_id = rd.organiser_id
                                  and r.id = rd.registration_id and not r.cancelled
             where rd.organiser_id = d.organiser_id and rd.availability_date_id = d.id)
             as registered
      from availability_dates d
      join availabilities a on a.organiser_id = d.organiser_id and a.id = d.availability_id
      join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
      left join locations l on l.organiser_id = a.organiser_id and l.id = a.location_id
     where d.organiser_id = ${organiserId}
       and d.start_at >= ${from.toISOString()} and d.start_at < ${to.toISOString()}
     order by d.start_at, ac.title, d.id`);
  return result.rows.map((row) => ({
    ...row,
    start_at: new Date(row.start_at),
    end_at: new Date(row.end_at),
  }));
}

/** Registrations made in `[from, to)`, cancelled since or not. */
export async function countRegistrationsBetween(
  tx: TenantTx,
  organiserId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count from registrations
     where organiser_id = ${organiserId}
       and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`);
  return result.rows[0]?.count ?? 0;
}

export type LatestRegistrationRow = {
  cuid: string;
  created_at: Date;
  cancelled: boolean;
  total_amount: number;
  customer_cuid: string;
  customer_firstname: string;
  customer_lastname: string;
  participant_cuid: string;
  participant_firstname: string;
  participant_lastname: string;
  activity_cuid: string;
  activity_title: string;
  availability_cuid: string;
  availability_start_at: Date;
};

/** The `limit` latest registrations with who and what they are for. */
export async function listLatestRegistrations(
  tx: TenantTx,
  organiserId: number,
  limit: number,
): Promise<LatestRegistrationRow[]> {
  const result = await tx.execute<LatestRegistrationRow>(sql`
    select r.cuid, r.created_at, r.cancelled, r.total_amount,
           c.cuid as customer_cuid, c.firstname as customer_firstname,
           c.lastname as customer_lastname,
           p.cuid as participant_cuid, p.firstname as participant_firstname,
           p.lastname as participant_lastname,
           ac.cuid as activity_cuid, ac.title as activity_title,
           a.cuid as availability_cuid, a.start_at as availability_start_at
      from registrations r
      join customers c on c.organiser_id = r.organiser_id and c.id = r.customer_id
      join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
      join availabilities a on a.organiser_id = r.organiser_id and a.id = r.availability_id
      join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
     where r.organiser_id = ${organiserId}
     order by r.created_at desc, r.id desc
     limit ${limit}`);
  return result.rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    availability_start_at: new Date(row.availability_start_at),
  }));
}
