import { z } from "zod";
import { LIMITS, listEnvelope, pagingQuery, requiredText } from "../common.ts";
import { NEWSLETTER_CONSENT_SOURCES } from "../newsletters.ts";
import { instantValue } from "./availabilities.ts";
import { cuidValue, richText } from "./catalogue-fields.ts";
import { segmentView } from "./segments.ts";

/**
 * Newsletters (/api/admin/newsletters, permission `newsletters.newsletters.*`, decision 0056):
 * rich HTML to the consenting customers of a segment, sent now or at a time, in batches.
 */

export const NEWSLETTER_STATUSES = ["DRAFT", "SCHEDULED", "SENDING", "SENT", "CANCELLED"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** POST /api/admin/newsletters, PUT /api/admin/newsletters/:cuid (a draft or scheduled one). */
export const newsletterBody = z.object({
  subject: requiredText(LIMITS.shortText),
  content: richText.refine(
    (html) => html.replace(/<[^>]*>|&nbsp;|\s/g, "") !== "" || /<img\b/i.test(html),
    "REQUIRED",
  ),
  segment: cuidValue,
});
export type NewsletterBody = z.input<typeof newsletterBody>;

/** POST /api/admin/newsletters/preview: the e-mail as recipients will see it. */
export const newsletterPreviewBody = newsletterBody.pick({ subject: true, content: true });
export const newsletterPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreview>;

/** POST /api/admin/newsletters/images (multipart, one image): where the stored image is served. */
export const newsletterImage = z.object({ url: z.string() });
export type NewsletterImage = z.infer<typeof newsletterImage>;

/** POST /api/admin/newsletters/:cuid/send: now (no `at`) or at a time ahead. */
export const newsletterSendBody = z.object({ at: instantValue.nullish() }).strict();
export type NewsletterSendBody = z.input<typeof newsletterSendBody>;

/** What became of the messages queued for a newsletter (the delivery log's statuses). */
export const newsletterDelivery = z.object({
  queued: z.int(),
  sent: z.int(),
  failed: z.int(),
  cancelled: z.int(),
});
export type NewsletterDelivery = z.infer<typeof newsletterDelivery>;

export const newsletterView = z.object({
  cuid: z.string(),
  subject: z.string(),
  content: z.string(),
  segment: segmentView.pick({ cuid: true, name: true, entity: true }),
  status: z.enum(NEWSLETTER_STATUSES),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** messages queued so far */
  recipients_count: z.int(),
  delivery: newsletterDelivery,
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsletterView = z.infer<typeof newsletterView>;
export const newsletterList = listEnvelope(newsletterView.omit({ content: true }));
export type NewsletterList = z.infer<typeof newsletterList>;
export const newslettersQuery = pagingQuery.extend({
  status: z.enum(NEWSLETTER_STATUSES, { error: "INVALID_CHOICE" }).optional(),
});
export const newsletterParams = z.object({ cuid: cuidValue });

/** GET /api/admin/newsletters/subscribers (permission `newsletters.subscribers.read`). */
export const subscriberView = z.object({
  cuid: z.string(),
  fullname: z.string(),
  email: z.string(),
  subscribed_at: z.string(),
  source: z.enum(NEWSLETTER_CONSENT_SOURCES).nullable(),
});
export type SubscriberView = z.infer<typeof subscriberView>;
export const subscriberList = listEnvelope(subscriberView);
export type SubscriberList = z.infer<typeof subscriberList>;
export const subscribersQuery = pagingQuery.extend({
  q: z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG").optional(),
});
