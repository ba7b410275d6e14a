import { z } from "zod";
import { requiredText } from "../common.ts";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * The organiser's notification templates in the console (/api/admin/notification-templates,
 * permissions `notification_templates.notification_templates.*`): its own templates (e-mail or
 * SMS) and the product's default e-mails it may edit or reset. Subject and content are Liquid
 * (platform-and-account.md §3.4 data), written in the organiser's language.
 */

export const NOTIFICATION_TEMPLATE_TYPES = ["EMAIL", "SMS"] as const;
export type NotificationTemplateType = (typeof NOTIFICATION_TEMPLATE_TYPES)[number];

/**
 * "default": a default e-mail as the product writes it; "edited": a default the organiser
 * changed (it may be reset); "custom": a template of the organiser's own.
 */
export const NOTIFICATION_TEMPLATE_ORIGINS = ["default", "edited", "custom"] as const;
export type NotificationTemplateOrigin = (typeof NOTIFICATION_TEMPLATE_ORIGINS)[number];

export const NOTIFICATION_TEMPLATE_LIMITS = {
  name: 100,
  subject: 255,
  /** the rich editor's HTML, Liquid included */
  emailContent: 50_000,
  /** ten concatenated SMS segments of 160 GSM-7 characters */
  smsContent: 1_600,
  /** a default template's key (`cart-confirmation`, …) */
  key: 60,
} as const;

export const adminNotificationTemplateListItem = z.object({
  /** null for a default the organiser has not edited */
  cuid: z.string().nullable(),
  /** the default it stands for (`cart-confirmation`, …), null for the organiser's own */
  default_key: z.string().nullable(),
  name: z.string(),
  type: z.enum(NOTIFICATION_TEMPLATE_TYPES),
  subject: z.string(),
  origin: z.enum(NOTIFICATION_TEMPLATE_ORIGINS),
  /** null for a default the organiser has not edited */
  updated_at: z.string().nullable(),
});
export type AdminNotificationTemplateListItem = z.infer<typeof adminNotificationTemplateListItem>;

/** GET /api/admin/notification-templates: the defaults first (in their order), then by name. */
export const adminNotificationTemplateList = z.object({
  data: z.array(adminNotificationTemplateListItem),
});

export const adminNotificationTemplateView = adminNotificationTemplateListItem.extend({
  content: z.string(),
  /** the language the template is written and sent in: the organiser's */
  language: z.enum(["fr", "en"]),
});
export type AdminNotificationTemplateView = z.infer<typeof adminNotificationTemplateView>;

const subjectValue = z
  .string("INVALID_TYPE")
  .trim()
  .max(NOTIFICATION_TEMPLATE_LIMITS.subject, "TOO_LONG")
  .default("");
const contentValue = z
  .string("INVALID_TYPE")
  .max(NOTIFICATION_TEMPLATE_LIMITS.emailContent, "TOO_LONG");

/** An e-mail needs a subject; an SMS has none and is short. */
function checkByType(
  value: { type: NotificationTemplateType; subject: string; content: string },
  context: z.RefinementCtx,
) {
  if (value.content.trim() === "") {
    context.addIssue({ code: "custom", path: ["content"], message: "REQUIRED" });
  }
  if (value.type === "EMAIL" && value.subject === "") {
    context.addIssue({ code: "custom", path: ["subject"], message: "REQUIRED" });
  }
  if (value.type === "SMS" && value.content.length > NOTIFICATION_TEMPLATE_LIMITS.smsContent) {
    context.addIssue({ code: "custom", path: ["content"], message: "TOO_LONG" });
  }
}

const typeValue = z.enum(NOTIFICATION_TEMPLATE_TYPES, { error: "INVALID_CHOICE" });

/**
 * POST /api/admin/notification-templates, PUT /api/admin/notification-templates/:cuid (the whole
 * template). A template's type is fixed once created: a PUT with another type is refused.
 */
export const notificationTemplateBody = z
  .object({
    name: requiredText(NOTIFICATION_TEMPLATE_LIMITS.name),
    type: typeValue,
    subject: subjectValue,
    content: contentValue,
  })
  .superRefine(checkByType);
export type NotificationTemplateBody = z.input<typeof notificationTemplateBody>;

/** PUT /api/admin/notification-templates/defaults/:key: a default's text (its name and type stay). */
export const defaultNotificationTemplateBody = z
  .object({ subject: subjectValue, content: contentValue })
  .superRefine((value, context) => checkByType({ ...value, type: "EMAIL" }, context));
export type DefaultNotificationTemplateBody = z.input<typeof defaultNotificationTemplateBody>;

/** POST /api/admin/notification-templates/preview: the text as typed, saved or not. */
export const notificationTemplatePreviewBody = z.object({
  type: typeValue,
  subject: subjectValue,
  content: contentValue,
});
export type NotificationTemplatePreviewBody = z.input<typeof notificationTemplatePreviewBody>;

/** The preview, rendered by the server on the organiser's latest real data. */
export const notificationTemplatePreview = z.object({
  /** null for an SMS */
  subject: z.string().nullable(),
  /** the whole e-mail (600 px layout); null for an SMS */
  html: z.string().nullable(),
  /** the plain-text part of the e-mail, or the SMS */
  text: z.string(),
  language: z.enum(["fr", "en"]),
});
export type NotificationTemplatePreview = z.infer<typeof notificationTemplatePreview>;

/** One entry of the variable picker: a value to insert, or a group of them. */
export const notificationTemplateVariable = z.object({
  /** what goes between `{{ }}` (`customer.firstname`); for a list, the list's name */
  path: z.string(),
  label: z.object({ fr: z.string(), en: z.string() }),
  /** a sample value, shown beside the label */
  example: z.string().nullable(),
  /**
   * a list (registrations, …): the name each of its entries goes by inside
   * `{% for item in path %}`, where its children's paths start; null for a value or a group
   */
  item: z.string().nullable(),
  get children() {
    return z.array(notificationTemplateVariable);
  },
});
export type NotificationTemplateVariable = z.infer<typeof notificationTemplateVariable>;

/** GET /api/admin/notification-templates/variables */
export const notificationTemplateVariables = z.object({
  data: z.array(notificationTemplateVariable),
});

export const notificationTemplateParams = z.object({ cuid: cuidValue });
export const defaultNotificationTemplateParams = z.object({
  key: z
    .string("INVALID_TYPE")
    .min(1, "REQUIRED")
    .max(NOTIFICATION_TEMPLATE_LIMITS.key, "TOO_LONG"),
});
