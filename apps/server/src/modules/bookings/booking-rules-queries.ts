import {
  bookingConfigurationMemberships,
  bookingConfigurations,
  customerMemberships,
  type TenantTx,
} from "@booking/db";
import { and, eq, gt, lte, sql } from "@booking/db/orm";
import type { BookingConfigurationRules } from "@booking/domain";

// What the booking configurations' rules read (docs/decisions/0071-booking-configurations.md).

export type ResourceConfiguration = { id: number; rules: BookingConfigurationRules };

/** The booking configuration the resource follows, or null. */
export async function findResourceConfiguration(
  tx: TenantTx,
  organiserId: number,
  configurationId: number | null,
): Promise<ResourceConfiguration | null> {
  if (configurationId === null) return null;
  const [row] = await tx
    .select()
    .from(bookingConfigurations)
    .where(
      and(
        eq(bookingConfigurations.organiserId, organiserId),
        eq(bookingConfigurations.id, configurationId),
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    rules: {
      audience: row.audience,
      days_ahead: row.daysAhead,
      cancellation_hours: row.cancellationHours,
      max_per_week: row.maxPerWeek,
    },
  };
}

/**
 * Whether the customer holds, at `now`, a membership (not cancelled) of one of the
 * configuration's products.
 */
export async function holdsConfigurationMembership(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  configurationId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .innerJoin(
      bookingConfigurationMemberships,
      and(
        eq(bookingConfigurationMemberships.organiserId, customerMemberships.organiserId),
        eq(bookingConfigurationMemberships.membershipId, customerMemberships.membershipId),
      ),
    )
    .where(
      and(
        eq(customerMemberships.organiserId, organiserId),
        eq(customerMemberships.customerId, customerId),
        eq(customerMemberships.cancelled, false),
        lte(customerMemberships.startAt, now),
        gt(customerMemberships.endAt, now),
        eq(bookingConfigurationMemberships.configurationId, configurationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The customer's bookings on the configuration's resources whose first period starts in
 * `week`: live holds of their carts (an item's holds, whatever its number of periods, count once;
 * `exceptItemId` left out) and the bookings not cancelled that one of their participants takes
 * part in. Held periods move to the booking in place at checkout, so nothing counts twice.
 */
export async function weekBookingCount(
  tx: TenantTx,
  scope: { organiserId: number; customerId: number; configurationId: number },
  week: { start: Date; end: Date },
  now: Date,
  exceptItemId: number | null = null,
): Promise<number> {
  const { organiserId, customerId, configurationId } = scope;
  const result = await tx.execute<{ n: number }>(sql`
    select (
      select count(*) from (
        select r.cart_item_id
          from resource_reservations r
          join resources res on res.organiser_id = r.organiser_id and res.id = r.resource_id
          join cart_items i on i.organiser_id = r.organiser_id and i.id = r.cart_item_id
          join carts c on c.organiser_id = i.organiser_id and c.id = i.cart_id
         where r.organiser_id = ${organiserId}
           and res.booking_configuration_id = ${configurationId}
           and c.customer_id = ${customerId}
           and (i.expires_at > ${now} or c.payment_pending_at is not null)
           and i.id is distinct from ${exceptItemId}::integer
         group by r.cart_item_id
        having min(lower(r.period)) >= ${week.start} and min(lower(r.period)) < ${week.end}
      ) held
    ) + (
      select count(*) from (
        select b.id
          from bookings b
          join resources res on res.organiser_id = b.organiser_id and res.id = b.resource_id
          join booking_dates d on d.organiser_id = b.organiser_id and d.booking_id = b.id
         where b.organiser_id = ${organiserId}
           and b.canceled_at is null
           and res.booking_configuration_id = ${configurationId}
           and exists (select 1 from booking_participations p
                        where p.organiser_id = b.organiser_id and p.booking_id = b.id
                          and p.customer_id = ${customerId})
         group by b.id
        having min(d.start_at) >= ${week.start} and min(d.start_at) < ${week.end}
      ) booked
    ) as n`);
  return Number(result.rows[0]?.n ?? 0);
}
