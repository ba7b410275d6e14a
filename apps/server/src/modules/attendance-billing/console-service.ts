import type {
  AttendanceBillingResponse,
  AttendanceBillingView,
  AttendanceCycleChargeView,
  AttendanceCycleView,
  adjustAttendanceItemBody,
  attendanceBillingBody,
} from "@booking/contracts";
import {
  addMonths,
  attendanceTotals,
  chargeItemAdjustmentAllowed,
  cycleHasEnded,
  cycleMonthOf,
  fullName,
  isCycleMonth,
  monthlyCycleBounds,
  monthsToIssue,
} from "@booking/domain";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { findActivity } from "../activities/console-queries.ts";
import { billMonth, issueMonth } from "./issue.ts";
import {
  type ConfigurationRow,
  type CycleRow,
  deleteConfiguration,
  findConfiguration,
  findConfigurationById,
  findCycle,
  listCycleCharges,
  listCycleItems,
  listCycles,
  lockChargeItem,
  setItemAmount,
  upsertConfiguration,
} from "./queries.ts";

// The console side of attendance billing (issue 15 §4; docs/decisions/0064-attendance-billing.md):
// an activity's billing configuration, a month's preview and issue, and adjusting an issued item.

async function requireActivity(context: ConsoleContext, cuid: string) {
  const activity = await findActivity(context.db, context.organiser.id, cuid);
  if (!activity) throw new AppError("ACTIVITY_NOT_FOUND");
  return activity;
}

async function configurationView(
  context: ConsoleContext,
  configuration: ConfigurationRow,
): Promise<AttendanceBillingView> {
  const cycles = await listCycles(context.db, context.organiser.id, configuration.id);
  const timezone = context.organiser.timezone;
  const issued = cycles.map((cycle) => cycleMonthOf(cycle.startAt, timezone));
  return {
    cuid: configuration.cuid,
    title: configuration.title,
    description: configuration.description,
    billing_cycle_type: "MONTHLY",
    pricing: configuration.pricing,
    unit_duration: configuration.unitDuration,
    unit_amount: configuration.unitAmount,
    records_times: configuration.recordsTimes,
    issued_months: issued,
    months_to_issue: monthsToIssue(configuration.createdAt, new Date(), timezone, issued),
  };
}

/** GET /api/admin/activities/:cuid/attendance-billing: null when the activity bills no attendance. */
export async function getAttendanceBilling(
  context: ConsoleContext,
  activityCuid: string,
): Promise<AttendanceBillingResponse> {
  const activity = await requireActivity(context, activityCuid);
  const configuration = await findConfiguration(context.db, context.organiser.id, activity.id);
  return {
    attendance_billing: configuration ? await configurationView(context, configuration) : null,
  };
}

function auditedFields(row: ConfigurationRow | null) {
  if (!row) return null;
  const { title, pricing, unitDuration, unitAmount, recordsTimes } = row;
  return { title, pricing, unitDuration, unitAmount, recordsTimes };
}

/** PUT /api/admin/activities/:cuid/attendance-billing: creates or replaces it (audited). */
export async function saveAttendanceBilling(
  context: ConsoleContext,
  activityCuid: string,
  input: z.output<typeof attendanceBillingBody>,
): Promise<AttendanceBillingResponse> {
  const activity = await requireActivity(context, activityCuid);
  const before = await findConfiguration(context.db, context.organiser.id, activity.id);
  const saved = await upsertConfiguration(context.db, {
    organiserId: context.organiser.id,
    activityId: activity.id,
    title: input.title,
    description: sanitizeHtml(input.description),
    pricing: input.pricing,
    unitDuration: input.unit_duration,
    unitAmount: input.unit_amount,
    recordsTimes: input.records_times,
  });
  await context.audit({
    action: before ? "attendance_billing.updated" : "attendance_billing.created",
    entity: "activity",
    entityId: activity.cuid,
    before: auditedFields(before),
    after: auditedFields(saved),
  });
  return { attendance_billing: await configurationView(context, saved) };
}

async function requireConfiguration(context: ConsoleContext, activityCuid: string) {
  const activity = await requireActivity(context, activityCuid);
  const configuration = await findConfiguration(context.db, context.organiser.id, activity.id);
  if (!configuration) throw new AppError("ATTENDANCE_BILLING_NOT_FOUND");
  return { activity, configuration };
}

/** A month "YYYY-MM" of the URL, else 400 `{month: INVALID_DATE}`. */
function requireMonth(month: string): string {
  if (!isCycleMonth(month)) throw validationError({ month: "INVALID_DATE" });
  return month;
}

/** DELETE /api/admin/activities/:cuid/attendance-billing: only while no month was issued. */
export async function deleteAttendanceBilling(
  context: ConsoleContext,
  activityCuid: string,
): Promise<void> {
  const { activity, configuration } = await requireConfiguration(context, activityCuid);
  const cycles = await listCycles(context.db, context.organiser.id, configuration.id);
  if (cycles.length > 0) throw new AppError("ATTENDANCE_BILLING_IN_USE");
  await deleteConfiguration(context.db, context.organiser.id, configuration.id);
  await context.audit({
    action: "attendance_billing.deleted",
    entity: "activity",
    entityId: activity.cuid,
    before: auditedFields(configuration),
  });
}

const iso = (date: Date) => date.toISOString();

function personName(person: { firstname: string; lastname: string }) {
  return fullName(person.firstname, person.lastname);
}

/** The preview of a month not issued yet: what the sheets would bill now. */
async function previewCharges(
  context: ConsoleContext,
  configuration: ConfigurationRow,
  month: string,
): Promise<AttendanceCycleChargeView[]> {
  const { charges } = await billMonth(context.db, context.organiser, configuration, month);
  return charges.map((charge) => {
    const customer = charge.items[0]!.customer;
    return {
      cuid: null,
      reference: null,
      customer: { cuid: customer.cuid, fullname: personName(customer), email: customer.email },
      total_duration: charge.totals.duration,
      total_amount: charge.totals.amount,
      paid_amount: 0,
      items: charge.items.map((item) => ({
        cuid: null,
        date: {
          cuid: item.date.cuid,
          start_at: iso(item.date.startAt),
          end_at: iso(item.date.endAt),
        },
        participant: { cuid: item.participant.cuid, fullname: personName(item.participant) },
        attendance: "PRESENT" as const,
        arrived_at: iso(item.arrivedAt),
        departed_at: iso(item.departedAt),
        duration: item.duration,
        amount: item.amount,
      })),
    };
  });
}

/** An issued month's charges as written (and adjusted since). */
async function issuedCharges(
  context: ConsoleContext,
  cycle: CycleRow,
): Promise<AttendanceCycleChargeView[]> {
  const organiserId = context.organiser.id;
  const charges = await listCycleCharges(context.db, organiserId, cycle.id);
  const items = await listCycleItems(context.db, organiserId, cycle.id);
  return charges.map(({ charge, customer }) => {
    const own = items.filter(({ item }) => item.attendanceChargeId === charge.id);
    return {
      cuid: charge.cuid,
      reference: charge.reference,
      customer: { cuid: customer.cuid, fullname: personName(customer), email: customer.email },
      total_duration: attendanceTotals(own.map(({ item }) => item)).duration,
      total_amount: charge.totalAmount,
      paid_amount: charge.paidAmount,
      items: own.map(({ item, date, participant }) => ({
        cuid: item.cuid,
        date: { cuid: date.cuid, start_at: iso(date.startAt), end_at: iso(date.endAt) },
        participant: { cuid: participant.cuid, fullname: personName(participant) },
        attendance: "PRESENT" as const,
        arrived_at: iso(item.arrivedAt),
        departed_at: iso(item.departedAt),
        duration: item.duration,
        amount: item.amount,
      })),
    };
  });
}

async function cycleView(
  context: ConsoleContext,
  configuration: ConfigurationRow,
  month: string,
): Promise<AttendanceCycleView> {
  const { timezone } = context.organiser;
  const bounds = monthlyCycleBounds(month, timezone);
  const cycle = await findCycle(context.db, context.organiser.id, configuration.id, bounds.start);
  const charges = cycle
    ? await issuedCharges(context, cycle)
    : await previewCharges(context, configuration, month);
  return {
    month,
    previous_month: addMonths(month, -1),
    next_month: addMonths(month, 1),
    start_at: iso(bounds.start),
    end_at: iso(bounds.end),
    ended: cycleHasEnded(month, timezone, new Date()),
    issued_at: cycle ? iso(cycle.createdAt) : null,
    issued_by_hand: cycle?.issuedByCollaboratorId != null,
    charges,
    totals: {
      duration: charges.reduce((sum, charge) => sum + charge.total_duration, 0),
      amount: charges.reduce((sum, charge) => sum + charge.total_amount, 0),
      paid: charges.reduce((sum, charge) => sum + charge.paid_amount, 0),
    },
  };
}

/** GET /api/admin/activities/:cuid/attendance-billing/cycles/:month */
export async function getAttendanceCycle(
  context: ConsoleContext,
  activityCuid: string,
  month: string,
): Promise<AttendanceCycleView> {
  const { configuration } = await requireConfiguration(context, activityCuid);
  return cycleView(context, configuration, requireMonth(month));
}

/**
 * POST /api/admin/activities/:cuid/attendance-billing/cycles/:month/issue: issues an ended month
 * now (409 ATTENDANCE_CYCLE_NOT_ENDED before its end, ATTENDANCE_CYCLE_ALREADY_ISSUED once the
 * job or someone else did), audited.
 */
export async function issueAttendanceCycle(
  context: ConsoleContext,
  activityCuid: string,
  month: string,
): Promise<AttendanceCycleView> {
  const { activity, configuration } = await requireConfiguration(context, activityCuid);
  requireMonth(month);
  if (!cycleHasEnded(month, context.organiser.timezone, new Date())) {
    throw new AppError("ATTENDANCE_CYCLE_NOT_ENDED");
  }
  const cycle = await issueMonth(
    context.db,
    context.organiser,
    configuration,
    month,
    context.actor.collaboratorId,
  );
  if (!cycle) throw new AppError("ATTENDANCE_CYCLE_ALREADY_ISSUED");
  const view = await cycleView(context, configuration, month);
  await context.audit({
    action: "attendance_cycle.issued",
    entity: "activity",
    entityId: activity.cuid,
    after: { month, charges: view.charges.length, amount: view.totals.amount },
  });
  return view;
}

/**
 * PATCH /api/admin/attendance-charges/:cuid/items/:item: an issued item's amount, with why
 * (audited); the charge's total follows and may not fall below what was paid
 * (409 ATTENDANCE_ADJUSTMENT_BELOW_PAID). Answers the month's view.
 */
export async function adjustAttendanceItem(
  context: ConsoleContext,
  chargeCuid: string,
  itemCuid: string,
  input: z.output<typeof adjustAttendanceItemBody>,
): Promise<AttendanceCycleView> {
  const { db, organiser } = context;
  const found = await lockChargeItem(db, organiser.id, chargeCuid, itemCuid);
  if (!found) throw new AppError("ATTENDANCE_CHARGE_NOT_FOUND");
  const { charge, item, cycle } = found;
  if (!item) throw new AppError("ATTENDANCE_CHARGE_ITEM_NOT_FOUND");
  const allowed = chargeItemAdjustmentAllowed({
    chargeTotal: charge.totalAmount,
    chargePaid: charge.paidAmount,
    itemAmount: item.amount,
    amount: input.amount,
  });
  if (!allowed) {
    throw new AppError("ATTENDANCE_ADJUSTMENT_BELOW_PAID", undefined, {
      paid_amount: charge.paidAmount,
    });
  }
  if (input.amount !== item.amount) {
    await setItemAmount(db, organiser.id, item, input.amount);
    await context.audit({
      action: "attendance_charge.item_adjusted",
      entity: "attendance_charge",
      entityId: charge.cuid,
      before: { item: item.cuid, amount: item.amount },
      after: { item: item.cuid, amount: input.amount, note: input.note },
    });
  }
  const configuration = await findConfigurationById(db, organiser.id, cycle.configurationId);
  return cycleView(context, configuration, cycleMonthOf(cycle.startAt, organiser.timezone));
}
