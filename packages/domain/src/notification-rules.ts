import { TZDate } from "@date-fns/tz";
import { add, sub } from "date-fns";
import { ageInYears } from "./ages.ts";
import type { EventType } from "./events.ts";

/**
 * Notification rules (platform-and-account.md §3.2, §4, §9): which event, to whom, when, under
 * which conditions. Pure rules only: the server resolves the facts and applies these.
 */

/** §4 delay types. */
export const DELAY_TYPES = [
  "AFTER_TRIGGER",
  "BEFORE_AVAILABILITY",
  "AFTER_AVAILABILITY",
  "BEFORE_EXPIRATION",
] as const;
export type DelayType = (typeof DELAY_TYPES)[number];

/** §9 interval units. */
export const DELAY_UNITS = [
  "seconds",
  "minutes",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
export type Delay = { amount: number; unit: DelayUnit };

export const RECIPIENT_TYPES = [
  "CUSTOMER",
  "PARTICIPANTS_CUSTOMERS",
  "COLLABORATORS",
  "ADDRESS",
] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const RULE_CHANNELS = ["EMAIL", "SMS"] as const;
export type RuleChannel = (typeof RULE_CHANNELS)[number];

export const PAYMENT_REQUIREMENTS = ["OUTSTANDING", "PAID"] as const;
export type PaymentRequirement = (typeof PAYMENT_REQUIREMENTS)[number];

/**
 * The triggers a rule can listen to: every §9 trigger but `manual` (a message by hand is its
 * own message, sent by whoever wrote it) and `customer-invoice.created` (invoices do not exist
 * yet: a rule on it could never fire). See docs/decisions/0052-notification-rules.md.
 */
export const RULE_TRIGGERS = [
  "cart.processed",
  "registration.created",
  "registration.cancellation.created",
  "registration.cancellation.restored",
  "registration.transfer.created",
  "bank_statement.transfer.reconciled",
  "waiting-list.vacancy",
  "attendance-charge.created",
  "membership.created",
] as const satisfies readonly EventType[];
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];

export function isRuleTrigger(value: unknown): value is RuleTrigger {
  return typeof value === "string" && (RULE_TRIGGERS as readonly string[]).includes(value);
}

/** The default rule's trigger (§9: cart confirmed to customers, right after cart.processed). */
export const DEFAULT_RULE_TRIGGER: RuleTrigger = "cart.processed";

// Triggers whose subject has dates (registrations or an availability).
const DATED_TRIGGERS: readonly RuleTrigger[] = [
  "cart.processed",
  "registration.created",
  "registration.cancellation.restored",
  "registration.transfer.created",
  "waiting-list.vacancy",
];
// Triggers whose subject can expire (a cart's bundles, vouchers and memberships; a membership).
const EXPIRING_TRIGGERS: readonly RuleTrigger[] = ["cart.processed", "membership.created"];

/** The delay types that make sense for a trigger: counting from dates needs dates. */
export function delayTypesFor(trigger: RuleTrigger): DelayType[] {
  return DELAY_TYPES.filter(
    (type) =>
      type === "AFTER_TRIGGER" ||
      (type === "BEFORE_EXPIRATION"
        ? EXPIRING_TRIGGERS.includes(trigger)
        : DATED_TRIGGERS.includes(trigger)),
  );
}

/** The recipient types that make sense for a trigger: collaborators are the availabilities'. */
export function recipientTypesFor(trigger: RuleTrigger): RecipientType[] {
  return RECIPIENT_TYPES.filter(
    (type) => type !== "COLLABORATORS" || DATED_TRIGGERS.includes(trigger),
  );
}

/** What a delay counts from: the event, the subject's first and last dates, its expiry. */
export type DelayAnchors = {
  triggeredAt: Date;
  /** start of the first date of the registrations (or the availability) concerned */
  firstStartAt: Date | null;
  /** end of their last date */
  lastEndAt: Date | null;
  /** the earliest expiry of what the event is about (membership end, bundle, voucher) */
  expiresAt: Date | null;
};

/**
 * The instant a rule's message is due, or null when the subject has no such anchor (no dates,
 * nothing that expires). Calendar units (days and above) count in the organiser's time zone, so
 * "1 day before 9:00" is 9:00 the day before across a daylight-saving change.
 */
export function sendAt(
  delayType: DelayType,
  delay: Delay,
  anchors: DelayAnchors,
  timeZone: string,
): Date | null {
  const anchor = anchorOf(delayType, anchors);
  if (anchor === null) return null;
  const zoned = new TZDate(anchor.getTime(), timeZone);
  const duration = { [delay.unit]: delay.amount };
  const moved = delayType.startsWith("BEFORE_") ? sub(zoned, duration) : add(zoned, duration);
  return new Date(moved.getTime());
}

function anchorOf(delayType: DelayType, anchors: DelayAnchors): Date | null {
  switch (delayType) {
    case "AFTER_TRIGGER":
      return anchors.triggeredAt;
    case "BEFORE_AVAILABILITY":
      return anchors.firstStartAt;
    case "AFTER_AVAILABILITY":
      return anchors.lastEndAt;
    case "BEFORE_EXPIRATION":
      return anchors.expiresAt;
  }
}

/**
 * Whether a message counting back from an instant comes too late to be of use: a reminder
 * before a date that has started, a warning before an expiry that has passed. It is then
 * skipped rather than sent (a late confirmation or thank-you still goes).
 */
export function isTooLate(delayType: DelayType, anchors: DelayAnchors, now: Date): boolean {
  if (!delayType.startsWith("BEFORE_")) return false;
  const anchor = anchorOf(delayType, anchors);
  return anchor === null || anchor.getTime() <= now.getTime();
}

/**
 * Whether a message counting back from an instant was already due when its event happened (a
 * registration made 3 hours before the session, for a reminder 24 hours before): it is not
 * scheduled, since the confirmation just told the same.
 */
export function isMissedAtTrigger(delayType: DelayType, due: Date, triggeredAt: Date): boolean {
  return delayType.startsWith("BEFORE_") && due.getTime() < triggeredAt.getTime();
}

/** A delay in seconds, for ordering and display (months 30 days, years 365 days). */
export function delaySeconds(delay: Delay): number {
  const seconds: Record<DelayUnit, number> = {
    seconds: 1,
    minutes: 60,
    hours: 3600,
    days: 86_400,
    weeks: 604_800,
    months: 2_592_000,
    years: 31_536_000,
  };
  return delay.amount * seconds[delay.unit];
}

/** Conditions on what an event is about; an empty condition holds for everything. */
export type RuleRequirements = {
  activity_ids: number[];
  category_ids: number[];
  payment: PaymentRequirement | null;
  participant_age_min: number | null;
  participant_age_max: number | null;
};

export const NO_REQUIREMENTS: RuleRequirements = Object.freeze({
  activity_ids: [],
  category_ids: [],
  payment: null,
  participant_age_min: null,
  participant_age_max: null,
}) as RuleRequirements;

/** The facts of an event's subject that requirements are checked against. */
export type SubjectFacts = {
  activityIds: number[];
  categoryIds: number[];
  /** amount still owed on what the event is about; null when it has no amounts */
  outstandingAmount: number | null;
  /** birthdates of its participants (null when unknown) */
  birthdates: Array<string | null>;
};

/**
 * Whether an event's subject meets a rule's requirements at `at`: one of the activities, one
 * of the categories, payment outstanding or settled, and at least one participant of an age in
 * the range (in whole years; an unknown birthdate matches no range).
 */
export function meetsRequirements(
  requirements: RuleRequirements,
  facts: SubjectFacts,
  at: Date,
  timeZone: string,
): boolean {
  const overlaps = (wanted: number[], have: number[]) =>
    wanted.length === 0 || wanted.some((id) => have.includes(id));
  if (!overlaps(requirements.activity_ids, facts.activityIds)) return false;
  if (!overlaps(requirements.category_ids, facts.categoryIds)) return false;
  if (requirements.payment !== null) {
    if (facts.outstandingAmount === null) return false;
    const outstanding = facts.outstandingAmount > 0;
    if (outstanding !== (requirements.payment === "OUTSTANDING")) return false;
  }
  const { participant_age_min: min, participant_age_max: max } = requirements;
  if (min === null && max === null) return true;
  return facts.birthdates.some((birthdate) => {
    if (birthdate === null) return false;
    const age = ageInYears(birthdate, at, timeZone);
    return (min === null || age >= min) && (max === null || age <= max);
  });
}

/**
 * The spam-avoidance delay: whether a rule already sent to the same recipient less than
 * `seconds` before `now` (a second message is then skipped). 0 never holds one back.
 */
export function isWithinSpamWindow(lastSentAt: Date | null, seconds: number, now: Date): boolean {
  if (seconds <= 0 || lastSentAt === null) return false;
  return now.getTime() - lastSentAt.getTime() < seconds * 1000;
}

/** What a rule needs to be consistent, beyond the shape its contract checks. */
export type RuleShape = {
  trigger: RuleTrigger;
  delay_type: DelayType;
  recipient_type: RecipientType;
  recipient: string | null;
  global: boolean;
  requirements: RuleRequirements;
};

/**
 * The fields of a rule that contradict each other, each with the code the form shows: a delay
 * type the trigger has no anchor for, a fixed address missing or given for another recipient
 * type, collaborators without availabilities, a global rule restricted to activities (or a
 * non-global one that names none), an age range upside down.
 */
export function ruleProblems(rule: RuleShape): Array<{ field: string; code: string }> {
  const problems: Array<{ field: string; code: string }> = [];
  if (!delayTypesFor(rule.trigger).includes(rule.delay_type)) {
    problems.push({ field: "delay_type", code: "not_for_trigger" });
  }
  if (!recipientTypesFor(rule.trigger).includes(rule.recipient_type)) {
    problems.push({ field: "recipient_type", code: "not_for_trigger" });
  }
  if ((rule.recipient_type === "ADDRESS") !== (rule.recipient !== null)) {
    problems.push({
      field: "recipient",
      code: rule.recipient === null ? "required" : "not_allowed",
    });
  }
  if (rule.global === rule.requirements.activity_ids.length > 0) {
    problems.push({
      field: "requirements.activity_ids",
      code: rule.global ? "not_allowed" : "required",
    });
  }
  const { participant_age_min: min, participant_age_max: max } = rule.requirements;
  if (min !== null && max !== null && min > max) {
    problems.push({ field: "requirements.participant_age_max", code: "below_minimum" });
  }
  return problems;
}
