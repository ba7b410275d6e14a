import {
  activities,
  availabilities,
  availabilityDates,
  carts,
  containsPattern,
  customers,
  participants,
  registrationChanges,
  registrationDates,
  registrations,
  type TenantTx,
  walletTransactions,
} from "@booking/db";
import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from "@booking/db/orm";
import { findOptionPricesById, findQuestionsById, refersTo } from "../carts/queries.ts";
import { customerSearchCondition, peopleSearchCondition } from "../customers/search.ts";

// Every statement of the console's registrations that the account's and checkout's modules do
// not already have (docs/decisions/0024-console-registrations.md).

export type ConsoleRegistrationRow = typeof registrations.$inferSelect;

const firstStart = sql<Date | null>`(
  select min(d.start_at) from registration_dates rd
    join availability_dates d on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
   where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id})`;
const lastEnd = sql<Date | null>`(
  select max(d.end_at) from registration_dates rd
    join availability_dates d on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
   where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id})`;

const toDateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);

export type ConsoleRegistrationListRow = {
  registration: ConsoleRegistrationRow;
  participant: {
    cuid: string;
    firstname: string;
    lastname: string;
    birthdate: string | null;
  };
  customer: {
    id: number;
    cuid: string;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    walletAmount: number;
  };
  availability: { id: number; cuid: string; startAt: Date; endAt: Date };
  activity: { id: number; cuid: string; title: string };
  firstStart: Date | null;
  lastEnd: Date | null;
  datesCount: number;
};

/** The participant and the family a console list shows beside a registration or a request. */
export const consoleParticipantColumns = {
  cuid: participants.cuid,
  firstname: participants.firstname,
  lastname: participants.lastname,
  birthdate: participants.birthdate,
};
export const consoleCustomerColumns = {
  id: customers.id,
  cuid: customers.cuid,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  phone: customers.phone,
  walletAmount: customers.walletAmount,
};

function selectRows(tx: TenantTx) {
  return tx
    .select({
      registration: registrations,
      participant: consoleParticipantColumns,
      customer: consoleCustomerColumns,
      availability: {
        id: availabilities.id,
        cuid: availabilities.cuid,
        startAt: availabilities.startAt,
        endAt: availabilities.endAt,
      },
      activity: { id: activities.id, cuid: activities.cuid, title: activities.title },
      // As JSON text: ISO 8601, whatever the driver does with timestamps in raw SQL.
      firstStart: sql`to_json(${firstStart}) #>> '{}'`.mapWith(toDateOrNull),
      lastEnd: sql`to_json(${lastEnd}) #>> '{}'`.mapWith(toDateOrNull),
      datesCount: sql<number>`(
        select count(*)::int from registration_dates rd
         where rd.organiser_id = ${registrations.organiserId}
           and rd.registration_id = ${registrations.id})`,
    })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(customers, refersTo(customers, registrations, registrations.customerId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId));
}

export type RegistrationFilters = {
  q?: string;
  activityCuid?: string;
  availabilityCuid?: string;
  /** registrations holding a date that ends after `from` and starts before `to` */
  period?: { from: Date | null; to: Date | null };
  payment?: "outstanding" | "settled" | "free";
  cancelled?: boolean;
};

const SORTS = {
  created_at: [registrations.createdAt],
  start_at: [sql`coalesce(${firstStart}, ${availabilities.startAt})`],
  participant: [participants.lastname, participants.firstname],
  total_amount: [registrations.totalAmount],
} as const;

/** `%text%` for ILIKE, its wildcards escaped. */

/**
 * The list's filters as a condition on registrations joined to their participant, customer,
 * availability and activity (also whom a message by hand to a filtered list goes to).
 */
export function filterConditions(
  organiserId: number,
  filters: RegistrationFilters,
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(registrations.organiserId, organiserId)];
  if (filters.activityCuid) conditions.push(eq(activities.cuid, filters.activityCuid));
  if (filters.availabilityCuid) conditions.push(eq(availabilities.cuid, filters.availabilityCuid));
  if (filters.cancelled !== undefined) {
    conditions.push(eq(registrations.cancelled, filters.cancelled));
  }
  // The states of `registrationPaymentState` (packages/domain), in SQL.
  if (filters.payment === "outstanding") {
    conditions.push(
      sql`not ${registrations.cancelled} and ${registrations.totalAmount} > greatest(${registrations.paidAmount}, 0)`,
    );
  } else if (filters.payment === "settled") {
    conditions.push(
      sql`${registrations.totalAmount} > 0 and (${registrations.cancelled} or ${registrations.paidAmount} >= ${registrations.totalAmount})`,
    );
  } else if (filters.payment === "free") {
    conditions.push(eq(registrations.totalAmount, 0));
  }
  if (filters.period) {
    const { from, to } = filters.period;
    conditions.push(sql`exists (
      select 1 from registration_dates rd
        join availability_dates d on d.organiser_id = rd.organiser_id and d.id = rd.availability_date_id
       where rd.organiser_id = ${registrations.organiserId} and rd.registration_id = ${registrations.id}
         ${from ? sql`and d.end_at > ${from}` : sql``}
         ${to ? sql`and d.start_at < ${to}` : sql``})`);
  }
  const q = filters.q?.trim();
  if (q) {
    // The console's people search on the participant and the customer, or the reference.
    const people = peopleSearchCondition(q, {
      names: [
        participants.firstname,
        participants.lastname,
        customers.firstname,
        customers.lastname,
      ].map((column) => sql`${column}`),
      email: sql`${customers.email}`,
      phone: sql`${customers.phone}`,
    });
    conditions.push(or(people, ilike(registrations.reference, containsPattern(q))));
  }
  return and(...conditions);
}

/** One page of the organiser's registrations matching `filters`, with their count. */
export async function listConsoleRegistrations(
  tx: TenantTx,
  organiserId: number,
  filters: RegistrationFilters,
  page: { limit: number; offset: number; sort: string },
): Promise<{ rows: ConsoleRegistrationListRow[]; count: number }> {
  const where = filterConditions(organiserId, filters);
  const descending = page.sort.startsWith("-");
  const columns = SORTS[page.sort.replace(/^-/, "") as keyof typeof SORTS];
  const rows = await selectRows(tx)
    .where(where)
    .orderBy(
      ...columns.map((column) => (descending ? desc(column) : asc(column))),
      descending ? desc(registrations.id) : asc(registrations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(customers, refersTo(customers, registrations, registrations.customerId))
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(where);
  return { rows: rows as ConsoleRegistrationListRow[], count: counted?.count ?? 0 };
}

/** One registration of the organiser by cuid, with the list's columns. */
export async function findConsoleRegistration(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ConsoleRegistrationListRow | null> {
  const [row] = await selectRows(tx)
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cuid, cuid)))
    .limit(1);
  return (row as ConsoleRegistrationListRow | undefined) ?? null;
}

/** The registration's row, locked until the transaction ends; null when unknown here. */
export async function lockRegistration(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ConsoleRegistrationRow | null> {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cuid, cuid)))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** The registration's dates by start, with their attendance. */
export async function listRegistrationDatesWithAttendance(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
) {
  return tx
    .select({
      id: availabilityDates.id,
      cuid: availabilityDates.cuid,
      startAt: availabilityDates.startAt,
      endAt: availabilityDates.endAt,
      attendance: registrationDates.attendance,
    })
    .from(registrationDates)
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, registrationDates, registrationDates.availabilityDateId),
    )
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(registrationDates.registrationId, registrationId),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
}

/** Option prices with their option's title, and questions, by id (the detail's answers). */
export async function findChoiceLabels(
  tx: TenantTx,
  organiserId: number,
  ids: { priceIds: number[]; questionIds: number[] },
) {
  const prices = await findOptionPricesById(tx, organiserId, ids.priceIds);
  const questions = await findQuestionsById(tx, organiserId, ids.questionIds);
  return {
    prices: new Map(prices.map(({ id, label, title }) => [id, { id, label, title }] as const)),
    questions: new Map(
      questions.map(({ id, title, choices }) => [id, { id, title, choices }] as const),
    ),
  };
}

/** The registration's edits and transfers, oldest first, with the starts of their dates. */
export async function listRegistrationChanges(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
) {
  return tx
    .select({
      customerId: registrationChanges.customerId,
      totalBefore: registrationChanges.totalBefore,
      totalAfter: registrationChanges.totalAfter,
      createdAt: registrationChanges.createdAt,
      added: sql<string[]>`(
        select coalesce(json_agg(d.start_at order by d.start_at), '[]') from availability_dates d
         where d.organiser_id = ${registrationChanges.organiserId}
           and d.id = any(${registrationChanges.addedDateIds}))`,
      removed: sql<string[]>`(
        select coalesce(json_agg(d.start_at order by d.start_at), '[]') from availability_dates d
         where d.organiser_id = ${registrationChanges.organiserId}
           and d.id = any(${registrationChanges.removedDateIds}))`,
    })
    .from(registrationChanges)
    .where(
      and(
        eq(registrationChanges.organiserId, organiserId),
        eq(registrationChanges.registrationId, registrationId),
      ),
    )
    .orderBy(asc(registrationChanges.id));
}

/** What was refunded to the wallet for a registration. */
export async function sumRefunds(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${walletTransactions.amount}), 0)::int` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.organiserId, organiserId),
        eq(walletTransactions.registrationId, registrationId),
        eq(walletTransactions.reason, "REFUND"),
      ),
    );
  return row?.total ?? 0;
}

export async function findCartSummary(tx: TenantTx, organiserId: number, cartId: number) {
  const [row] = await tx
    .select({
      cuid: carts.cuid,
      paymentStrategy: carts.paymentStrategy,
      processedAt: carts.processedAt,
    })
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.id, cartId)));
  if (!row) throw new Error(`cart ${cartId} of a registration vanished`);
  return row;
}

/**
 * A cart created for a registration made in the console, already marked processed so that it
 * is never the customer's open cart (one per customer) and no add lands in it; checkout's
 * `convertCart` gives it its reference and figures in the same transaction.
 */
export async function insertConsoleCart(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; now: Date },
) {
  const [row] = await tx
    .insert(carts)
    .values({
      organiserId: values.organiserId,
      customerId: values.customerId,
      processedAt: values.now,
      reference: "",
      paymentStrategy: "DELAYED",
      totalAmount: 0,
      depositAmount: 0,
    })
    .returning();
  return row!;
}

/** A customer of the organiser by cuid (not anonymised), with the participant of that cuid. */
export async function findCustomerAndParticipant(
  tx: TenantTx,
  organiserId: number,
  customerCuid: string,
  participantCuid: string,
) {
  const [customer] = await tx
    .select({ id: customers.id, cuid: customers.cuid, walletAmount: customers.walletAmount })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.cuid, customerCuid),
        isNull(customers.anonymisedAt),
      ),
    );
  if (!customer) return { customer: null, participant: null };
  const [participant] = await tx
    .select({
      id: participants.id,
      cuid: participants.cuid,
      firstname: participants.firstname,
      lastname: participants.lastname,
      birthdate: participants.birthdate,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customer.id),
        eq(participants.cuid, participantCuid),
        isNull(participants.deletedAt),
      ),
    );
  return { customer, participant: participant ?? null };
}

/**
 * Customers matching `q` by the customers list's rule (`customerSearchCondition`: phone digits,
 * or each word in a name or e-mail of the customer or of a participant, accents ignored) or by
 * their cuid, with their participants: at most 20.
 */
export async function searchCustomers(tx: TenantTx, organiserId: number, q: string) {
  const found = customerSearchCondition(q, "customers");
  const rows = await tx
    .select({
      id: customers.id,
      cuid: customers.cuid,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      walletAmount: customers.walletAmount,
    })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        isNull(customers.anonymisedAt),
        found ? or(found, eq(customers.cuid, q.trim())) : undefined,
      ),
    )
    .orderBy(asc(customers.lastname), asc(customers.firstname), asc(customers.id))
    .limit(20);
  const kids =
    rows.length === 0
      ? []
      : await tx
          .select({
            customerId: participants.customerId,
            cuid: participants.cuid,
            firstname: participants.firstname,
            lastname: participants.lastname,
            birthdate: participants.birthdate,
          })
          .from(participants)
          .where(
            and(
              eq(participants.organiserId, organiserId),
              inArray(
                participants.customerId,
                rows.map((row) => row.id),
              ),
              isNull(participants.deletedAt),
            ),
          )
          .orderBy(asc(participants.firstname), asc(participants.id));
  return rows.map((row) => ({
    ...row,
    participants: kids.filter((kid) => kid.customerId === row.id),
  }));
}

/** Availabilities not ended at `now` whose activity title matches `q`, soonest first: 20. */
export async function searchAvailabilities(
  tx: TenantTx,
  organiserId: number,
  q: string,
  now: Date,
) {
  return tx
    .select({
      cuid: availabilities.cuid,
      startAt: availabilities.startAt,
      endAt: availabilities.endAt,
      status: availabilities.status,
      activity: { cuid: activities.cuid, title: activities.title },
    })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        gt(availabilities.endAt, now),
        q ? ilike(activities.title, containsPattern(q)) : undefined,
      ),
    )
    .orderBy(asc(availabilities.startAt), asc(availabilities.id))
    .limit(20);
}

/** Moves a registration to another availability (its dates and amounts move by its change). */
export async function setRegistrationAvailability(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
  availabilityId: number,
): Promise<void> {
  await tx
    .update(registrations)
    .set({ availabilityId })
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.id, registrationId)));
}
