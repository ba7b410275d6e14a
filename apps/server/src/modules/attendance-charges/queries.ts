import {
  attendanceBillingConfigurations,
  attendanceBillingCycles,
  attendanceChargeItems,
  attendanceCharges,
  availabilityDates,
  participants,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, type SQL, sql } from "@booking/db/orm";
import { countRows, ownedByCustomer } from "../account-items/queries.ts";
import { participantColumns, refersTo } from "../carts/queries.ts";

// Every query filters by organiser and customer explicitly; row-level security is the second wall.

export type AttendanceChargeRow = {
  charge: typeof attendanceCharges.$inferSelect;
  cycle: { id: number; cuid: string; startAt: Date; endAt: Date };
  configuration: {
    id: number;
    cuid: string;
    title: string;
    description: string;
    activityId: number;
  };
  itemsCount: number;
  totalDuration: number;
};

/** A count or a sum over the items of the outer `attendance_charges` row. */
function overItems(tx: TenantTx, value: SQL) {
  const query = tx
    .select({ value })
    .from(attendanceChargeItems)
    .where(
      and(
        eq(attendanceChargeItems.organiserId, attendanceCharges.organiserId),
        eq(attendanceChargeItems.attendanceChargeId, attendanceCharges.id),
      ),
    );
  return sql<number>`(${query})`.mapWith(Number);
}

function selectCharges(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select({
      charge: attendanceCharges,
      cycle: {
        id: attendanceBillingCycles.id,
        cuid: attendanceBillingCycles.cuid,
        startAt: attendanceBillingCycles.startAt,
        endAt: attendanceBillingCycles.endAt,
      },
      configuration: {
        id: attendanceBillingConfigurations.id,
        cuid: attendanceBillingConfigurations.cuid,
        title: attendanceBillingConfigurations.title,
        description: attendanceBillingConfigurations.description,
        activityId: attendanceBillingConfigurations.activityId,
      },
      itemsCount: overItems(tx, sql`count(*)`),
      totalDuration: overItems(tx, sql`coalesce(sum(${attendanceChargeItems.duration}), 0)`),
    })
    .from(attendanceCharges)
    .innerJoin(
      attendanceBillingCycles,
      refersTo(attendanceBillingCycles, attendanceCharges, attendanceCharges.billingCycleId),
    )
    .innerJoin(
      attendanceBillingConfigurations,
      refersTo(
        attendanceBillingConfigurations,
        attendanceBillingCycles,
        attendanceBillingCycles.configurationId,
      ),
    )
    .where(where);
}

function ownedBy(organiserId: number, customerId: number, condition?: SQL) {
  return ownedByCustomer(attendanceCharges, organiserId, customerId, condition);
}

/** One page of the customer's charges, the latest billing cycle first. */
export async function listCustomerCharges(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AttendanceChargeRow[]; count: number }> {
  const rows = await selectCharges(tx, ownedBy(organiserId, customerId))
    .orderBy(
      desc(attendanceBillingCycles.startAt),
      asc(attendanceBillingConfigurations.title),
      desc(attendanceCharges.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: await countRows(tx, attendanceCharges, ownedBy(organiserId, customerId)) };
}

/** The customer's charge with this cuid; null when it is not theirs. */
export async function findCustomerCharge(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
): Promise<AttendanceChargeRow | null> {
  const [row] = await selectCharges(
    tx,
    ownedBy(organiserId, customerId, eq(attendanceCharges.cuid, cuid)),
  ).limit(1);
  return row ?? null;
}

/** A charge's items with their date, registration and participant, by date then name. */
export function listChargeItems(tx: TenantTx, organiserId: number, chargeId: number) {
  return tx
    .select({
      item: attendanceChargeItems,
      date: {
        id: availabilityDates.id,
        cuid: availabilityDates.cuid,
        startAt: availabilityDates.startAt,
        endAt: availabilityDates.endAt,
      },
      registration: { id: registrations.id, cuid: registrations.cuid },
      participant: participantColumns,
    })
    .from(attendanceChargeItems)
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
        eq(attendanceChargeItems.attendanceChargeId, chargeId),
      ),
    )
    .orderBy(
      asc(availabilityDates.startAt),
      asc(participants.firstname),
      asc(participants.lastname),
      asc(attendanceChargeItems.id),
    );
}
