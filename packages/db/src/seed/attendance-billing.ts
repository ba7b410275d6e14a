import { cycleCharges, lastEndedCycleMonth, monthlyCycleBounds } from "@booking/domain";
import { and, asc, eq, gte, lt, lte } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  activities,
  attendanceBillingConfigurations,
  attendanceBillingCycles,
  attendanceChargeItems,
  attendanceCharges,
  availabilities,
  availabilityDates,
  customers,
  organisers,
  participants,
  registrationDates,
  registrations,
} from "../schema/index.ts";
import { nextDemoPaymentReference } from "./references.ts";
import type { SeedCounts } from "./writer.ts";

// The demo's attendance charge made the way the platform makes it (issue 15 §4; decision 0064):
// the nature club's after-club care bills each started quarter hour; staff recorded when the demo
// parent's children left on last month's Wednesdays (the attendance sheet's arrival and departure),
// and last month's charges come out of those presences through the same pure rules the
// end-of-month job uses (`cycleCharges` of packages/domain), numbered from the organiser's payment
// reference sequence. The seed cannot call the server's job itself (packages/db does not depend on
// apps/server), so it writes the rows the job would write, without the event.

const CLUB = "Club nature du mercredi";
const PARENT = "parent@demo.test";
/** Minutes each child stayed after the club on last month's dates, in date order, repeated. */
const MINUTES_AFTER: Record<string, number[]> = {
  Léa: [45, 70, 30, 90, 55],
  Hugo: [0, 40, 0, 65, 25],
};
const rule = {
  pricing: "DURATION" as const,
  unitDuration: 900,
  unitAmount: 125,
  recordsTimes: true,
};

/** The demo organiser's attendance billing, last month's attendance and its charges. */
export async function writeDemoAttendanceBilling(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  const [organiser] = await tx
    .select({ timezone: organisers.timezone })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const [club] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.title, CLUB)));
  if (!organiser || !club) throw new Error("the demo nature club is missing");
  const month = lastEndedCycleMonth(now, organiser.timezone);
  const bounds = monthlyCycleBounds(month, organiser.timezone);
  const [configuration] = await tx
    .insert(attendanceBillingConfigurations)
    .values({
      organiserId,
      activityId: club.id,
      title: "Garderie du club nature",
      description:
        "<p>Accueil au parc après le club, jusqu'à 18 h. Chaque quart d'heure entamé est facturé 1,25 €, à la fin du mois.</p>",
      pricing: rule.pricing,
      unitDuration: rule.unitDuration,
      unitAmount: rule.unitAmount,
      recordsTimes: rule.recordsTimes,
      createdAt: new Date(bounds.start.getTime() - 7 * 24 * 3600 * 1000),
    })
    .returning({ id: attendanceBillingConfigurations.id });
  counts.attendance_billing_configurations = 1;

  // The sheet: each child's dates of last month that have ended, by date.
  const dates = await tx
    .select({
      registrationId: registrations.id,
      dateId: availabilityDates.id,
      endAt: availabilityDates.endAt,
      startAt: availabilityDates.startAt,
      customerId: registrations.customerId,
      child: participants.firstname,
    })
    .from(registrationDates)
    .innerJoin(registrations, eq(registrations.id, registrationDates.registrationId))
    .innerJoin(availabilityDates, eq(availabilityDates.id, registrationDates.availabilityDateId))
    .innerJoin(availabilities, eq(availabilities.id, registrations.availabilityId))
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(customers, eq(customers.id, registrations.customerId))
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(availabilities.activityId, club.id),
        eq(customers.email, PARENT),
        eq(registrations.cancelled, false),
        gte(availabilityDates.startAt, bounds.start),
        lt(availabilityDates.startAt, bounds.end),
        lte(availabilityDates.endAt, now),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(participants.firstname));
  const seen = new Map<string, number>();
  const presences = [];
  for (const date of dates) {
    const index = seen.get(date.child) ?? 0;
    seen.set(date.child, index + 1);
    const minutes = MINUTES_AFTER[date.child] ?? [];
    const stayed = minutes.length > 0 ? minutes[index % minutes.length]! : 0;
    if (stayed <= 0) continue;
    const arrivedAt = date.endAt;
    const departedAt = new Date(date.endAt.getTime() + stayed * 60_000);
    await tx
      .update(registrationDates)
      .set({ attendance: "PRESENT", attendanceRecordedAt: departedAt, arrivedAt, departedAt })
      .where(
        and(
          eq(registrationDates.registrationId, date.registrationId),
          eq(registrationDates.availabilityDateId, date.dateId),
        ),
      );
    presences.push({
      ...date,
      session: { startAt: date.startAt, endAt: date.endAt },
      arrivedAt,
      departedAt,
    });
  }

  // The end of last month: its cycle and one charge per family (here, the demo parent's).
  const charges = cycleCharges(rule, presences);
  if (charges.length === 0) throw new Error("the demo attendance charge has no item");
  const issuedAt = new Date(Math.min(bounds.end.getTime() + 3600 * 1000, now.getTime()));
  const [cycle] = await tx
    .insert(attendanceBillingCycles)
    .values({
      organiserId,
      configurationId: configuration!.id,
      startAt: bounds.start,
      endAt: bounds.end,
      createdAt: issuedAt,
    })
    .returning({ id: attendanceBillingCycles.id });
  for (const charge of charges) {
    const [row] = await tx
      .insert(attendanceCharges)
      .values({
        organiserId,
        customerId: charge.customerId,
        billingCycleId: cycle!.id,
        reference: await nextDemoPaymentReference(tx, organiserId),
        totalAmount: charge.totals.amount,
        createdAt: issuedAt,
        updatedAt: issuedAt,
      })
      .returning({ id: attendanceCharges.id });
    await tx.insert(attendanceChargeItems).values(
      charge.items.map((item) => ({
        organiserId,
        attendanceChargeId: row!.id,
        registrationId: item.registrationId,
        availabilityDateId: item.dateId,
        arrivedAt: item.arrivedAt,
        departedAt: item.departedAt,
        duration: item.duration,
        amount: item.amount,
        createdAt: issuedAt,
      })),
    );
    counts.attendance_charge_items = (counts.attendance_charge_items ?? 0) + charge.items.length;
  }
  counts.attendance_charges = charges.length;
}
