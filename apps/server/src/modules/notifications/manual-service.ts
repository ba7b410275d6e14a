import type {
  ManualMessageList,
  ManualMessageView,
  ManualPreview,
  ManualPreviewBody,
  ManualRecipients,
  ManualSendBody,
  ManualTarget,
} from "@booking/contracts";
import {
  canCancelManualMessage,
  manualDeliveryKey,
  manualKeyPrefix,
  manualMessageStatus,
  manualSendAtError,
} from "@booking/domain";
import { sanitizeHtml } from "@booking/domain/html";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { emitEvent } from "../events/emit.ts";
import { cancelPendingMessages, type NewMessage, queueMessages } from "../messages/queue.ts";
import {
  findManualMessageByKey,
  insertManualMessage,
  listManualMessages,
  lockManualMessage,
  type ManualMessageListRow,
  type ManualMessageRow,
  updateManualMessage,
} from "./manual-queries.ts";
import {
  type ResolvedTarget,
  recipientView,
  resolveTarget,
  smsPhoneOf,
} from "./manual-recipients.ts";
import {
  checkManualTexts,
  type ManualTexts,
  renderForRecipient,
  smsPreview,
} from "./manual-render.ts";

// Messages written by hand (`notifications.trigger`, docs/decisions/0054-messages-by-hand.md):
// the families of a target, a preview on one of them, and the sending, now or at a time, of
// one e-mail and/or SMS per family through the delivery log.

/** Delivery of what was queued for now, after the commit (the sweeper catches any left). */
export interface ManualDeps {
  dispatchEmail(messageId: number): Promise<void>;
}

/** What rendering needs beside the console's context: the public addresses messages link to. */
export interface ManualLinks {
  urls: PublicUrls;
}

function textsOf(body: ManualPreviewBody | ManualSendBody): ManualTexts {
  return {
    email: body.email,
    sms: body.sms,
    subject: body.subject,
    // Stored and rendered as the editor's HTML, sanitised like every rich text of the console.
    content: body.email ? sanitizeHtml(body.content) : "",
    smsBody: body.sms ? body.sms_body : "",
  };
}

/** POST …/manual/recipients: the target's families, each once, and how many an SMS reaches. */
export async function manualRecipients(
  context: ConsoleContext,
  target: ManualTarget,
): Promise<ManualRecipients> {
  const resolved = await resolveTarget(context, target);
  const data = resolved.recipients.map((row) => recipientView(row, context.organiser.country));
  return {
    target: resolved.view,
    count: data.length,
    sms_count: data.filter((recipient) => recipient.sms_phone !== null).length,
    data,
  };
}

/** POST …/manual/preview: the message as one family (the one asked for, or the first) gets it. */
export async function previewManualMessage(
  context: ConsoleContext,
  links: ManualLinks,
  body: ManualPreviewBody,
): Promise<ManualPreview> {
  const texts = textsOf(body);
  checkManualTexts(texts);
  const resolved = await resolveTarget(context, body.target);
  const recipient = body.recipient
    ? resolved.recipients.find((row) => row.cuid === body.recipient)
    : resolved.recipients[0];
  if (!recipient) throw new AppError(body.recipient ? "CUSTOMER_NOT_FOUND" : "NO_RECIPIENTS");
  const { country } = context.organiser;
  const copies = await renderForRecipient(context.db, context.organiser, links.urls, {
    texts,
    recipient,
    availabilityCuid: resolved.availabilityCuid,
    withSms: true,
  });
  return {
    recipient: recipientView(recipient, country),
    email: copies.email,
    sms: copies.sms === null ? null : smsPreview(copies.sms),
  };
}

/**
 * POST …/manual: renders each family's copies with their own data and queues them in one
 * transaction with the message's row and its `manual` event, for now or for `send_at`. The
 * request key makes a double-click or a retry answer the message already made.
 */
export async function sendManualMessage(
  context: ConsoleContext,
  deps: ManualDeps & ManualLinks,
  body: ManualSendBody,
  now: Date = new Date(),
): Promise<{ created: boolean; message: ManualMessageView }> {
  const { db, organiser } = context;
  const existing = await findManualMessageByKey(db, organiser.id, body.request_key);
  if (existing) return { created: false, message: await viewOf(context, existing, now) };
  const sendAt = body.send_at ? new Date(body.send_at) : null;
  const sendAtError = manualSendAtError(sendAt, now);
  if (sendAtError) throw validationError({ send_at: sendAtError });
  const texts = textsOf(body);
  checkManualTexts(texts);
  const resolved = await resolveTarget(context, body.target);
  if (resolved.recipients.length === 0) throw new AppError("NO_RECIPIENTS");
  const row = await insertManualMessage(db, {
    organiserId: organiser.id,
    ...resolved.columns,
    email: texts.email,
    sms: texts.sms,
    subject: texts.subject,
    content: texts.content,
    smsBody: texts.smsBody,
    templateCuid: body.template ?? null,
    sendAt: sendAt ?? now,
    sentBy: context.actor.collaboratorId,
    status: sendAt ? "SCHEDULED" : "SENT",
    requestKey: body.request_key,
    recipientsCount: resolved.recipients.length,
  });
  if (!row) {
    // A concurrent request with the key committed first: its message is the answer.
    const first = await findManualMessageByKey(db, organiser.id, body.request_key);
    return { created: false, message: await viewOf(context, first!, now) };
  }
  const { queued, ids, smsSkipped } = await queueCopies(context, deps, row, resolved, texts);
  const counted = await updateManualMessage(db, row.id, {
    emailCount: queued.filter((message) => message.channel === "EMAIL").length,
    smsCount: queued.filter((message) => message.channel === "SMS").length,
    smsSkippedCount: smsSkipped,
  });
  await emitEvent(db, organiser.id, "manual", { message_cuid: row.cuid });
  await context.audit({
    action: "manual_message.sent",
    entity: "manual_message",
    entityId: row.cuid,
    after: {
      target: resolved.view.type,
      recipients: counted.recipientsCount,
      email: counted.emailCount,
      sms: counted.smsCount,
      send_at: counted.sendAt.toISOString(),
    },
  });
  if (!sendAt) {
    context.afterCommit(async () => {
      for (const id of ids) await deps.dispatchEmail(id);
    });
  }
  return { created: true, message: await viewOf(context, counted, now) };
}

/**
 * Renders and queues each family's e-mail and/or SMS (an SMS only to a valid mobile number),
 * keyed per family and channel, at the message's time.
 */
async function queueCopies(
  context: ConsoleContext,
  links: ManualLinks,
  row: ManualMessageRow,
  resolved: ResolvedTarget,
  texts: ManualTexts,
): Promise<{ queued: NewMessage[]; ids: number[]; smsSkipped: number }> {
  const { db, organiser } = context;
  const sendAt = row.status === "SCHEDULED" ? row.sendAt : undefined;
  const queued: NewMessage[] = [];
  let smsSkipped = 0;
  for (const recipient of resolved.recipients) {
    const phone = texts.sms ? smsPhoneOf(recipient, organiser.country) : null;
    if (texts.sms && phone === null) smsSkipped += 1;
    const copies = await renderForRecipient(db, organiser, links.urls, {
      texts,
      recipient,
      availabilityCuid: resolved.availabilityCuid,
      withSms: phone !== null,
    });
    const common = {
      organiserId: organiser.id,
      source: "MANUAL" as const,
      customerId: recipient.id,
      manualMessageId: row.id,
      sentBy: context.actor.collaboratorId,
      sendAt,
    };
    if (copies.email && recipient.email !== "") {
      queued.push({
        ...common,
        channel: "EMAIL",
        to: recipient.email,
        subject: copies.email.subject,
        html: copies.email.html,
        text: copies.email.text,
        idempotencyKey: manualDeliveryKey(row.cuid, recipient.id, "EMAIL"),
      });
    }
    if (copies.sms !== null && phone !== null) {
      queued.push({
        ...common,
        channel: "SMS",
        to: phone,
        text: copies.sms,
        idempotencyKey: manualDeliveryKey(row.cuid, recipient.id, "SMS"),
      });
    }
  }
  return { queued, ids: await queueMessages(db, queued), smsSkipped };
}

/** POST …/manual/:cuid/cancel: a scheduled message and its waiting copies, before they go. */
export async function cancelManualMessage(
  context: ConsoleContext,
  cuid: string,
  now: Date = new Date(),
): Promise<ManualMessageView> {
  const { db, organiser } = context;
  const row = await lockManualMessage(db, organiser.id, cuid);
  if (!row) throw new AppError("MANUAL_MESSAGE_NOT_FOUND");
  if (!canCancelManualMessage(row.status, row.sendAt, now)) {
    throw new AppError("MANUAL_MESSAGE_NOT_SCHEDULED");
  }
  await cancelPendingMessages(db, organiser.id, { keyPrefix: manualKeyPrefix(row.cuid) });
  const cancelled = await updateManualMessage(db, row.id, {
    status: "CANCELLED",
    cancelledAt: now,
  });
  await context.audit({
    action: "manual_message.cancelled",
    entity: "manual_message",
    entityId: row.cuid,
    before: { status: row.status, send_at: row.sendAt.toISOString() },
    after: { status: "CANCELLED" },
  });
  return viewOf(context, cancelled, now);
}

/** GET …/manual: the messages sent by hand, latest first, with their counts. */
export async function listManualMessageViews(
  context: ConsoleContext,
  page: { page_number: number; page_size: number },
  now: Date = new Date(),
): Promise<ManualMessageList> {
  const limit = page.page_size;
  const offset = (page.page_number - 1) * limit;
  const { rows, count } = await listManualMessages(context.db, context.organiser.id, {
    limit,
    offset,
  });
  return { data: rows.map((row) => listView(row, now)), count, limit, offset };
}

async function viewOf(
  context: ConsoleContext,
  row: ManualMessageRow,
  now: Date,
): Promise<ManualMessageView> {
  const { rows } = await listManualMessages(
    context.db,
    context.organiser.id,
    { limit: 1, offset: 0 },
    { id: row.id },
  );
  return listView(rows[0]!, now);
}

function listView(row: ManualMessageListRow, now: Date): ManualMessageView {
  const { message } = row;
  const label = row.customerName ?? row.activityTitle ?? "";
  const startAt = row.dateStartAt ?? row.availabilityStartAt;
  return {
    cuid: message.cuid,
    target: {
      type: message.targetType,
      label: message.targetType === "REGISTRATIONS" ? "" : label,
      start_at: startAt ? startAt.toISOString() : null,
      availability_cuid: row.availabilityCuid,
      date_cuid: row.dateCuid,
      customer_cuid: row.customerCuid,
      filter: message.registrationFilter ?? null,
    },
    email: message.email,
    sms: message.sms,
    subject: message.subject,
    sms_body: message.smsBody,
    status: manualMessageStatus(message.status, message.sendAt, now),
    send_at: message.sendAt.toISOString(),
    sent_by: row.sentByName,
    recipients_count: message.recipientsCount,
    email_count: message.emailCount,
    sms_count: message.smsCount,
    sms_skipped_count: message.smsSkippedCount,
    delivery: row.delivery,
    created_at: message.createdAt.toISOString(),
    cancelled_at: message.cancelledAt ? message.cancelledAt.toISOString() : null,
  };
}
