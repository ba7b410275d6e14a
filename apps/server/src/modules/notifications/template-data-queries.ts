import {
  activities,
  availabilities,
  availabilityDates,
  carts,
  customerMemberships,
  customers,
  locations,
  memberships,
  participants,
  registrationDates,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, sql } from "@booking/db/orm";
import type { CartRow } from "../carts/queries.ts";

// The rows a message's §3.4 data is made of, read in the caller's tenant transaction.

export async function findTemplateCustomer(tx: TenantTx, organiserId: number, customerId: number) {
  const [row] = await tx
    .select({
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
    })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.id, customerId),
        isNull(customers.anonymisedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findProcessedCart(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<CartRow | null> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(
      and(eq(carts.organiserId, organiserId), eq(carts.cuid, cuid), isNotNull(carts.reference)),
    )
    .limit(1);
  return row?.processedAt ? row : null;
}

/**
 * The cuid of the organiser's latest processed cart for the editor's preview: the latest with a
 * registration (a gift voucher's order would leave registrations, dates and availabilities
 * empty), else the latest of any kind.
 */
export async function findLatestProcessedCartCuid(
  tx: TenantTx,
  organiserId: number,
): Promise<string | null> {
  const latest = (withRegistration: boolean) =>
    tx
      .select({ cuid: carts.cuid })
      .from(carts)
      .where(
        and(
          eq(carts.organiserId, organiserId),
          isNotNull(carts.processedAt),
          isNotNull(carts.reference),
          withRegistration
            ? exists(
                tx
                  .select({ one: sql`1` })
                  .from(registrations)
                  .where(
                    and(
                      eq(registrations.organiserId, organiserId),
                      eq(registrations.cartId, carts.id),
                    ),
                  ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(carts.processedAt), desc(carts.id))
      .limit(1);
  const [withRegistration] = await latest(true);
  const [row] = withRegistration ? [withRegistration] : await latest(false);
  return row?.cuid ?? null;
}

const availabilityColumns = {
  id: availabilities.id,
  cuid: availabilities.cuid,
  startAt: availabilities.startAt,
  endAt: availabilities.endAt,
  activityTitle: activities.title,
  location: {
    title: locations.title,
    name: locations.name,
    street: locations.street,
    number: locations.number,
    postcode: locations.postcode,
    city: locations.city,
  },
};

export type TemplateAvailabilityRow = Awaited<
  ReturnType<typeof listTemplateAvailabilities>
>[number];

export function listTemplateAvailabilities(
  tx: TenantTx,
  organiserId: number,
  by: { cuids: string[] } | { ids: number[] },
) {
  return tx
    .select(availabilityColumns)
    .from(availabilities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, availabilities.organiserId),
        eq(activities.id, availabilities.activityId),
      ),
    )
    .leftJoin(
      locations,
      and(
        eq(locations.organiserId, availabilities.organiserId),
        eq(locations.id, availabilities.locationId),
      ),
    )
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        "cuids" in by ? inArray(availabilities.cuid, by.cuids) : inArray(availabilities.id, by.ids),
      ),
    )
    .orderBy(asc(availabilities.startAt), asc(availabilities.id));
}

/** Registrations by cuid, with their participant and availability (not cancelled ones only). */
export function listTemplateRegistrations(tx: TenantTx, organiserId: number, cuids: string[]) {
  return tx
    .select({
      id: registrations.id,
      cuid: registrations.cuid,
      reference: registrations.reference,
      totalAmount: registrations.totalAmount,
      availabilityId: registrations.availabilityId,
      participant: { firstname: participants.firstname, lastname: participants.lastname },
    })
    .from(registrations)
    .innerJoin(
      participants,
      and(
        eq(participants.organiserId, registrations.organiserId),
        eq(participants.id, registrations.participantId),
      ),
    )
    .where(and(eq(registrations.organiserId, organiserId), inArray(registrations.cuid, cuids)))
    .orderBy(asc(registrations.id));
}

/** The dates each registration attends, by registration id. */
export function listTemplateRegistrationDates(
  tx: TenantTx,
  organiserId: number,
  registrationIds: number[],
) {
  return tx
    .select({
      registrationId: registrationDates.registrationId,
      startAt: availabilityDates.startAt,
      endAt: availabilityDates.endAt,
    })
    .from(registrationDates)
    .innerJoin(
      availabilityDates,
      and(
        eq(availabilityDates.organiserId, registrationDates.organiserId),
        eq(availabilityDates.id, registrationDates.availabilityDateId),
      ),
    )
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        inArray(registrationDates.registrationId, registrationIds),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}

export function listTemplateMemberships(tx: TenantTx, organiserId: number, cuids: string[]) {
  return tx
    .select({
      cuid: customerMemberships.cuid,
      title: memberships.title,
      startAt: customerMemberships.startAt,
      endAt: customerMemberships.endAt,
      totalAmount: customerMemberships.totalAmount,
      participant: { firstname: participants.firstname, lastname: participants.lastname },
    })
    .from(customerMemberships)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organiserId, customerMemberships.organiserId),
        eq(memberships.id, customerMemberships.membershipId),
      ),
    )
    .leftJoin(
      participants,
      and(
        eq(participants.organiserId, customerMemberships.organiserId),
        eq(participants.id, customerMemberships.participantId),
      ),
    )
    .where(
      and(
        eq(customerMemberships.organiserId, organiserId),
        inArray(customerMemberships.cuid, cuids),
      ),
    )
    .orderBy(asc(customerMemberships.startAt), asc(customerMemberships.id));
}
