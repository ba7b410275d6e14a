import {
  activities,
  availabilities,
  customers,
  participants,
  payments,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, count, eq, isNull } from "@booking/db/orm";

// The read API's lists (decision 0086): the organiser's own rows only (explicit filter, and
// row-level security behind it), oldest first by id so that pages stay stable as rows are added.

export interface Page {
  limit: number;
  offset: number;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function total(
  tx: TenantTx,
  table: typeof activities | typeof availabilities | typeof payments | typeof registrations,
  organiserId: number,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(eq(table.organiserId, organiserId));
  return row?.n ?? 0;
}

export async function readActivities(tx: TenantTx, organiserId: number, page: Page) {
  const rows = await tx
    .select()
    .from(activities)
    .where(eq(activities.organiserId, organiserId))
    .orderBy(activities.id)
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: await total(tx, activities, organiserId),
    data: rows.map((row) => ({
      id: row.cuid,
      title: row.title,
      published: row.published,
      default_price: row.defaultPrice,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

export async function readAvailabilities(tx: TenantTx, organiserId: number, page: Page) {
  const rows = await tx
    .select({ availability: availabilities, activityCuid: activities.cuid })
    .from(availabilities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, availabilities.organiserId),
        eq(activities.id, availabilities.activityId),
      ),
    )
    .where(eq(availabilities.organiserId, organiserId))
    .orderBy(availabilities.id)
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: await total(tx, availabilities, organiserId),
    data: rows.map(({ availability, activityCuid }) => ({
      id: availability.cuid,
      activity_id: activityCuid,
      status: availability.status,
      start_at: availability.startAt.toISOString(),
      end_at: availability.endAt.toISOString(),
      capacity: availability.capacity,
      registered: availability.registered,
      price: availability.price,
    })),
  };
}

/** Customers not anonymised (an erased customer's row keeps no personal data to read). */
export async function readCustomers(tx: TenantTx, organiserId: number, page: Page) {
  const where = and(eq(customers.organiserId, organiserId), isNull(customers.anonymisedAt));
  const rows = await tx
    .select()
    .from(customers)
    .where(where)
    .orderBy(customers.id)
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(customers).where(where);
  return {
    count: counted?.n ?? 0,
    data: rows.map((row) => ({
      id: row.cuid,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phone,
      external_id: row.externalId,
      wallet_amount: row.walletAmount,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function readRegistrations(tx: TenantTx, organiserId: number, page: Page) {
  const rows = await tx
    .select({
      registration: registrations,
      customerCuid: customers.cuid,
      participantCuid: participants.cuid,
      availabilityCuid: availabilities.cuid,
    })
    .from(registrations)
    .innerJoin(
      customers,
      and(
        eq(customers.organiserId, registrations.organiserId),
        eq(customers.id, registrations.customerId),
      ),
    )
    .innerJoin(
      participants,
      and(
        eq(participants.organiserId, registrations.organiserId),
        eq(participants.id, registrations.participantId),
      ),
    )
    .innerJoin(
      availabilities,
      and(
        eq(availabilities.organiserId, registrations.organiserId),
        eq(availabilities.id, registrations.availabilityId),
      ),
    )
    .where(eq(registrations.organiserId, organiserId))
    .orderBy(registrations.id)
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: await total(tx, registrations, organiserId),
    data: rows.map(({ registration, customerCuid, participantCuid, availabilityCuid }) => ({
      id: registration.cuid,
      reference: registration.reference,
      customer_id: customerCuid,
      participant_id: participantCuid,
      availability_id: availabilityCuid,
      total_amount: registration.totalAmount,
      paid_amount: registration.paidAmount,
      cancelled: registration.cancelled,
      created_at: registration.createdAt.toISOString(),
    })),
  };
}

export async function readPayments(tx: TenantTx, organiserId: number, page: Page) {
  const rows = await tx
    .select()
    .from(payments)
    .where(eq(payments.organiserId, organiserId))
    .orderBy(payments.id)
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: await total(tx, payments, organiserId),
    data: rows.map((row) => ({
      id: row.cuid,
      provider: row.provider,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      paid_at: iso(row.paidAt),
      refunded_amount: row.refundedAmount,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
