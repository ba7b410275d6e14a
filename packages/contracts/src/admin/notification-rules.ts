import { z } from "zod";
import { emailAddress, requiredText } from "../common.ts";
import { cuidValue } from "./catalogue-fields.ts";
import { NOTIFICATION_TEMPLATE_LIMITS } from "./notification-templates.ts";

/**
 * The organiser's notification rules in the console (/api/admin/notification-rules,
 * permissions `activities.notifications.read|update`): platform-and-account.md §3.2, §4, §9.
 * The lists below are @booking/domain's (notification-rules.ts); the server checks what ties
 * the fields together (delay type for the trigger, fixed address, activities) with its rules.
 */

export const RULE_TRIGGER_VALUES = [
  "cart.processed",
  "registration.created",
  "registration.cancellation.created",
  "registration.cancellation.restored",
  "registration.transfer.created",
  "bank_statement.transfer.reconciled",
  "waiting-list.vacancy",
  "attendance-charge.created",
  "membership.created",
] as const;
export const DELAY_TYPE_VALUES = [
  "AFTER_TRIGGER",
  "BEFORE_AVAILABILITY",
  "AFTER_AVAILABILITY",
  "BEFORE_EXPIRATION",
] as const;
export const DELAY_UNIT_VALUES = [
  "seconds",
  "minutes",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
] as const;
export const RECIPIENT_TYPE_VALUES = [
  "CUSTOMER",
  "PARTICIPANTS_CUSTOMERS",
  "COLLABORATORS",
  "ADDRESS",
] as const;
export const RULE_CHANNEL_VALUES = ["EMAIL", "SMS"] as const;

const ids = z.array(z.int("INVALID_TYPE").positive("INVALID_TYPE")).max(200, "TOO_BIG");
const age = z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(120, "TOO_BIG").nullable();

export const ruleRequirements = z.object({
  activity_ids: ids.default([]),
  category_ids: ids.default([]),
  payment: z.enum(["OUTSTANDING", "PAID"], { error: "INVALID_CHOICE" }).nullable().default(null),
  participant_age_min: age.default(null),
  participant_age_max: age.default(null),
});

export const ruleAttachments = z.object({
  ics: z.boolean("INVALID_TYPE").default(false),
  documents: z.boolean("INVALID_TYPE").default(false),
});

/** POST /api/admin/notification-rules, PUT /api/admin/notification-rules/:cuid (the whole rule). */
export const notificationRuleBody = z
  .object({
    name: requiredText(100),
    trigger: z.enum(RULE_TRIGGER_VALUES, { error: "INVALID_CHOICE" }),
    channels: z
      .array(z.enum(RULE_CHANNEL_VALUES, { error: "INVALID_CHOICE" }))
      .min(1, "REQUIRED")
      .max(2, "TOO_BIG")
      .transform((channels) => [...new Set(channels)]),
    delay: z.object({
      amount: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(10_000, "TOO_BIG"),
      unit: z.enum(DELAY_UNIT_VALUES, { error: "INVALID_CHOICE" }),
    }),
    delay_type: z.enum(DELAY_TYPE_VALUES, { error: "INVALID_CHOICE" }),
    recipient_type: z.enum(RECIPIENT_TYPE_VALUES, { error: "INVALID_CHOICE" }),
    /** the fixed address, for recipient type ADDRESS only */
    recipient: emailAddress.nullable().default(null),
    /** cuids of rules that must have written to the recipient before this one does */
    dependencies: z.array(cuidValue).max(20, "TOO_BIG").default([]),
    requirements: ruleRequirements.prefault({}),
    attachments: ruleAttachments.prefault({}),
    /** seconds; 0: none */
    spam_avoidance_delay: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(31_536_000, "TOO_BIG"),
    active: z.boolean("INVALID_TYPE"),
    global: z.boolean("INVALID_TYPE"),
    /** a default template's key (`cart-confirmation`, …), or null */
    template_key: z.string("INVALID_TYPE").max(60, "TOO_LONG").nullable().default(null),
    /** one of the organiser's own templates, or null */
    template_cuid: cuidValue.nullable().default(null),
    /** the rule's own subject and content, when it names no template */
    title: z
      .string("INVALID_TYPE")
      .trim()
      .max(NOTIFICATION_TEMPLATE_LIMITS.subject, "TOO_LONG")
      .default(""),
    content: z
      .string("INVALID_TYPE")
      .max(NOTIFICATION_TEMPLATE_LIMITS.emailContent, "TOO_LONG")
      .default(""),
    sms_content: z
      .string("INVALID_TYPE")
      .max(NOTIFICATION_TEMPLATE_LIMITS.smsContent, "TOO_LONG")
      .default(""),
  })
  .superRefine((rule, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (rule.template_key !== null && rule.template_cuid !== null)
      issue("template_cuid", "NOT_ALLOWED");
    const ownEmail = rule.template_key === null && rule.template_cuid === null;
    if (rule.channels.includes("EMAIL") && ownEmail) {
      if (rule.title === "") issue("title", "REQUIRED");
      if (rule.content.trim() === "") issue("content", "REQUIRED");
    }
    if (rule.channels.includes("SMS") && rule.sms_content.trim() === "")
      issue("sms_content", "REQUIRED");
  });
export type NotificationRuleBody = z.input<typeof notificationRuleBody>;
export type NotificationRuleInput = z.output<typeof notificationRuleBody>;

export const adminNotificationRuleView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  trigger: z.enum(RULE_TRIGGER_VALUES),
  channels: z.array(z.enum(RULE_CHANNEL_VALUES)),
  delay: z.object({ amount: z.int(), unit: z.enum(DELAY_UNIT_VALUES) }),
  delay_type: z.enum(DELAY_TYPE_VALUES),
  recipient_type: z.enum(RECIPIENT_TYPE_VALUES),
  recipient: z.string().nullable(),
  dependencies: z.array(z.string()),
  requirements: z.object({
    activity_ids: z.array(z.int()),
    category_ids: z.array(z.int()),
    payment: z.enum(["OUTSTANDING", "PAID"]).nullable(),
    participant_age_min: z.int().nullable(),
    participant_age_max: z.int().nullable(),
  }),
  attachments: z.object({ ics: z.boolean(), documents: z.boolean() }),
  spam_avoidance_delay: z.int(),
  active: z.boolean(),
  global: z.boolean(),
  /** the §9 default rule: it can be edited, not deleted */
  is_default: z.boolean(),
  template_key: z.string().nullable(),
  template_cuid: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  sms_content: z.string(),
  /** messages waiting for their time, and sent */
  scheduled_count: z.int(),
  sent_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNotificationRuleView = z.infer<typeof adminNotificationRuleView>;

/** GET /api/admin/notification-rules: the default rule first, then by name. */
export const adminNotificationRuleList = z.object({ data: z.array(adminNotificationRuleView) });

export const notificationRuleParams = z.object({ cuid: cuidValue });
