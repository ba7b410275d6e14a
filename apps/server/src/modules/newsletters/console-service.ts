import type {
  NewsletterBody,
  NewsletterDelivery,
  NewsletterList,
  NewsletterPreview,
  NewsletterStatus,
  NewsletterView,
  SubscriberList,
} from "@booking/contracts";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { cancelPendingMessages, queueMessage } from "../messages/queue.ts";
import { findSegment } from "../segments/queries.ts";
import {
  deleteNewsletter,
  deliveryCounts,
  findNewsletter,
  insertNewsletter,
  listNewsletters,
  listSubscribers,
  type NewsletterRow,
  updateNewsletter,
} from "./console-queries.ts";
import { sanitizeNewsletterHtml } from "./images.ts";
import { checkNewsletterTexts, renderNewsletter } from "./render.ts";

export interface NewslettersConsoleDeps {
  publicUrls: PublicUrls;
  dispatchEmail(messageId: number): Promise<void>;
}

/** The delivery log's statuses, grouped as the console shows them. */
function delivery(counts: Record<string, number> = {}): NewsletterDelivery {
  const of = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return {
    queued: of("SCHEDULED", "QUEUED", "SENDING"),
    sent: of("SENT", "OUTBOX"),
    failed: of("FAILED"),
    cancelled: of("CANCELLED"),
  };
}

function view(row: NewsletterRow, counts?: Record<string, number>): NewsletterView {
  return {
    cuid: row.cuid,
    subject: row.subject,
    content: row.content,
    segment: { cuid: row.segmentCuid, name: row.segmentName, entity: row.segmentEntity },
    status: row.status,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    recipients_count: row.recipientsCount,
    delivery: delivery(counts),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function requireNewsletter(context: ConsoleContext, cuid: string, lock = false) {
  const row = await findNewsletter(context.db, context.organiser.id, cuid, lock);
  if (!row) throw new AppError("NEWSLETTER_NOT_FOUND");
  return row;
}

/** A newsletter that has not started sending: DRAFT or SCHEDULED. */
async function requireEditable(context: ConsoleContext, cuid: string) {
  const row = await requireNewsletter(context, cuid, true);
  if (row.status !== "DRAFT" && row.status !== "SCHEDULED") {
    throw new AppError("NEWSLETTER_NOT_EDITABLE");
  }
  return row;
}

/** The stored texts and segment id of a body, or the error of the field that is wrong. */
async function checkedBody(context: ConsoleContext, body: NewsletterBody) {
  const texts = {
    subject: body.subject,
    content: sanitizeNewsletterHtml(body.content, context.organiser.cuid),
  };
  checkNewsletterTexts(texts);
  const segment = await findSegment(context.db, context.organiser.id, { cuid: body.segment });
  if (!segment) throw validationError({ segment: "INVALID_CHOICE" });
  return { ...texts, segmentId: segment.id };
}

async function detail(context: ConsoleContext, cuid: string): Promise<NewsletterView> {
  const row = await requireNewsletter(context, cuid);
  const counts = await deliveryCounts(context.db, context.organiser.id, [row.id]);
  return view(row, counts.get(row.id));
}

const audited = (row: { subject: string; status: string; scheduledAt: Date | null }) => ({
  subject: row.subject,
  status: row.status,
  scheduled_at: row.scheduledAt?.toISOString() ?? null,
});

/** The console's newsletters (permission `newsletters.newsletters.*`, decision 0056). */
export function newslettersConsole(deps: NewslettersConsoleDeps) {
  return {
    async list(
      context: ConsoleContext,
      query: { status?: NewsletterStatus; page_number: number; page_size: number },
    ): Promise<NewsletterList> {
      const limit = query.page_size;
      const offset = (query.page_number - 1) * limit;
      const { rows, total } = await listNewsletters(context.db, context.organiser.id, {
        status: query.status,
        limit,
        offset,
      });
      const counts = await deliveryCounts(
        context.db,
        context.organiser.id,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map(({ content: _content, ...row }) =>
          view({ ...row, content: "" }, counts.get(row.id)),
        ),
        count: total,
        limit,
        offset,
      };
    },

    get: detail,

    async create(context: ConsoleContext, body: NewsletterBody): Promise<NewsletterView> {
      const values = await checkedBody(context, body);
      const row = await insertNewsletter(context.db, {
        organiserId: context.organiser.id,
        ...values,
        createdBy: context.actor.collaboratorId,
      });
      await context.audit({
        action: "newsletter.created",
        entity: "newsletter",
        entityId: row.cuid,
        after: audited(row),
      });
      return detail(context, row.cuid);
    },

    async update(
      context: ConsoleContext,
      cuid: string,
      body: NewsletterBody,
    ): Promise<NewsletterView> {
      const row = await requireEditable(context, cuid);
      await updateNewsletter(
        context.db,
        context.organiser.id,
        row.id,
        await checkedBody(context, body),
      );
      await context.audit({
        action: "newsletter.updated",
        entity: "newsletter",
        entityId: cuid,
        before: { subject: row.subject },
        after: { subject: body.subject },
      });
      return detail(context, cuid);
    },

    async remove(context: ConsoleContext, cuid: string): Promise<void> {
      const row = await requireNewsletter(context, cuid, true);
      if (row.status !== "DRAFT") throw new AppError("NEWSLETTER_NOT_EDITABLE");
      await deleteNewsletter(context.db, context.organiser.id, row.id);
      await context.audit({
        action: "newsletter.deleted",
        entity: "newsletter",
        entityId: cuid,
        before: audited(row),
      });
    },

    /** The mail as a reader sees it, with the collaborator's name in place of a customer's. */
    async preview(
      context: ConsoleContext,
      body: { subject: string; content: string },
    ): Promise<NewsletterPreview> {
      const texts = {
        subject: body.subject,
        content: sanitizeNewsletterHtml(body.content, context.organiser.cuid),
      };
      checkNewsletterTexts(texts);
      return renderNewsletter(
        context.organiser,
        deps.publicUrls,
        texts,
        context.session.collaborator,
        null,
      );
    },

    /** Sends the newsletter to the collaborator alone, subject marked as a test. */
    async test(context: ConsoleContext, cuid: string): Promise<{ ok: true }> {
      const row = await requireNewsletter(context, cuid);
      const me = context.session.collaborator;
      const mail = await renderNewsletter(context.organiser, deps.publicUrls, row, me, null);
      const id = await queueMessage(context.db, {
        organiserId: context.organiser.id,
        to: me.email,
        subject: `[Test] ${mail.subject}`,
        html: mail.html,
        text: mail.text,
        source: "NEWSLETTER",
        newsletterId: row.id,
        collaboratorId: me.id,
        sentBy: me.id,
      });
      if (id !== null) context.afterCommit(() => deps.dispatchEmail(id));
      return { ok: true };
    },

    /** Now (the sender starts within a second) or at `at`, which must lie ahead. */
    async send(
      context: ConsoleContext,
      cuid: string,
      at: string | null | undefined,
    ): Promise<NewsletterView> {
      const row = await requireEditable(context, cuid);
      const now = new Date();
      const when = at ? new Date(at) : null;
      if (when && when <= now) throw validationError({ at: "TOO_SMALL" });
      const status = when ? "SCHEDULED" : "SENDING";
      await updateNewsletter(context.db, context.organiser.id, row.id, {
        status,
        scheduledAt: when ?? now,
        startedAt: when ? null : now,
      });
      await context.audit({
        action: when ? "newsletter.scheduled" : "newsletter.sent",
        entity: "newsletter",
        entityId: cuid,
        before: audited(row),
        after: { subject: row.subject, status, scheduled_at: (when ?? now).toISOString() },
      });
      return detail(context, cuid);
    },

    /**
     * Stops a scheduled newsletter, or one sending: its messages not handed to the SMTP server
     * yet are cancelled; those already sent stay sent.
     */
    async cancel(context: ConsoleContext, cuid: string): Promise<NewsletterView> {
      const row = await requireNewsletter(context, cuid, true);
      if (row.status !== "SCHEDULED" && row.status !== "SENDING") {
        throw new AppError("NEWSLETTER_NOT_EDITABLE");
      }
      await updateNewsletter(context.db, context.organiser.id, row.id, { status: "CANCELLED" });
      await cancelPendingMessages(context.db, context.organiser.id, {
        keyPrefix: `newsletter:${row.cuid}:`,
      });
      await context.audit({
        action: "newsletter.cancelled",
        entity: "newsletter",
        entityId: cuid,
        before: audited(row),
        after: { status: "CANCELLED" },
      });
      return detail(context, cuid);
    },

    async subscribers(
      context: ConsoleContext,
      query: { q?: string; page_number: number; page_size: number },
    ): Promise<SubscriberList> {
      const limit = query.page_size;
      const offset = (query.page_number - 1) * limit;
      const { rows, total } = await listSubscribers(context.db, context.organiser.id, {
        q: query.q,
        limit,
        offset,
      });
      return {
        data: rows.map((row) => ({
          cuid: row.cuid,
          fullname: `${row.firstname} ${row.lastname}`.trim(),
          email: row.email,
          subscribed_at: row.subscribedAt!.toISOString(),
          source: row.source,
        })),
        count: total,
        limit,
        offset,
      };
    },
  };
}

export type NewslettersConsole = ReturnType<typeof newslettersConsole>;
