import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { availabilityDates } from "./availabilities.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { registrations } from "./registrations.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Attendance billing (platform-and-account.md §2.3, §3.5 "Attendance charge", §4 "Billing cycle
// type"): an activity may bill the time its participants actually attend (an after-school care
// billed by the quarter hour). At the end of each billing cycle a customer gets one attendance
// charge whose items are the attended dates of their participants' registrations.
// Decision record: docs/decisions/0018-account-items.md.

export const BILLING_CYCLE_TYPES = ["MONTHLY"] as const;
export type BillingCycleType = (typeof BILLING_CYCLE_TYPES)[number];
/** PRESENCE: `unit_amount` per presence; DURATION: per started `unit_duration` (decision 0064). */
export type AttendancePricingType = "PRESENCE" | "DURATION";

/**
 * How an activity bills attendance: every started `unit_duration` seconds present costs
 * `unit_amount`, billed every `billing_cycle_duration` months. The charge shows the activity's
 * images.
 */
export const attendanceBillingConfigurations = pgTable(
  "attendance_billing_configurations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    title: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull().default(""),
    billingCycleType: text().$type<BillingCycleType>().notNull().default("MONTHLY"),
    billingCycleDuration: integer().notNull().default(1),
    /** Seconds of presence one `unit_amount` pays for (900: a quarter hour). */
    unitDuration: integer().notNull(),
    unitAmount: money().notNull(),
    pricing: text().$type<AttendancePricingType>().notNull().default("DURATION"),
    /** whether the attendance sheet records arrival and departure times */
    recordsTimes: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("attendance_billing_configurations", t),
    tenantForeignKey(
      "attendance_billing_configurations_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
    ),
    // One configuration per activity.
    unique("attendance_billing_configurations_organiser_id_activity_id_unique").on(
      t.organiserId,
      t.activityId,
    ),
    check(
      "attendance_billing_configurations_pricing",
      sql`${t.pricing} in ('PRESENCE', 'DURATION')`,
    ),
    check(
      "attendance_billing_configurations_cycle_type",
      sql`${t.billingCycleType} in ('MONTHLY')`,
    ),
    check(
      "attendance_billing_configurations_amounts",
      sql`${t.billingCycleDuration} >= 1 and ${t.unitDuration} > 0 and ${t.unitAmount} >= 0`,
    ),
  ],
);

/**
 * One issued billing period of a configuration, [start_at, end_at): the row exists once its
 * charges are written (by the end-of-month job or by staff), so its unique start is what makes a
 * second run create nothing.
 */
export const attendanceBillingCycles = pgTable(
  "attendance_billing_cycles",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    configurationId: integer().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    /** the collaborator who issued it by hand; null for the end-of-month job */
    issuedByCollaboratorId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("attendance_billing_cycles", t),
    unique("attendance_billing_cycles_organiser_id_configuration_id_start_at_unique").on(
      t.organiserId,
      t.configurationId,
      t.startAt,
    ),
    tenantForeignKey(
      "attendance_billing_cycles_configuration_fk",
      { organiserId: t.organiserId, column: t.configurationId },
      attendanceBillingConfigurations,
      "cascade",
    ),
    check("attendance_billing_cycles_period", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** What a customer owes for a billing cycle: one charge per customer and cycle. */
export const attendanceCharges = pgTable(
  "attendance_charges",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    billingCycleId: integer().notNull(),
    /** The payment reference a bank transfer for it carries (as a cart's); null before 0064. */
    reference: text(),
    /** The sum of its items' amounts. */
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("attendance_charges", t),
    unique("attendance_charges_organiser_id_billing_cycle_id_customer_id_unique").on(
      t.organiserId,
      t.billingCycleId,
      t.customerId,
    ),
    tenantForeignKey(
      "attendance_charges_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "attendance_charges_billing_cycle_fk",
      { organiserId: t.organiserId, column: t.billingCycleId },
      attendanceBillingCycles,
    ),
    // A customer's charges (account list and counter).
    index("attendance_charges_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    check("attendance_charges_amounts", sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0`),
  ],
);

/**
 * One attended date of a registration in a charge: when the participant arrived and left, the
 * billed duration (seconds) and its amount.
 */
export const attendanceChargeItems = pgTable(
  "attendance_charge_items",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    attendanceChargeId: integer().notNull(),
    registrationId: integer().notNull(),
    availabilityDateId: integer().notNull(),
    arrivedAt: timestamptz().notNull(),
    departedAt: timestamptz().notNull(),
    duration: integer().notNull(),
    amount: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("attendance_charge_items", t),
    // A registration's date is billed once.
    unique("attendance_charge_items_organiser_id_registration_id_date_id_unique").on(
      t.organiserId,
      t.registrationId,
      t.availabilityDateId,
    ),
    tenantForeignKey(
      "attendance_charge_items_charge_fk",
      { organiserId: t.organiserId, column: t.attendanceChargeId },
      attendanceCharges,
      "cascade",
    ),
    tenantForeignKey(
      "attendance_charge_items_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
    ),
    tenantForeignKey(
      "attendance_charge_items_availability_date_fk",
      { organiserId: t.organiserId, column: t.availabilityDateId },
      availabilityDates,
    ),
    index("attendance_charge_items_organiser_id_charge_id_idx").on(
      t.organiserId,
      t.attendanceChargeId,
    ),
    index("attendance_charge_items_organiser_id_availability_date_id_idx").on(
      t.organiserId,
      t.availabilityDateId,
    ),
    check(
      "attendance_charge_items_values",
      sql`${t.departedAt} >= ${t.arrivedAt} and ${t.duration} >= 0 and ${t.amount} >= 0`,
    ),
  ],
);
