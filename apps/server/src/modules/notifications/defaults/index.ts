import type { TemplateLanguage, TemplateSource } from "../render/index.ts";
import { cartConfirmation } from "./cart-confirmation.ts";
import { collaboratorInvitation } from "./collaborator-invitation.ts";
import { customerInvoice } from "./customer-invoice.ts";
import { collaboratorPasswordReset, customerPasswordReset } from "./password-reset.ts";
import { paymentRefunded } from "./payment-refunded.ts";
import { paymentRefundedByOrganiser } from "./payment-refunded-by-organiser.ts";
import { paymentReminder } from "./payment-reminder.ts";
import type { DefaultTemplate, DefaultTemplateKey } from "./types.ts";
import { waitingListOffer } from "./waiting-list-offer.ts";
import { webhookDisabled } from "./webhook-disabled.ts";

export { DEFAULT_TEMPLATE_KEYS, type DefaultTemplate, type DefaultTemplateKey } from "./types.ts";

/** Every e-mail the product sends, in the order the console lists them. */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  cartConfirmation,
  waitingListOffer,
  paymentRefunded,
  paymentRefundedByOrganiser,
  customerInvoice,
  paymentReminder,
  customerPasswordReset,
  collaboratorPasswordReset,
  collaboratorInvitation,
  webhookDisabled,
];

export function findDefaultTemplate(key: string): DefaultTemplate | null {
  return DEFAULT_TEMPLATES.find((template) => template.key === key) ?? null;
}

/** A default's text in a language. */
export function defaultSource(key: DefaultTemplateKey, language: TemplateLanguage): TemplateSource {
  return findDefaultTemplate(key)![language];
}
