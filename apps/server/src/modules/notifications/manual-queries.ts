import {
  activities,
  availabilities,
  availabilityDates,
  collaborators,
  customers,
  manualMessages,
  participants,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, isNull, type SQL, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";
import { filterConditions, type RegistrationFilters } from "../registrations/console-queries.ts";

// Every statement of the messages written by hand (docs/decisions/0054-messages-by-hand.md).

export type ManualMessageRow = typeof manualMessages.$inferSelect;

/** A family a message goes to: the customer, and the participants it is about. */
export interface RecipientRow {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  participants: string[];
  registrationCuids: string[];
}

/** Which active registrations' families a message goes to. */
export type RecipientScope =
  | { availabilityId: number }
  | { availabilityDateId: number }
  | { filters: RegistrationFilters };

function scopeCondition(organiserId: number, scope: RecipientScope): SQL | undefined {
  if ("availabilityId" in scope) return eq(registrations.availabilityId, scope.availabilityId);
  if ("availabilityDateId" in scope) {
    return sql`exists (select 1 from registration_dates rd
      where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id}
        and rd.availability_date_id = ${scope.availabilityDateId})`;
  }
  return filterConditions(organiserId, { ...scope.filters, cancelled: false });
}

/**
 * The families (customers) of the scope's active registrations, each once however many of their
 * children are registered, by name; customers who deleted their account are left out.
 */
export async function listRecipients(
  tx: TenantTx,
  organiserId: number,
  scope: RecipientScope,
): Promise<RecipientRow[]> {
  return tx
    .select({
      id: customers.id,
      cuid: customers.cuid,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      participants: sql<
        string[]
      >`array_agg(distinct ${participants.firstname} || ' ' || ${participants.lastname})`,
      registrationCuids: sql<
        string[]
      >`array_agg(${registrations.cuid} order by ${registrations.id})`,
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(customers, refersTo(customers, registrations, registrations.customerId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.cancelled, false),
        isNull(customers.anonymisedAt),
        scopeCondition(organiserId, scope),
      ),
    )
    .groupBy(customers.organiserId, customers.id)
    .orderBy(asc(customers.lastname), asc(customers.firstname), asc(customers.id));
}

/**
 * One customer as a recipient, with their participants registered on an active registration (or,
 * if none, all of their participants); null when unknown here or anonymised.
 */
export async function findCustomerRecipient(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<RecipientRow | null> {
  const [row] = await tx
    .select({
      id: customers.id,
      cuid: customers.cuid,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      participants: sql<string[]>`coalesce(
        (select array_agg(distinct p.firstname || ' ' || p.lastname) from participants p
          where p.organiser_id = ${customers.organiserId} and p.customer_id = ${customers.id}
            and p.deleted_at is null), '{}')`,
      registrationCuids: sql<string[]>`coalesce(
        (select array_agg(r.cuid order by r.id) from registrations r
          where r.organiser_id = ${customers.organiserId} and r.customer_id = ${customers.id}
            and not r.cancelled), '{}')`,
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

export async function findCustomerByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** The availability by cuid, with its activity's title. */
export async function findAvailabilityByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({
      id: availabilities.id,
      cuid: availabilities.cuid,
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
      title: activities.title,
    })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** A date of the availability `availabilityId`, by cuid. */
export async function findDateByCuid(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
  cuid: string,
) {
  const [row] = await tx
    .select({
      id: availabilityDates.id,
      cuid: availabilityDates.cuid,
      startAt: availabilityDates.startAt,
      endAt: availabilityDates.endAt,
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
        eq(availabilityDates.cuid, cuid),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Inserts the message unless one with its request key exists; returns the new row, or null
 * when the key was taken (a concurrent insert with it waits for the first to commit, then
 * finds it: the second request sends nothing).
 */
export async function insertManualMessage(
  tx: TenantTx,
  values: typeof manualMessages.$inferInsert,
): Promise<ManualMessageRow | null> {
  const [row] = await tx
    .insert(manualMessages)
    .values(values)
    .onConflictDoNothing({ target: [manualMessages.organiserId, manualMessages.requestKey] })
    .returning();
  return row ?? null;
}

export async function updateManualMessage(
  tx: TenantTx,
  id: number,
  values: Partial<typeof manualMessages.$inferInsert>,
): Promise<ManualMessageRow> {
  const [row] = await tx
    .update(manualMessages)
    .set(values)
    .where(eq(manualMessages.id, id))
    .returning();
  return row!;
}

export async function findManualMessageByKey(
  tx: TenantTx,
  organiserId: number,
  requestKey: string,
): Promise<ManualMessageRow | null> {
  const [row] = await tx
    .select()
    .from(manualMessages)
    .where(
      and(eq(manualMessages.organiserId, organiserId), eq(manualMessages.requestKey, requestKey)),
    )
    .limit(1);
  return row ?? null;
}

/** The message by cuid, locked until the transaction ends (a cancel against a second one). */
export async function lockManualMessage(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ManualMessageRow | null> {
  const [row] = await tx
    .select()
    .from(manualMessages)
    .where(and(eq(manualMessages.organiserId, organiserId), eq(manualMessages.cuid, cuid)))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** Where a listed message went, in words: the columns its target view needs. */
export interface ManualMessageListRow {
  message: ManualMessageRow;
  availabilityCuid: string | null;
  activityTitle: string | null;
  availabilityStartAt: Date | null;
  dateCuid: string | null;
  dateStartAt: Date | null;
  customerCuid: string | null;
  customerName: string | null;
  sentByName: string | null;
  delivery: { sent: number; waiting: number; failed: number };
}

/** Its copies in the delivery log, by state (CANCELLED ones count nowhere). */
const deliveryCounts = sql<ManualMessageListRow["delivery"]>`(
  select json_build_object(
    'sent', count(*) filter (where m.status in ('SENT', 'OUTBOX')),
    'waiting', count(*) filter (where m.status in ('SCHEDULED', 'QUEUED', 'SENDING')),
    'failed', count(*) filter (where m.status = 'FAILED'))
  from messages m
  where m.organiser_id = ${manualMessages.organiserId} and m.manual_message_id = ${manualMessages.id})`;

/** One page of the organiser's messages by hand, latest first, with their count. */
export async function listManualMessages(
  tx: TenantTx,
  organiserId: number,
  page: { limit: number; offset: number },
  only?: { id: number },
): Promise<{ rows: ManualMessageListRow[]; count: number }> {
  const where = and(
    eq(manualMessages.organiserId, organiserId),
    only ? eq(manualMessages.id, only.id) : undefined,
  );
  const rows = await tx
    .select({
      message: manualMessages,
      availabilityCuid: availabilities.cuid,
      activityTitle: activities.title,
      availabilityStartAt: availabilities.startAt,
      dateCuid: availabilityDates.cuid,
      dateStartAt: availabilityDates.startAt,
      customerCuid: customers.cuid,
      customerName: sql<string | null>`${customers.firstname} || ' ' || ${customers.lastname}`,
      sentByName: sql<
        string | null
      >`${collaborators.firstname} || ' ' || ${collaborators.lastname}`,
      delivery: deliveryCounts,
    })
    .from(manualMessages)
    .leftJoin(
      availabilities,
      refersTo(availabilities, manualMessages, manualMessages.availabilityId),
    )
    .leftJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(
      availabilityDates,
      refersTo(availabilityDates, manualMessages, manualMessages.availabilityDateId),
    )
    .leftJoin(customers, refersTo(customers, manualMessages, manualMessages.customerId))
    .leftJoin(collaborators, eq(collaborators.id, manualMessages.sentBy))
    .where(where)
    .orderBy(desc(manualMessages.createdAt), desc(manualMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(manualMessages)
    .where(where);
  return { rows: rows as ManualMessageListRow[], count: counted?.count ?? 0 };
}
