import type { TemplateLanguage, TemplateSource } from "../render/index.ts";

export const DEFAULT_TEMPLATE_KEYS = [
  "cart-confirmation",
  "waiting-list-offer",
  "payment-refunded",
  "payment-refunded-by-organiser",
  "customer-invoice",
  "payment-reminder",
  "customer-password-reset",
  "collaborator-password-reset",
  "collaborator-invitation",
  "webhook-disabled",
] as const;

export type DefaultTemplateKey = (typeof DEFAULT_TEMPLATE_KEYS)[number];

/**
 * An e-mail the product sends, written in code in both languages (decision 0050). A customer's
 * e-mail may be edited by the organiser (its row in notification_templates replaces it); staff
 * e-mails (a collaborator's password reset and invitation) stay as written.
 */
export interface DefaultTemplate {
  key: DefaultTemplateKey;
  name: Record<TemplateLanguage, string>;
  audience: "customer" | "collaborator";
  editable: boolean;
  fr: TemplateSource;
  en: TemplateSource;
}
