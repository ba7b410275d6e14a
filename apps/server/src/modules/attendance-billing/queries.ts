import {
  attendanceBillingConfigurations,
  attendanceBillingCycles,
  attendanceChargeItems,
  attendanceCharges,
  availabilities,
  availabilityDates,
  customers,
  type Database,
  organisers,
  participants,
  registrationDates,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, gte, lt, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";

// Attendance billing's statements (docs/decisions/0064-attendance-billing.md). Every query filters
// by organiser explicitly; row-level security is the second wall.

export type ConfigurationRow = typeof attendanceBillingConfigurations.$inferSelect;
export type CycleRow = typeof attendanceBillingCycles.$inferSelect;

export async function findConfiguration(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
): Promise<ConfigurationRow | null> {
  const [row] = await tx
    .select()
    .from(attendanceBillingConfigurations)
    .where(
      and(
        eq(attendanceBillingConfigurations.organiserId, organiserId),
        eq(attendanceBillingConfigurations.activityId, activityId),
      ),
    );
  return row ?? null;
}

/** Creates or replaces the activity's configuration (one per activity). */
export async function upsertConfiguration(
  tx: TenantTx,
  values: typeof attendanceBillingConfigurations.$inferInsert,
): Promise<ConfigurationRow> {
  const { organiserId: _organiser, activityId: _activity, ...changes } = values;
  const [row] = await tx
    .insert(attendanceBillingConfigurations)
    .values(values)
    .onConflictDoUpdate({
      target: [
        attendanceBillingConfigurations.organiserId,
        attendanceBillingConfigurations.activityId,
      ],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteConfiguration(tx: TenantTx, organiserId: number, id: number) {
  await tx
    .delete(attendanceBillingConfigurations)
    .where(
      and(
        eq(attendanceBillingConfigurations.organiserId, organiserId),
        eq(attendanceBillingConfigurations.id, id),
      ),
    );
}

/** A configuration's issued cycles, the latest first. */
export function listCycles(tx: TenantTx, organiserId: number, configurationId: number) {
  return tx
    .select()
    .from(attendanceBillingCycles)
    .where(
      and(
        eq(attendanceBillingCycles.organiserId, organiserId),
        eq(attendanceBillingCycles.configurationId, configurationId),
      ),
    )
    .orderBy(desc(attendanceBillingCycles.startAt));
}

export async function findCycle(
  tx: TenantTx,
  organiserId: number,
  configurationId: number,
  startAt: Date,
): Promise<CycleRow | null> {
  const [row] = await tx
    .select()
    .from(attendanceBillingCycles)
    .where(
      and(
        eq(attendanceBillingCycles.organiserId, organiserId),
        eq(attendanceBillingCycles.configurationId, configurationId),
        eq(attendanceBillingCycles.startAt, startAt),
      ),
    );
  return row ?? null;
}

/**
 * Claims a cycle: its row, unless it exists. A second run (the job again, staff at the same
 * time) waits on the unique start until the first commits and then gets null: nothing twice.
 */
export async function claimCycle(
  tx: TenantTx,
  values: typeof attendanceBillingCycles.$inferInsert,
): Promise<CycleRow | null> {
  const [row] = await tx
    .insert(attendanceBillingCycles)
    .values(values)
    .onConflictDoNothing({
      target: [
        attendanceBillingCycles.organiserId,
        attendanceBillingCycles.configurationId,
        attendanceBillingCycles.startAt,
      ],
    })
    .returning();
  return row ?? null;
}

const personColumns = {
  participant: {
    cuid: participants.cuid,
    firstname: participants.firstname,
    lastname: participants.lastname,
  },
  customer: {
    id: customers.id,
    cuid: customers.cuid,
    firstname: customers.firstname,
    lastname: customers.lastname,
    email: customers.email,
  },
};

const dateColumns = {
  id: availabilityDates.id,
  cuid: availabilityDates.cuid,
  startAt: availabilityDates.startAt,
  endAt: availabilityDates.endAt,
};

/**
 * The presences of the activity's live registrations on dates starting in [start, end), by date
 * then participant: what a cycle bills.
 */
export function listPresences(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  bounds: { start: Date; end: Date },
) {
  return tx
    .select({
      registrationId: registrations.id,
      date: dateColumns,
      arrivedAt: registrationDates.arrivedAt,
      departedAt: registrationDates.departedAt,
      ...personColumns,
    })
    .from(registrationDates)
    .innerJoin(
      registrations,
      refersTo(registrations, registrationDates, registrationDates.registrationId),
    )
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, registrationDates, registrationDates.availabilityDateId),
    )
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(customers, refersTo(customers, registrations, registrations.customerId))
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(registrationDates.attendance, "PRESENT"),
        eq(registrations.cancelled, false),
        eq(availabilities.activityId, activityId),
        gte(availabilityDates.startAt, bounds.start),
        lt(availabilityDates.startAt, bounds.end),
      ),
    )
    .orderBy(
      asc(availabilityDates.startAt),
      asc(participants.firstname),
      asc(participants.lastname),
      asc(registrations.id),
    );
}
export type PresenceRow = Awaited<ReturnType<typeof listPresences>>[number];

export async function insertCharge(
  tx: TenantTx,
  values: typeof attendanceCharges.$inferInsert,
  items: Array<Omit<typeof attendanceChargeItems.$inferInsert, "attendanceChargeId">>,
) {
  const [charge] = await tx
    .insert(attendanceCharges)
    .values(values)
    .returning({ id: attendanceCharges.id, cuid: attendanceCharges.cuid });
  await tx
    .insert(attendanceChargeItems)
    .values(items.map((item) => ({ ...item, attendanceChargeId: charge!.id })));
  return charge!;
}

/** An issued cycle's charges with their customer, by customer name. */
export function listCycleCharges(tx: TenantTx, organiserId: number, cycleId: number) {
  return tx
    .select({ charge: attendanceCharges, customer: personColumns.customer })
    .from(attendanceCharges)
    .innerJoin(customers, refersTo(customers, attendanceCharges, attendanceCharges.customerId))
    .where(
      and(
        eq(attendanceCharges.organiserId, organiserId),
        eq(attendanceCharges.billingCycleId, cycleId),
      ),
    )
    .orderBy(asc(customers.lastname), asc(customers.firstname), asc(attendanceCharges.id));
}

/** An issued cycle's items with their date and participant, by date then participant. */
export function listCycleItems(tx: TenantTx, organiserId: number, cycleId: number) {
  return tx
    .select({
      item: attendanceChargeItems,
      date: dateColumns,
      participant: personColumns.participant,
    })
    .from(attendanceChargeItems)
    .innerJoin(
      attendanceCharges,
      refersTo(attendanceCharges, attendanceChargeItems, attendanceChargeItems.attendanceChargeId),
    )
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, attendanceChargeItems, attendanceChargeItems.availabilityDateId),
    )
    .innerJoin(
      registrations,
      refersTo(registrations, attendanceChargeItems, attendanceChargeItems.registrationId),
    )
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .where(
      and(
        eq(attendanceChargeItems.organiserId, organiserId),
        eq(attendanceCharges.billingCycleId, cycleId),
      ),
    )
    .orderBy(
      asc(availabilityDates.startAt),
      asc(participants.firstname),
      asc(participants.lastname),
      asc(attendanceChargeItems.id),
    );
}

/** A charge and one of its items, the charge locked (as a payment locks it). */
export async function lockChargeItem(
  tx: TenantTx,
  organiserId: number,
  chargeCuid: string,
  itemCuid: string,
) {
  const [charge] = await tx
    .select()
    .from(attendanceCharges)
    .where(
      and(eq(attendanceCharges.organiserId, organiserId), eq(attendanceCharges.cuid, chargeCuid)),
    )
    .for("update");
  if (!charge) return null;
  const [item] = await tx
    .select()
    .from(attendanceChargeItems)
    .where(
      and(
        eq(attendanceChargeItems.organiserId, organiserId),
        eq(attendanceChargeItems.attendanceChargeId, charge.id),
        eq(attendanceChargeItems.cuid, itemCuid),
      ),
    );
  const [cycle] = await tx
    .select()
    .from(attendanceBillingCycles)
    .where(
      and(
        eq(attendanceBillingCycles.organiserId, organiserId),
        eq(attendanceBillingCycles.id, charge.billingCycleId),
      ),
    );
  return { charge, item: item ?? null, cycle: cycle! };
}

/** Sets an item's amount and moves its charge's total by the difference. */
export async function setItemAmount(
  tx: TenantTx,
  organiserId: number,
  item: { id: number; attendanceChargeId: number; amount: number },
  amount: number,
) {
  await tx
    .update(attendanceChargeItems)
    .set({ amount })
    .where(
      and(
        eq(attendanceChargeItems.organiserId, organiserId),
        eq(attendanceChargeItems.id, item.id),
      ),
    );
  await tx
    .update(attendanceCharges)
    .set({
      totalAmount: sql`${attendanceCharges.totalAmount} + ${amount - item.amount}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(attendanceCharges.organiserId, organiserId),
        eq(attendanceCharges.id, item.attendanceChargeId),
      ),
    );
}

export async function findConfigurationById(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<ConfigurationRow> {
  const [row] = await tx
    .select()
    .from(attendanceBillingConfigurations)
    .where(
      and(
        eq(attendanceBillingConfigurations.organiserId, organiserId),
        eq(attendanceBillingConfigurations.id, id),
      ),
    );
  if (!row) throw new Error(`attendance billing configuration ${id} vanished`);
  return row;
}

/** The organisers, platform rows read outside any tenant (as the cart sweep lists them). */
export function listOrganisers(db: Database) {
  return db.select().from(organisers).orderBy(asc(organisers.id));
}

/** The organiser's configurations. */
export function listConfigurations(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(attendanceBillingConfigurations)
    .where(eq(attendanceBillingConfigurations.organiserId, organiserId))
    .orderBy(asc(attendanceBillingConfigurations.id));
}
