import type { AdminNotificationRuleView, NotificationRuleInput } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { ruleProblems } from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { checkRuleTexts, unknownReferences } from "./rules-checks.ts";
import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  type NewRule,
  type RuleRow,
  ruleCounts,
  updateRule,
} from "./rules-queries.ts";
import { reschedulePending } from "./scheduling-service.ts";

type Counts = { scheduled: number; sent: number };

function ruleView(
  rule: RuleRow,
  counts: Counts = { scheduled: 0, sent: 0 },
): AdminNotificationRuleView {
  return {
    id: rule.id,
    cuid: rule.cuid,
    name: rule.name,
    trigger: rule.trigger,
    channels: rule.channels,
    delay: { amount: rule.delayAmount, unit: rule.delayUnit },
    delay_type: rule.delayType,
    recipient_type: rule.recipientType,
    recipient: rule.recipient,
    dependencies: rule.dependencies,
    requirements: rule.requirements,
    attachments: rule.attachments,
    spam_avoidance_delay: rule.spamAvoidanceDelay,
    active: rule.active,
    global: rule.global,
    is_default: rule.isDefault,
    template_key: rule.templateKey,
    template_cuid: rule.templateCuid,
    title: rule.title,
    content: rule.content,
    sms_content: rule.smsContent,
    scheduled_count: counts.scheduled,
    sent_count: counts.sent,
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a rule: its settings, not its (long) texts. */
const audited = (rule: RuleRow) => ({
  name: rule.name,
  trigger: rule.trigger,
  channels: rule.channels,
  delay: `${rule.delayAmount} ${rule.delayUnit} ${rule.delayType}`,
  recipient_type: rule.recipientType,
  recipient: rule.recipient,
  requirements: rule.requirements,
  attachments: rule.attachments,
  spam_avoidance_delay: rule.spamAvoidanceDelay,
  active: rule.active,
  global: rule.global,
  template: rule.templateKey ?? rule.templateCuid,
});

/** The input as stored, once it holds together (400 VALIDATION_ERROR by field otherwise). */
async function checkedValues(
  tx: TenantTx,
  organiserId: number,
  input: NotificationRuleInput,
  self: RuleRow | null,
): Promise<NewRule> {
  const problems = ruleProblems({
    trigger: input.trigger,
    delay_type: input.delay_type,
    recipient_type: input.recipient_type,
    recipient: input.recipient,
    global: input.global,
    requirements: input.requirements,
  });
  const fields: Record<string, string> = {};
  const codes: Record<string, string> = {
    not_for_trigger: "NOT_FOR_TRIGGER",
    required: "REQUIRED",
    not_allowed: "NOT_ALLOWED",
    below_minimum: "TOO_SMALL",
  };
  for (const problem of problems) fields[problem.field] = codes[problem.code] ?? "INVALID_CHOICE";
  // The default rule stays the cart confirmation to customers: only its message and switches change.
  if (self?.isDefault) {
    if (input.trigger !== self.trigger) fields.trigger = "NOT_ALLOWED";
    if (input.recipient_type !== self.recipientType) fields.recipient_type = "NOT_ALLOWED";
  }
  Object.assign(fields, await unknownReferences(tx, organiserId, input, self));
  if (Object.keys(fields).length > 0) throw validationError(fields);
  checkRuleTexts(input);
  return {
    name: input.name,
    trigger: input.trigger,
    channels: input.channels,
    delayAmount: input.delay.amount,
    delayUnit: input.delay.unit,
    delayType: input.delay_type,
    recipientType: input.recipient_type,
    recipient: input.recipient,
    dependencies: input.dependencies,
    requirements: input.requirements,
    attachments: input.attachments,
    spamAvoidanceDelay: input.spam_avoidance_delay,
    active: input.active,
    global: input.global,
    templateKey: input.template_key,
    templateCuid: input.template_cuid,
    title: input.title,
    content: input.content,
    smsContent: input.sms_content,
  };
}

async function requireRule(context: ConsoleContext, cuid: string): Promise<RuleRow> {
  const rule = await findRule(context.db, context.organiser.id, { cuid });
  if (!rule) throw new AppError("NOTIFICATION_RULE_NOT_FOUND");
  return rule;
}

async function countsOf(context: ConsoleContext, ruleId: number): Promise<Counts | undefined> {
  return (await ruleCounts(context.db, context.organiser.id)).get(ruleId);
}

/** The console's notification rules (`activities.notifications.read|update`). */
export const rulesConsole = {
  async list(context: ConsoleContext) {
    const rules = await listRules(context.db, context.organiser.id);
    const counts = await ruleCounts(context.db, context.organiser.id);
    return { data: rules.map((rule) => ruleView(rule, counts.get(rule.id))) };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminNotificationRuleView> {
    const rule = await requireRule(context, cuid);
    return ruleView(rule, await countsOf(context, rule.id));
  },

  async create(
    context: ConsoleContext,
    input: NotificationRuleInput,
  ): Promise<AdminNotificationRuleView> {
    const values = await checkedValues(context.db, context.organiser.id, input, null);
    const rule = await insertRule(context.db, context.organiser.id, values);
    await context.audit({
      action: "notification_rule.created",
      entity: "notification_rule",
      entityId: rule.cuid,
      after: audited(rule),
    });
    return ruleView(rule);
  },

  /**
   * The whole rule. Its pending messages move to the instant the new delay gives; turned off,
   * they are dropped when their time comes (the sender reads the rule again then).
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: NotificationRuleInput,
  ): Promise<AdminNotificationRuleView> {
    const rule = await requireRule(context, cuid);
    const values = await checkedValues(context.db, context.organiser.id, input, rule);
    const updated = await updateRule(context.db, rule.id, values);
    await reschedulePending(context.db, context.organiser, { ruleId: rule.id });
    await context.audit({
      action: "notification_rule.updated",
      entity: "notification_rule",
      entityId: cuid,
      before: audited(rule),
      after: audited(updated),
    });
    return ruleView(updated, await countsOf(context, rule.id));
  },

  /** The default rule cannot be deleted (409); a rule's pending messages go with it. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const rule = await requireRule(context, cuid);
    if (rule.isDefault) throw new AppError("NOTIFICATION_RULE_IS_DEFAULT");
    const dependants = (await listRules(context.db, context.organiser.id)).filter((other) =>
      other.dependencies.includes(rule.cuid),
    );
    await deleteRule(context.db, rule.id);
    // Rules that waited for this one no longer can: the dependency is dropped from them.
    for (const other of dependants) {
      await updateRule(context.db, other.id, {
        ...other,
        dependencies: other.dependencies.filter((dependency) => dependency !== rule.cuid),
      });
    }
    await context.audit({
      action: "notification_rule.deleted",
      entity: "notification_rule",
      entityId: cuid,
      before: audited(rule),
    });
  },
};
