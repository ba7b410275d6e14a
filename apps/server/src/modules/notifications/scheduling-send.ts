import { type Database, type TenantTx, withTenant } from "@booking/db";
import { sql } from "@booking/db/orm";
import { isTooLate, isWithinSpamWindow, smsRecipient } from "@booking/domain";
import { confirmationExtras, distinctAttachments } from "../activity-rules/confirmation-mail.ts";
import { type NewMessage, queueMessages } from "../messages/queue.ts";
import type { Organiser } from "../organisers/queries.ts";
import { assignedCollaborators } from "../staff-notifications/assignments.ts";
import { TemplateRenderError, TemplateSyntaxError } from "./render/index.ts";
import { findRule, findRulesByCuid, type RuleRow } from "./rules-queries.ts";
import { attachmentsFor } from "./scheduling-attachments.ts";
import type { EventHandlerDeps, SkipReason } from "./scheduling-deps.ts";
import {
  type ContactRow,
  findOrganiser,
  finishScheduled,
  lastSentAt,
  listCustomers,
  lockScheduled,
  moveScheduled,
  rulesThatSentTo,
  type ScheduledRow,
} from "./scheduling-queries.ts";
import { RuleTemplateMissing, renderRuleMessage } from "./scheduling-render.ts";
import { currentSendAt } from "./scheduling-service.ts";
import { type EventSubject, loadSubject, subjectMeets } from "./scheduling-subject.ts";

/** The idempotency key of a rule's message (protocol of issue 14): one per rule, event, recipient. */
export function ruleMessageKey(
  ruleCuid: string,
  row: Pick<ScheduledRow, "eventCuid" | "recipient">,
) {
  return `rule:${ruleCuid}:${row.eventCuid}:${row.recipient}`;
}

type Outcome =
  | { status: "SENT"; messageIds: number[] }
  | { status: "SKIPPED" | "CANCELLED"; reason: SkipReason }
  | { status: "MOVED"; sendAt: Date };

/**
 * Sends one scheduled message if it is still due, in one transaction holding its row (`FOR
 * UPDATE SKIP LOCKED`: two workers never both take it); see `sendRow`. The messages are handed
 * to delivery after commit.
 */
export async function sendScheduled(
  db: Database,
  organiserId: number,
  id: number,
  deps: EventHandlerDeps,
): Promise<void> {
  const now = deps.now();
  const queued = await withTenant(db, organiserId, async (tx) => {
    const row = await lockScheduled(tx, id);
    if (!row) return [];
    const organiser = await findOrganiser(tx, organiserId);
    if (!organiser) return [];
    return sendRow(tx, organiser, row, now, deps);
  });
  await dispatchQueued(queued, deps);
}

/** Hands committed messages to delivery; one that fails is the delivery sweeper's. */
export async function dispatchQueued(ids: number[], deps: EventHandlerDeps): Promise<void> {
  for (const messageId of ids) {
    await deps.dispatchEmail(messageId).catch((error: unknown) => {
      deps.log.error({ err: error, messageId }, "dispatch of a rule's message failed");
    });
  }
}

/**
 * Sends a scheduled row in the caller's transaction, which holds it (locked, or just inserted by
 * the scheduler: decision 0059 sends an immediate rule's message in the scheduling transaction,
 * with the rule and subject it has just read, `loaded`). Everything else is read again now: a
 * rule turned off, a registration cancelled, dates moved (the message moves with them), a
 * requirement no longer met, a recipient written to by the rule within its spam-avoidance
 * delay, a dependency not sent, a reminder whose date has started: the message is cancelled,
 * skipped or moved instead. Otherwise it is rendered from today's data and queued with the
 * rule's idempotency key. Returns the ids of the messages queued.
 */
export async function sendRow(
  tx: TenantTx,
  organiser: Organiser,
  row: ScheduledRow,
  now: Date,
  deps: EventHandlerDeps,
  loaded?: { rule: RuleRow; subject: EventSubject },
): Promise<number[]> {
  const outcome = await decide(tx, organiser, row, now, deps, loaded);
  if (outcome.status === "MOVED") {
    await moveScheduled(tx, row.id, outcome.sendAt);
    return [];
  }
  await finishScheduled(tx, row.id, outcome, now);
  return outcome.status === "SENT" ? outcome.messageIds : [];
}

function advisoryLock(key: string) {
  return sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

async function decide(
  tx: TenantTx,
  organiser: Organiser,
  row: ScheduledRow,
  now: Date,
  deps: EventHandlerDeps,
  loaded?: { rule: RuleRow; subject: EventSubject },
): Promise<Outcome> {
  const rule = loaded?.rule ?? (await findRule(tx, organiser.id, { id: row.ruleId }));
  if (!rule?.active) return { status: "CANCELLED", reason: "RULE_INACTIVE" };
  const subject =
    loaded?.subject ?? (await loadSubject(tx, organiser.id, row.eventType, row.eventPayload));
  if (!subject) return { status: "CANCELLED", reason: "SUBJECT_GONE" };
  if (subject.cancelled) return { status: "CANCELLED", reason: "REGISTRATION_CANCELLED" };
  const due = await currentSendAt(tx, organiser, row, { rule, subject });
  if (due === null) return { status: "CANCELLED", reason: "SUBJECT_GONE" };
  if (due > now) return { status: "MOVED", sendAt: due };
  const anchors = { ...subject.anchors, triggeredAt: row.occurredAt };
  if (isTooLate(rule.delayType, anchors, now)) return { status: "SKIPPED", reason: "TOO_LATE" };
  if (!subjectMeets(rule.requirements, subject, now, organiser.timezone)) {
    return { status: "SKIPPED", reason: "REQUIREMENTS" };
  }
  if (rule.spamAvoidanceDelay > 0) {
    // Two events of one rule for one recipient at once: the spam window needs them in turn.
    await tx.execute(advisoryLock(`rule-recipient:${row.ruleId}:${row.recipient}`));
    const last = await lastSentAt(tx, organiser.id, rule.id, row.recipient);
    if (isWithinSpamWindow(last, rule.spamAvoidanceDelay, now)) {
      return { status: "SKIPPED", reason: "SPAM_AVOIDANCE" };
    }
  }
  if (!(await dependenciesMet(tx, organiser.id, rule, row.recipient))) {
    return { status: "SKIPPED", reason: "DEPENDENCY" };
  }
  let messages: NewMessage[];
  try {
    messages = await composeMessages(tx, organiser, rule, row, subject, deps);
  } catch (error) {
    // The organiser's template fails on this data: skipped (the console shows why), not retried.
    if (error instanceof TemplateRenderError || error instanceof TemplateSyntaxError) {
      deps.log.warn({ err: error, ruleId: rule.id }, "rule's template failed to render");
      return { status: "SKIPPED", reason: "TEMPLATE_INVALID" };
    }
    if (error instanceof RuleTemplateMissing)
      return { status: "SKIPPED", reason: "TEMPLATE_MISSING" };
    throw error;
  }
  if (messages.length === 0) return { status: "SKIPPED", reason: "NO_ADDRESS" };
  const ids = await queueMessages(tx, messages);
  return { status: "SENT", messageIds: ids };
}

async function dependenciesMet(
  tx: TenantTx,
  organiserId: number,
  rule: RuleRow,
  recipient: string,
): Promise<boolean> {
  if (rule.dependencies.length === 0) return true;
  const required = await findRulesByCuid(tx, organiserId, rule.dependencies);
  const sent = await rulesThatSentTo(
    tx,
    organiserId,
    required.map((dependency) => dependency.id),
    recipient,
  );
  return required.every((dependency) => sent.has(dependency.id));
}

/** Where the message goes: the customer's address and mobile, the collaborator's, the fixed one. */
type Destination = { email: string | null; phone: string | null; customer: ContactRow | null };

async function destinationOf(
  tx: TenantTx,
  organiser: Organiser,
  row: ScheduledRow,
  subject: EventSubject,
): Promise<Destination> {
  if (row.customerId !== null) {
    const [customer] = await listCustomers(tx, organiser.id, [row.customerId]);
    if (!customer) return { email: null, phone: null, customer: null };
    const mobile = smsRecipient(customer.phone, organiser.country);
    return { email: customer.email, phone: mobile.ok ? mobile.e164 : null, customer };
  }
  if (row.collaboratorId !== null) {
    const staff = await assignedCollaborators(tx, organiser.id, subject.availabilityIds);
    const member = staff.find((one) => one.collaboratorId === row.collaboratorId);
    return { email: member?.email ?? null, phone: null, customer: null };
  }
  return { email: row.recipient, phone: null, customer: null };
}

/** The rule's e-mail and SMS to the recipient, rendered from today's data, ready to queue. */
async function composeMessages(
  tx: TenantTx,
  organiser: Organiser,
  rule: RuleRow,
  row: ScheduledRow,
  subject: EventSubject,
  deps: EventHandlerDeps,
): Promise<NewMessage[]> {
  const destination = await destinationOf(tx, organiser, row, subject);
  const base = {
    organiserId: organiser.id,
    source: "RULE" as const,
    ruleId: rule.id,
    customerId: row.customerId,
    collaboratorId: row.collaboratorId,
  };
  const key = ruleMessageKey(rule.cuid, row);
  const messages: NewMessage[] = [];
  if (rule.channels.includes("EMAIL") && destination.email) {
    // The family's confirmation (a processed cart's e-mail to a customer) carries the
    // activities' confirmations: one e-mail, not two (decision 0101).
    const confirmation =
      row.eventType === "cart.processed" && row.customerId !== null
        ? await confirmationExtras(tx, organiser, subject, deps)
        : null;
    const email = await renderRuleMessage(
      tx,
      organiser,
      deps.urls,
      rule,
      subject,
      row,
      "EMAIL",
      confirmation?.appendix,
    );
    messages.push({
      ...base,
      to: destination.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      idempotencyKey: key,
      attachments: distinctAttachments([
        ...(await attachmentsFor(tx, organiser, rule.attachments, subject, deps)),
        ...(confirmation?.attachments ?? []),
      ]),
    });
  }
  if (rule.channels.includes("SMS") && destination.phone) {
    const sms = await renderRuleMessage(tx, organiser, deps.urls, rule, subject, row, "SMS");
    messages.push({
      ...base,
      channel: "SMS",
      to: destination.phone,
      text: sms.text,
      idempotencyKey: `${key}:sms`,
    });
  }
  return messages;
}
