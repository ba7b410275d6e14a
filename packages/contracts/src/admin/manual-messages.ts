import { z } from "zod";
import { LIMITS, listEnvelope, pagingQuery } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";
import { instantValue } from "./availabilities.ts";
import { cuidValue, richText } from "./catalogue-fields.ts";
import { REGISTRATION_PAYMENT_STATES } from "./registrations.ts";

/**
 * Messages written by hand (/api/admin/notifications/manual, permission `notifications.trigger`,
 * docs/decisions/0054-messages-by-hand.md): staff write to the families of an availability, of
 * one of its dates, of a filtered registrations list, or to one customer, by e-mail and/or SMS,
 * now or at a time.
 */

export const MANUAL_TARGET_TYPES = [
  "AVAILABILITY",
  "AVAILABILITY_DATE",
  "REGISTRATIONS",
  "CUSTOMER",
] as const;
export type ManualTargetType = (typeof MANUAL_TARGET_TYPES)[number];

export const MANUAL_MESSAGE_STATUSES = ["SCHEDULED", "SENT", "CANCELLED"] as const;

/** The longest SMS body staff may write: ten concatenated GSM-7 segments. */
export const MANUAL_SMS_MAX_LENGTH = 1530;

const dayValue = z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE");

/** The registrations list's filters (its query, without paging, sort or the cancelled ones). */
export const manualRegistrationFilter = z
  .object({
    q: z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG").optional(),
    activity: cuidValue.optional(),
    availability: cuidValue.optional(),
    from: dayValue.optional(),
    to: dayValue.optional(),
    payment: z.enum(REGISTRATION_PAYMENT_STATES, { error: "INVALID_CHOICE" }).optional(),
  })
  .strict();
export type ManualRegistrationFilterInput = z.infer<typeof manualRegistrationFilter>;

/** Whose families a message goes to. */
export const manualTarget = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("AVAILABILITY"), availability: cuidValue }),
    z.object({ type: z.literal("AVAILABILITY_DATE"), availability: cuidValue, date: cuidValue }),
    z.object({ type: z.literal("REGISTRATIONS"), filter: manualRegistrationFilter }),
    z.object({ type: z.literal("CUSTOMER"), customer: cuidValue }),
  ],
  { error: "INVALID_CHOICE" },
);
export type ManualTarget = z.infer<typeof manualTarget>;

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const queryValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsMissing, schema.optional());

/**
 * GET /api/admin/notifications/manual/recipients, and the composer's address: the target as
 * flat query parameters (`type`, then `availability` and `date`, `customer`, or the registrations
 * list's filters), read into a `ManualTarget`.
 */
export const manualRecipientsQuery = z
  .object({
    type: z.enum(MANUAL_TARGET_TYPES, { error: "INVALID_CHOICE" }),
    availability: queryValue(cuidValue),
    date: queryValue(cuidValue),
    customer: queryValue(cuidValue),
    q: queryValue(z.string("INVALID_TYPE").trim().max(LIMITS.name, "TOO_LONG")),
    activity: queryValue(cuidValue),
    from: queryValue(dayValue),
    to: queryValue(dayValue),
    payment: queryValue(z.enum(REGISTRATION_PAYMENT_STATES, { error: "INVALID_CHOICE" })),
  })
  .transform(({ type, availability, date, customer, ...filter }, context) => {
    const given =
      type === "REGISTRATIONS"
        ? { type, filter: definedOnly({ ...filter, availability }) }
        : definedOnly({ type, availability, date, customer });
    // A parameter the target needs and lacks is REQUIRED on its own name.
    const result = manualTarget.safeParse(given);
    if (result.success) return { target: result.data };
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
export type ManualRecipientsQuery = z.input<typeof manualRecipientsQuery>;

function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export const manualRecipientView = z.object({
  cuid: z.string(),
  firstname: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** the phone number in E.164, or null when it is not a valid one (no SMS) */
  sms_phone: z.string().nullable(),
  /** the participants registered, by which the family is reached */
  participants: z.array(z.string()),
});
export type ManualRecipientView = z.infer<typeof manualRecipientView>;

/** The target in words, for the composer's heading and the sent messages' list. */
export const manualTargetView = z.object({
  type: z.enum(MANUAL_TARGET_TYPES),
  /** the activity's title (availability, date), the customer's name, or "" (registrations) */
  label: z.string(),
  /** when the availability (or the date) starts */
  start_at: z.string().nullable(),
  availability_cuid: z.string().nullable(),
  date_cuid: z.string().nullable(),
  customer_cuid: z.string().nullable(),
  filter: manualRegistrationFilter.nullable(),
});
export type ManualTargetView = z.infer<typeof manualTargetView>;

export const manualRecipients = z.object({
  target: manualTargetView,
  /** families (customers), each once */
  count: z.int(),
  /** families with a valid mobile number */
  sms_count: z.int(),
  data: z.array(manualRecipientView),
});
export type ManualRecipients = z.infer<typeof manualRecipients>;

const subjectValue = z.string("INVALID_TYPE").trim().max(LIMITS.shortText, "TOO_LONG");
const smsValue = z.string("INVALID_TYPE").trim().max(MANUAL_SMS_MAX_LENGTH, "TOO_LONG");

/**
 * What staff wrote: the e-mail (subject, rich HTML content; both required when e-mail is ticked)
 * and the SMS body (required when SMS is ticked), Liquid variables allowed in each.
 */
const manualContent = z.object({
  target: manualTarget,
  email: z.boolean("INVALID_TYPE"),
  sms: z.boolean("INVALID_TYPE"),
  subject: subjectValue.default(""),
  content: richText.default(""),
  sms_body: smsValue.default(""),
  /** the notification template the text started from */
  template: cuidValue.nullish(),
});

function requireChannelTexts(value: z.infer<typeof manualContent>, context: z.RefinementCtx): void {
  const missing = (path: string) =>
    context.addIssue({ code: "custom", message: "REQUIRED", path: [path] });
  if (!value.email && !value.sms) missing("email");
  if (value.email && value.subject === "") missing("subject");
  if (value.email && isBlankHtml(value.content)) missing("content");
  if (value.sms && value.sms_body === "") missing("sms_body");
}

/** An editor's empty paragraph (`<p></p>`) is no content. */
function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
}

/** POST /api/admin/notifications/manual/preview: the message as `recipient` (default the first) gets it. */
export const manualPreviewBody = manualContent
  .extend({ recipient: cuidValue.nullish() })
  .superRefine(requireChannelTexts);
export type ManualPreviewBody = z.infer<typeof manualPreviewBody>;

export const manualPreview = z.object({
  recipient: manualRecipientView,
  email: z.object({ subject: z.string(), html: z.string(), text: z.string() }).nullable(),
  sms: z
    .object({
      body: z.string(),
      /** GSM-7 or UCS-2 */
      encoding: z.string(),
      segments: z.int(),
    })
    .nullable(),
});
export type ManualPreview = z.infer<typeof manualPreview>;

/**
 * POST /api/admin/notifications/manual: sends now, or at `send_at` (in the future). The composer
 * draws `request_key` once per message written: a second request with it (a double-click, a
 * retry) answers the message already made and sends nothing more.
 */
export const manualSendBody = manualContent
  .extend({
    request_key: z
      .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
      .trim()
      .min(8, "TOO_SHORT")
      .max(100, "TOO_LONG"),
    send_at: instantValue.nullish(),
  })
  .superRefine(requireChannelTexts);
export type ManualSendBody = z.infer<typeof manualSendBody>;
export type ManualSendInput = z.input<typeof manualSendBody>;

export const manualMessageView = z.object({
  cuid: z.string(),
  target: manualTargetView,
  email: z.boolean(),
  sms: z.boolean(),
  subject: z.string(),
  sms_body: z.string(),
  status: z.enum(MANUAL_MESSAGE_STATUSES),
  send_at: z.string(),
  sent_by: z.string().nullable(),
  recipients_count: z.int(),
  email_count: z.int(),
  sms_count: z.int(),
  /** families without a valid mobile number when SMS was ticked */
  sms_skipped_count: z.int(),
  /** its copies in the delivery log by state: gone (sent, or kept in the development outbox), waiting (scheduled, queued, sending), failed */
  delivery: z.object({ sent: z.int(), waiting: z.int(), failed: z.int() }),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type ManualMessageView = z.infer<typeof manualMessageView>;

/** GET /api/admin/notifications/manual */
export const manualMessageListQuery = pagingQuery;
export const manualMessageList = listEnvelope(manualMessageView);
export type ManualMessageList = z.infer<typeof manualMessageList>;

export const manualMessageParams = z.object({ cuid: cuidValue });
