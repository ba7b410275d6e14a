// The data an e-mail or SMS template reads (platform-and-account.md §3.4): message, organiser,
// customer, registrations, bundles, vouchers, memberships, availabilities, cart and the
// unsubscribe link, plus the account pages of §2.2. Names are the template's variable paths
// (snake_case). Every amount is given twice: formatted in the organiser's currency and language
// (`total_amount`: "12,50 €") and raw in minor units (`total_amount_minor`: 1250, for the
// `money` filter). Dates are ISO strings, formatted by the `format_date` and `format_range`
// filters, and pre-formatted where a template always shows them the same way (`period`).

export interface TemplatePerson {
  firstname: string;
  lastname: string;
  fullname: string;
}

export interface TemplateCustomer extends TemplatePerson {
  email: string;
  phone: string | null;
}

export interface TemplateOrganiser {
  name: string;
  /** the language its messages are written in; amounts and dates follow it */
  language: "fr" | "en";
  /** ISO 4217 code of its amounts */
  currency: string;
  /** IANA zone its dates are shown in */
  timezone: string;
  email: string | null;
  phone: string | null;
  /** the storefront's home, in the organiser's language */
  website_url: string;
  logo_url: string | null;
}

/** A date range: raw ends and their formatted span ("samedi 2 mai 2026, 10:00 – 12:00"). */
export interface TemplatePeriod {
  start_at: string;
  end_at: string;
  period: string;
}

export interface TemplateAvailability extends TemplatePeriod {
  cuid: string;
  /** its page on the storefront */
  url: string;
  activity: { title: string };
  location: { title: string; address: string } | null;
}

export interface TemplateRegistration {
  cuid: string;
  reference: string;
  /** the customer's page of it: /account/registrations/{cuid} */
  url: string;
  activity: { title: string };
  participant: TemplatePerson;
  availability: TemplateAvailability;
  /** the dates the participant attends (the availability's span when it has no dates) */
  dates: TemplatePeriod[];
  total_amount: string;
  total_amount_minor: number;
}

export interface TemplateBundle {
  cuid: string;
  url: string;
  title: string;
  participant: { fullname: string } | null;
  expires_at: string | null;
  /** "30 juin 2027" */
  expires_on: string | null;
  total_amount: string;
  total_amount_minor: number;
}

export interface TemplateVoucher {
  cuid: string;
  url: string;
  title: string;
  code: string;
  expires_at: string | null;
  expires_on: string | null;
  total_amount: string;
  total_amount_minor: number;
}

export interface TemplateMembership {
  cuid: string;
  url: string;
  title: string;
  participant: { fullname: string } | null;
  start_at: string;
  end_at: string;
  /** "1 septembre 2026 – 30 juin 2027" */
  period: string;
  total_amount: string;
  total_amount_minor: number;
}

export interface TemplateBankTransfer {
  beneficiary: string;
  iban: string | null;
  bic: string | null;
  amount: string;
  amount_minor: number;
  /** what to write in the transfer: a structured communication or a creditor reference */
  reference: string;
  reference_kind: "STRUCTURED_COMMUNICATION" | "CREDITOR_REFERENCE";
  /** the last day to pay, formatted in the organiser's language */
  due_on: string;
  /** the transfer's EPC QR code as a PNG data URL (sent as an inline image), null without one */
  qr_code: string | null;
}

export interface TemplateCart {
  cuid: string;
  reference: string;
  /** the customer's page of it: /account/carts/{cuid} */
  url: string;
  total_amount: string;
  total_amount_minor: number;
  service_fees: string;
  service_fees_minor: number;
  wallet_used: string;
  wallet_used_minor: number;
  paid_amount: string;
  paid_amount_minor: number;
  /** paid online (the paid amount less the wallet) */
  paid_online_amount: string;
  paid_online_amount_minor: number;
  outstanding_amount: string;
  outstanding_amount_minor: number;
  /** the bank transfer still to make, or null (paid in full, or nothing owed by transfer) */
  bank_transfer: TemplateBankTransfer | null;
  /** the payment instructions as one plain-text block ("" when nothing is to be transferred) */
  instructions: string;
}

/** The customer's account pages (platform-and-account.md §2.2), on the organiser's storefront. */
export interface TemplateAccountLinks {
  url: string;
  profile_url: string;
  registrations_url: string;
  carts_url: string;
  bundles_url: string;
  vouchers_url: string;
  memberships_url: string;
}

/** A place offered from a waiting list, held in the customer's cart until `expires_at`. */
export interface TemplateOffer {
  participant: TemplatePerson;
  activity: { title: string };
  start_at: string;
  expires_at: string;
  price: string;
  price_minor: number;
}

/** An online payment refunded, automatically or by the organiser. */
export interface TemplateRefund {
  amount: string;
  amount_minor: number;
  /** the payment it was taken from */
  paid_amount: string;
  paid_amount_minor: number;
  /** true when the whole payment came back */
  whole: boolean;
  /** why an automatic refund happened: PLACES_TAKEN or NOT_AWAITED; null for the organiser's */
  reason: string | null;
  /** the order's reference, when it has one */
  reference: string | null;
}

/** An invoice or credit note issued to the customer (docs/decisions/0074-customer-invoices.md). */
export interface TemplateInvoice {
  /** INVOICE or CREDIT_NOTE */
  type: string;
  number: string;
  total_amount: string;
  total_amount_minor: number;
  /** what its source has been paid by now, and what is left (0 for a credit note) */
  paid_amount: string;
  paid_amount_minor: number;
  outstanding_amount: string;
  outstanding_amount_minor: number;
  /** the due date, written in the organiser's language; null for a credit note */
  due_at: string | null;
  /** the payment reference of what it bills, when it has one */
  reference: string | null;
  /** its PDF, downloaded from the customer's account (logged in) */
  pdf_url: string;
  /** the account page of what it bills (order, request, booking), else the profile */
  url: string;
}

/** A payment reminder of something still owed (docs/decisions/0077-payment-reminders.md). */
export interface TemplateReminder {
  /** 1 for the first reminder, then 2, … */
  step: number;
  amount_due: string;
  amount_due_minor: number;
  /** the day it was due, written in the organiser's language */
  due_on: string;
  days_overdue: number;
  /** what it is for: the order's reference, the charge's activity, the booked resource */
  label: string;
  /** its invoice's number, when it has one */
  invoice_number: string | null;
  /** the customer's page of it */
  url: string;
  /** how to pay it by transfer (the EPC QR code when the organiser is in euros with an IBAN) */
  bank_transfer: TemplateBankTransfer | null;
}

export interface EmailTemplateData {
  /** a message written by hand, when a template wraps one; its content is HTML */
  message: { subject: string; content: string } | null;
  organiser: TemplateOrganiser;
  customer: TemplateCustomer | null;
  /** the collaborator a staff e-mail is written to (password reset, invitation, staff notices) */
  collaborator?: (TemplatePerson & { email: string }) | null;
  registrations: TemplateRegistration[];
  bundles: TemplateBundle[];
  vouchers: TemplateVoucher[];
  memberships: TemplateMembership[];
  availabilities: TemplateAvailability[];
  cart: TemplateCart | null;
  account: TemplateAccountLinks;
  unsubscribe_url: string | null;
  /**
   * The one action of a system e-mail: the password-reset or invitation link (kind "activate"
   * or "login"), the checkout of an offered place, the storefront after a refund.
   */
  link: { url: string; kind: string } | null;
  /** who invited a collaborator */
  inviter: { name: string } | null;
  offer: TemplateOffer | null;
  refund: TemplateRefund | null;
  invoice: TemplateInvoice | null;
  /** only in a payment reminder */
  reminder?: TemplateReminder | null;
}
