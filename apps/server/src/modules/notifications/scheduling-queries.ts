import { type Database, organisers, scheduledNotifications, type TenantTx } from "@booking/db";
import { and, arrayOverlaps, asc, eq, inArray, lte, max, sql } from "@booking/db/orm";
import type { RuleTrigger } from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";

/**
 * What an event is about, read when a rule schedules its message and again when it is sent:
 * the cart, registrations, availabilities, memberships and customers it concerns, and the
 * figures its requirements and delays use.
 */
export type EventScope = {
  cartId: number | null;
  cartCuid: string | null;
  registrationIds: number[];
  /** an availability the event is about without registrations (a waiting-list vacancy) */
  availabilityIds: number[];
  /** the event's customer(s): the cart's, the registration's, those waiting for a place */
  customerIds: number[];
  membershipCuids: string[];
  /** the earliest expiry of the memberships, bundles and vouchers concerned */
  expiresAt: Date | null;
  /** what is still owed on what the event is about, when it has amounts */
  outstandingAmount: number | null;
  /** birthdates of participants not on a registration (waiting list, membership) */
  birthdates: Array<string | null>;
};

type ScopeRow = {
  cart_id: number | null;
  cart_cuid: string | null;
  registration_ids: number[] | null;
  availability_ids: number[] | null;
  customer_ids: number[] | null;
  membership_cuids: string[] | null;
  expires_at: Date | string | null;
  outstanding: number | string | null;
  birthdates: Array<string | null> | null;
};

// A cart's registrations, memberships, bundles and vouchers (cart.processed, bank transfers).
const cartScope = (organiserId: number, cartCondition: ReturnType<typeof sql>) => sql`
  select c.id as cart_id, c.cuid as cart_cuid,
    array(select r.id from registrations r where r.organiser_id = ${organiserId} and r.cart_id = c.id order by r.id) as registration_ids,
    array[]::integer[] as availability_ids,
    array[c.customer_id] as customer_ids,
    array(select m.cuid from customer_memberships m where m.organiser_id = ${organiserId} and m.cart_id = c.id order by m.id) as membership_cuids,
    least(
      (select min(m.end_at) from customer_memberships m where m.organiser_id = ${organiserId} and m.cart_id = c.id and not m.cancelled),
      (select min(b.expires_at) from customer_bundles b where b.organiser_id = ${organiserId} and b.cart_id = c.id),
      (select min(v.expires_at) from customer_vouchers v where v.organiser_id = ${organiserId} and v.cart_id = c.id and v.redeemed_at is null)
    ) as expires_at,
    greatest(coalesce(c.total_amount, 0) - c.paid_amount, 0) as outstanding,
    array[]::text[] as birthdates
  from carts c
  where c.organiser_id = ${organiserId} and ${cartCondition}`;

function scopeQuery(organiserId: number, type: RuleTrigger, payload: Record<string, string>) {
  switch (type) {
    case "cart.processed":
      return cartScope(organiserId, sql`c.cuid = ${payload.cart_cuid ?? ""}`);
    case "bank_statement.transfer.reconciled":
      return cartScope(
        organiserId,
        sql`c.id = (select t.cart_id from bank_transfers t where t.organiser_id = ${organiserId} and t.cuid = ${payload.transfer_cuid ?? ""})`,
      );
    case "registration.created":
    case "registration.cancellation.created":
    case "registration.cancellation.restored":
    case "registration.transfer.created":
      return sql`
        select c.id as cart_id, c.cuid as cart_cuid, array[r.id] as registration_ids,
          array[]::integer[] as availability_ids, array[r.customer_id] as customer_ids,
          array[]::text[] as membership_cuids, null::timestamptz as expires_at,
          greatest(r.total_amount - r.paid_amount, 0) as outstanding, array[]::text[] as birthdates
        from registrations r join carts c on c.id = r.cart_id
        where r.organiser_id = ${organiserId} and r.cuid = ${payload.registration_cuid ?? ""}`;
    case "waiting-list.vacancy":
      return sql`
        select null::integer as cart_id, null::text as cart_cuid, array[]::integer[] as registration_ids,
          array[a.id] as availability_ids,
          array(select distinct w.customer_id from waiting_list_entries w
            where w.organiser_id = ${organiserId} and w.availability_id = a.id and w.offered_at is null) as customer_ids,
          array[]::text[] as membership_cuids, null::timestamptz as expires_at, null::integer as outstanding,
          array(select p.birthdate::text from waiting_list_entries w join participants p on p.id = w.participant_id
            where w.organiser_id = ${organiserId} and w.availability_id = a.id and w.offered_at is null) as birthdates
        from availabilities a
        where a.organiser_id = ${organiserId} and a.cuid = ${payload.availability_cuid ?? ""}`;
    case "attendance-charge.created":
      return sql`
        select null::integer as cart_id, null::text as cart_cuid,
          array(select distinct i.registration_id from attendance_charge_items i
            where i.organiser_id = ${organiserId} and i.attendance_charge_id = ch.id) as registration_ids,
          array[]::integer[] as availability_ids, array[ch.customer_id] as customer_ids,
          array[]::text[] as membership_cuids, null::timestamptz as expires_at,
          greatest(ch.total_amount - ch.paid_amount, 0) as outstanding, array[]::text[] as birthdates
        from attendance_charges ch
        where ch.organiser_id = ${organiserId} and ch.cuid = ${payload.attendance_charge_cuid ?? ""}`;
    case "membership.created":
      return sql`
        select c.id as cart_id, c.cuid as cart_cuid, array[]::integer[] as registration_ids,
          array[]::integer[] as availability_ids, array[m.customer_id] as customer_ids,
          array[m.cuid] as membership_cuids,
          case when m.cancelled then null else m.end_at end as expires_at,
          greatest(m.total_amount - m.paid_amount, 0) as outstanding,
          array(select p.birthdate::text from participants p where p.id = m.participant_id) as birthdates
        from customer_memberships m join carts c on c.id = m.cart_id
        where m.organiser_id = ${organiserId} and m.cuid = ${payload.customer_membership_cuid ?? ""}`;
  }
}

/** The scope of an event, or null when what it is about no longer exists. */
export async function findEventScope(
  tx: TenantTx,
  organiserId: number,
  type: RuleTrigger,
  payload: Record<string, string>,
): Promise<EventScope | null> {
  const result = await tx.execute<ScopeRow>(scopeQuery(organiserId, type, payload));
  const row = result.rows[0];
  if (!row) return null;
  return {
    cartId: row.cart_id,
    cartCuid: row.cart_cuid,
    registrationIds: row.registration_ids ?? [],
    availabilityIds: row.availability_ids ?? [],
    customerIds: row.customer_ids ?? [],
    membershipCuids: row.membership_cuids ?? [],
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    outstandingAmount: row.outstanding === null ? null : Number(row.outstanding),
    birthdates: row.birthdates ?? [],
  };
}

/** A registration as a rule reads it. */
export type ScopeRegistration = {
  id: number;
  cuid: string;
  customerId: number;
  participantCustomerId: number;
  availabilityId: number;
  availabilityCuid: string;
  activityId: number;
  cancelled: boolean;
  birthdate: string | null;
};

export async function listScopeRegistrations(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<ScopeRegistration[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<ScopeRegistration>(sql`
    select r.id, r.cuid, r.customer_id as "customerId", p.customer_id as "participantCustomerId",
      r.availability_id as "availabilityId", a.cuid as "availabilityCuid",
      a.activity_id as "activityId", r.cancelled, p.birthdate::text as birthdate
    from registrations r
    join participants p on p.id = r.participant_id
    join availabilities a on a.id = r.availability_id
    where r.organiser_id = ${organiserId} and r.id = any(${sql.param(ids)}::integer[])
    order by r.id`);
  return result.rows;
}

/** Activities, categories and cuids of availabilities (those without registrations). */
export async function listScopeAvailabilities(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Array<{ id: number; cuid: string; activityId: number }>> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{ id: number; cuid: string; activityId: number }>(sql`
    select a.id, a.cuid, a.activity_id as "activityId" from availabilities a
    where a.organiser_id = ${organiserId} and a.id = any(${sql.param(ids)}::integer[])`);
  return result.rows;
}

export async function listCategoryIds(
  tx: TenantTx,
  organiserId: number,
  availabilityIds: number[],
): Promise<number[]> {
  if (availabilityIds.length === 0) return [];
  const result = await tx.execute<{ category_id: number }>(sql`
    select distinct category_id from availability_categories
    where organiser_id = ${organiserId} and availability_id = any(${sql.param(availabilityIds)}::integer[])`);
  return result.rows.map((row) => row.category_id);
}

export type DatedPeriod = { startAt: Date; endAt: Date };

/**
 * The dates the delays count from: those held by the live registrations, or every date of the
 * availabilities when the event has no registration (a waiting-list vacancy).
 */
export async function listScopeDates(
  tx: TenantTx,
  organiserId: number,
  scope: { registrationIds: number[]; availabilityIds: number[] },
): Promise<DatedPeriod[]> {
  const held = sql`select d.start_at, d.end_at from registration_dates rd
    join availability_dates d on d.id = rd.availability_date_id
    where rd.organiser_id = ${organiserId} and rd.registration_id = any(${sql.param(scope.registrationIds)}::integer[])`;
  const all = sql`select d.start_at, d.end_at from availability_dates d
    where d.organiser_id = ${organiserId} and d.availability_id = any(${sql.param(scope.availabilityIds)}::integer[])`;
  const result = await tx.execute<{ start_at: Date | string; end_at: Date | string }>(
    sql`${scope.registrationIds.length > 0 ? held : all} order by 1`,
  );
  return result.rows.map((row) => ({
    startAt: new Date(row.start_at),
    endAt: new Date(row.end_at),
  }));
}

export type ContactRow = {
  id: number;
  email: string;
  phone: string;
  firstname: string;
};

export async function listCustomers(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<ContactRow>(sql`
    select id, email, phone, firstname from customers
    where organiser_id = ${organiserId} and id = any(${sql.param(ids)}::integer[]) order by id`);
  return result.rows;
}

export type ScheduledRow = typeof scheduledNotifications.$inferSelect;
export type NewScheduled = Omit<
  typeof scheduledNotifications.$inferInsert,
  "id" | "cuid" | "status" | "createdAt"
>;

/**
 * Writes a rule's messages of one event, one per recipient, skipping those that exist (the
 * unique rule, event and recipient): an event delivered twice schedules nothing more. Returns
 * the rows written.
 */
export async function insertScheduled(tx: TenantTx, rows: NewScheduled[]): Promise<ScheduledRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(scheduledNotifications).values(rows).onConflictDoNothing().returning();
}

/**
 * Every organiser's messages due at `now`, earliest first (the poller's scan, on the
 * application's own connection: policy scheduled_notifications_poller of migration 0045).
 */
export async function listDue(
  db: Database,
  now: Date,
  limit: number,
): Promise<Array<{ id: number; organiserId: number }>> {
  return db
    .select({ id: scheduledNotifications.id, organiserId: scheduledNotifications.organiserId })
    .from(scheduledNotifications)
    .where(
      and(eq(scheduledNotifications.status, "SCHEDULED"), lte(scheduledNotifications.sendAt, now)),
    )
    .orderBy(asc(scheduledNotifications.sendAt))
    .limit(limit);
}

/**
 * A message still SCHEDULED, locked for this transaction; null when another worker holds it
 * (`SKIP LOCKED`) or has already dealt with it.
 */
export async function lockScheduled(tx: TenantTx, id: number): Promise<ScheduledRow | null> {
  const [row] = await tx
    .select()
    .from(scheduledNotifications)
    .where(and(eq(scheduledNotifications.id, id), eq(scheduledNotifications.status, "SCHEDULED")))
    .for("update", { skipLocked: true });
  return row ?? null;
}

export async function finishScheduled(
  tx: TenantTx,
  id: number,
  outcome: { status: "SENT" | "SKIPPED" | "CANCELLED"; reason?: string; messageIds?: number[] },
  now: Date,
): Promise<void> {
  await tx
    .update(scheduledNotifications)
    .set({
      status: outcome.status,
      reason: outcome.reason ?? null,
      messageIds: outcome.messageIds ?? [],
      processedAt: now,
    })
    .where(eq(scheduledNotifications.id, id));
}

export async function moveScheduled(tx: TenantTx, id: number, sendAt: Date): Promise<void> {
  await tx.update(scheduledNotifications).set({ sendAt }).where(eq(scheduledNotifications.id, id));
}

/** When the rule last sent to the recipient (the spam-avoidance delay counts from it). */
export async function lastSentAt(
  tx: TenantTx,
  organiserId: number,
  ruleId: number,
  recipient: string,
): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(scheduledNotifications.processedAt) })
    .from(scheduledNotifications)
    .where(
      and(
        eq(scheduledNotifications.organiserId, organiserId),
        eq(scheduledNotifications.ruleId, ruleId),
        eq(scheduledNotifications.recipient, recipient),
        eq(scheduledNotifications.status, "SENT"),
      ),
    );
  return row?.at ?? null;
}

/** The rules among `ruleIds` that have sent to the recipient (dependencies met). */
export async function rulesThatSentTo(
  tx: TenantTx,
  organiserId: number,
  ruleIds: number[],
  recipient: string,
): Promise<Set<number>> {
  if (ruleIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ ruleId: scheduledNotifications.ruleId })
    .from(scheduledNotifications)
    .where(
      and(
        eq(scheduledNotifications.organiserId, organiserId),
        inArray(scheduledNotifications.ruleId, ruleIds),
        eq(scheduledNotifications.recipient, recipient),
        eq(scheduledNotifications.status, "SENT"),
      ),
    );
  return new Set(rows.map((row) => row.ruleId));
}

/** The messages not sent yet of a rule, or counting from one of the availabilities' dates. */
export async function listPending(
  tx: TenantTx,
  organiserId: number,
  filter: { ruleId: number } | { availabilityIds: number[] },
): Promise<ScheduledRow[]> {
  return tx
    .select()
    .from(scheduledNotifications)
    .where(
      and(
        eq(scheduledNotifications.organiserId, organiserId),
        eq(scheduledNotifications.status, "SCHEDULED"),
        "ruleId" in filter
          ? eq(scheduledNotifications.ruleId, filter.ruleId)
          : arrayOverlaps(scheduledNotifications.availabilityIds, filter.availabilityIds),
      ),
    );
}

/** The organiser an event belongs to (its language, zone and brand shape the message). */
export async function findOrganiser(tx: TenantTx, organiserId: number): Promise<Organiser | null> {
  const [row] = await tx.select().from(organisers).where(eq(organisers.id, organiserId));
  return row ?? null;
}

/** A date of the calendar file: its session, where, and the cuid that names it for calendars. */
export type CalendarDate = {
  cuid: string;
  startAt: Date;
  endAt: Date;
  title: string;
  location: string | null;
};

/** The dates held by the registrations, else every date of the availabilities. */
export async function listCalendarDates(
  tx: TenantTx,
  organiserId: number,
  scope: { registrationIds: number[]; availabilityIds: number[] },
): Promise<CalendarDate[]> {
  const dates =
    scope.registrationIds.length > 0
      ? sql`select distinct d.id from registration_dates rd join availability_dates d on d.id = rd.availability_date_id
          where rd.organiser_id = ${organiserId} and rd.registration_id = any(${sql.param(scope.registrationIds)}::integer[])`
      : sql`select d.id from availability_dates d
          where d.organiser_id = ${organiserId} and d.availability_id = any(${sql.param(scope.availabilityIds)}::integer[])`;
  const result = await tx.execute<{
    cuid: string;
    start_at: Date | string;
    end_at: Date | string;
    title: string;
    location: string | null;
  }>(sql`
    select d.cuid, d.start_at, d.end_at, ac.title,
      nullif(concat_ws(', ', l.title, nullif(concat_ws(' ', l.street, l.number), ''), nullif(concat_ws(' ', l.postcode, l.city), '')), '') as location
    from availability_dates d
    join availabilities a on a.id = d.availability_id
    join activities ac on ac.id = a.activity_id
    left join locations l on l.id = a.location_id
    where d.organiser_id = ${organiserId} and d.id in (${dates})
    order by d.start_at`);
  return result.rows.map((row) => ({
    cuid: row.cuid,
    startAt: new Date(row.start_at),
    endAt: new Date(row.end_at),
    title: row.title,
    location: row.location,
  }));
}

/** One of the organiser's own e-mail templates a rule names (null: deleted since). */
export async function findRuleTemplate(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<{ subject: string; content: string } | null> {
  const result = await tx.execute<{ subject: string; content: string }>(sql`
    select subject, content from notification_templates
    where organiser_id = ${organiserId} and cuid = ${cuid} and type = 'EMAIL' and default_key is null`);
  return result.rows[0] ?? null;
}
