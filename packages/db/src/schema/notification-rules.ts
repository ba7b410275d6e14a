import type {
  DelayType,
  DelayUnit,
  RecipientType,
  RuleChannel,
  RuleRequirements,
  RuleTrigger,
} from "@booking/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** What a rule attaches to its e-mail. */
export type RuleAttachments = {
  /** an ICS calendar file of the dates of the registrations concerned */
  ics: boolean;
  /** the registrations' documents, as PDF */
  documents: boolean;
};

/**
 * A notification rule (platform-and-account.md §3.2, docs/decisions/0052): on an event of
 * `trigger`, to the recipients of `recipientType`, at the instant the delay gives, when the
 * requirements hold. The message is a template (a default one by key, or one of the
 * organiser's by cuid) or the rule's own `title` (subject) and `content`.
 */
export const notificationRules = pgTable(
  "notification_rules",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    trigger: text().$type<RuleTrigger>().notNull(),
    channels: text().array().$type<RuleChannel[]>().notNull(),
    delayAmount: integer().notNull().default(0),
    delayUnit: text().$type<DelayUnit>().notNull().default("minutes"),
    delayType: text().$type<DelayType>().notNull().default("AFTER_TRIGGER"),
    recipientType: text().$type<RecipientType>().notNull(),
    /** the fixed address of recipient type ADDRESS */
    recipient: text(),
    /** cuids of rules that must have sent to the same recipient before this one does */
    dependencies: text().array().notNull().default(sql`'{}'::text[]`),
    requirements: jsonb().$type<RuleRequirements>().notNull(),
    attachments: jsonb().$type<RuleAttachments>().notNull(),
    /** seconds during which the rule sends nothing more to a recipient it just sent to */
    spamAvoidanceDelay: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    global: boolean().notNull().default(true),
    /** the §9 default rule: cannot be deleted */
    isDefault: boolean().notNull().default(false),
    /** a default template's key (ENGINE's DEFAULT_TEMPLATES) */
    templateKey: text(),
    /** one of the organiser's templates, by cuid (a template reset to its default keeps it) */
    templateCuid: text(),
    /** the rule's own subject, when it has no template */
    title: text().notNull().default(""),
    /** the rule's own e-mail body (Liquid, HTML from the rich editor) */
    content: text().notNull().default(""),
    /** the rule's own SMS body (Liquid, plain text) */
    smsContent: text().notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("notification_rules", t),
    // The consumer's look-up: an organiser's active rules of a trigger.
    index("notification_rules_organiser_id_trigger_idx").on(t.organiserId, t.trigger),
    // One default rule per organiser.
    uniqueIndex("notification_rules_default_unique").on(t.organiserId).where(sql`${t.isDefault}`),
    check("notification_rules_delay", sql`${t.delayAmount} >= 0 and ${t.spamAvoidanceDelay} >= 0`),
  ],
);

export type ScheduledNotificationStatus = "SCHEDULED" | "SENT" | "CANCELLED" | "SKIPPED";

/**
 * A rule's message to one recipient for one event, due at `sendAt` (rendered then, from the
 * data of that time). Unique per rule, event and recipient: a rule fires once per event and
 * recipient, however often the event is delivered.
 */
export const scheduledNotifications = pgTable(
  "scheduled_notifications",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    ruleId: integer().notNull(),
    eventCuid: text().notNull(),
    eventType: text().$type<RuleTrigger>().notNull(),
    /** the event's payload (cuids of what it is about), read again at send time */
    eventPayload: jsonb().$type<Record<string, string>>().notNull(),
    occurredAt: timestamptz().notNull(),
    /** an e-mail address, or `customer:{id}` / `collaborator:{id}` for people of the organiser */
    recipient: text().notNull(),
    customerId: integer(),
    collaboratorId: integer(),
    /** the availabilities whose dates the send instant counts from (rescheduled when they move) */
    availabilityIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    sendAt: timestamptz().notNull(),
    status: text().$type<ScheduledNotificationStatus>().notNull().default("SCHEDULED"),
    /** why it was skipped or cancelled (REQUIREMENTS, TOO_LATE, SPAM, DEPENDENCY, CANCELLED, …) */
    reason: text(),
    /** the delivery log's message ids (e-mail, SMS) once sent */
    messageIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    processedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("scheduled_notifications", t),
    unique("scheduled_notifications_once").on(t.organiserId, t.ruleId, t.eventCuid, t.recipient),
    tenantForeignKey(
      "scheduled_notifications_rule_fk",
      { organiserId: t.organiserId, column: t.ruleId },
      notificationRules,
      "cascade",
    ),
    // The poller's scan: what is due, earliest first.
    index("scheduled_notifications_due_idx").on(t.sendAt).where(sql`${t.status} = 'SCHEDULED'`),
    // The rescheduling of an availability's pending messages when its dates move.
    index("scheduled_notifications_pending_idx")
      .on(t.organiserId)
      .where(sql`${t.status} = 'SCHEDULED'`),
    // The spam-avoidance and dependency look-ups: a rule's last messages to a recipient.
    index("scheduled_notifications_rule_recipient_idx").on(
      t.organiserId,
      t.ruleId,
      t.recipient,
      t.processedAt,
    ),
    check(
      "scheduled_notifications_status",
      sql`${t.status} in ('SCHEDULED', 'SENT', 'CANCELLED', 'SKIPPED')`,
    ),
  ],
);

/**
 * The §9 default rule of an organiser: the cart confirmation (default template
 * `cart-confirmation`) to the customer, right after cart.processed. Made at sign-up, by the
 * demo seed, and for the organisers that existed before (migration 0045, the same row).
 */
export function defaultNotificationRule(language: "fr" | "en") {
  return {
    name: language === "en" ? "Cart confirmation" : "Confirmation de commande",
    trigger: "cart.processed",
    channels: ["EMAIL"],
    delayAmount: 0,
    delayUnit: "minutes",
    delayType: "AFTER_TRIGGER",
    recipientType: "CUSTOMER",
    recipient: null,
    requirements: {
      activity_ids: [],
      category_ids: [],
      payment: null,
      participant_age_min: null,
      participant_age_max: null,
    },
    attachments: { ics: false, documents: false },
    isDefault: true,
    templateKey: "cart-confirmation",
  } satisfies Omit<typeof notificationRules.$inferInsert, "organiserId">;
}
