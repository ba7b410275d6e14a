import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { ageFormatRule, LANGUAGES } from "../organiser.ts";
import { optionalText } from "../page-elements/primitives.ts";

/**
 * The organiser's settings in the console (/api/admin/settings/{section}), one section per
 * permission (organiser.{account,business,preferences,payments}.{read,update}). Each PUT sends
 * the whole section. The shapes are checked here; what needs a rule of @booking/domain (IBAN
 * check digits, a known currency or time zone, age format limits) is checked by the server,
 * which answers the same VALIDATION_ERROR field codes.
 */

/** Empty text reads as null (an HTML field left blank), anything else must be an e-mail. */
const optionalEmail = z
  .string("INVALID_TYPE")
  .trim()
  .toLowerCase()
  .max(LIMITS.email, "TOO_LONG")
  .refine((value) => value === "" || z.email().safeParse(value).success, "INVALID_EMAIL")
  .nullish()
  .transform((value) => value || null);

/** Empty reads as null, anything else is an international number (+ and 6 to 15 digits). */
const optionalPhone = z
  .string("INVALID_TYPE")
  .trim()
  .max(LIMITS.phone, "TOO_LONG")
  .refine(
    (value) =>
      value === "" ||
      (/^\+[1-9][\d\s().-]{5,24}$/.test(value) && value.replace(/\D/g, "").length <= 15),
    "INVALID_FORMAT",
  )
  .nullish()
  .transform((value) => value || null);

export const accountSettingsView = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** ISO 4217 */
  currency: z.string(),
  /** IANA zone in which the console and the storefront show dates */
  timezone: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** true once money was recorded in the currency (a processed cart): it can no longer change */
  currency_locked: z.boolean(),
});
export type AccountSettingsView = z.infer<typeof accountSettingsView>;

/** PUT /api/admin/settings/account (the logo has its own calls: POST / DELETE …/account/logo) */
export const accountSettingsBody = z.object({
  name: requiredText(LIMITS.name),
  language: z.enum(LANGUAGES, "INVALID_CHOICE"),
  currency: requiredText(3)
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "INVALID_CURRENCY"),
  timezone: requiredText(64),
  contact_email: optionalEmail,
  contact_phone: optionalPhone,
});
export type AccountSettingsBody = z.input<typeof accountSettingsBody>;

export const businessSettingsView = z.object({
  legal_name: z.string().nullable(),
  vat_number: z.string().nullable(),
  /** The Belgian enterprise number, 10 digits (a club without a VAT number still has one). */
  enterprise_number: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2 */
  country: z.string().nullable(),
});
export type BusinessSettingsView = z.infer<typeof businessSettingsView>;

/**
 * PUT /api/admin/settings/business. Blank fields read as null. The server stores the IBAN, BIC
 * and VAT number compact and upper-cased, and refuses INVALID_IBAN (mod-97 check),
 * INVALID_BIC, INVALID_VAT_NUMBER (a Belgian number's check digits, another's shape) and
 * INVALID_ENTERPRISE_NUMBER (a Belgian enterprise number's check digits; stored as 10 digits).
 */
export const businessSettingsBody = z.object({
  legal_name: optionalText(LIMITS.name),
  vat_number: optionalText(40),
  enterprise_number: optionalText(20),
  iban: optionalText(50),
  bic: optionalText(20),
  street: optionalText(LIMITS.shortText),
  number: optionalText(20),
  postcode: optionalText(20),
  city: optionalText(LIMITS.name),
  country: optionalText(2)
    .transform((value) => value?.toUpperCase() ?? null)
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), "INVALID_FORMAT"),
});
export type BusinessSettingsBody = z.input<typeof businessSettingsBody>;

export const preferencesSettingsView = z.object({
  /** seconds a cart item holds its place */
  carts_expiration_delay: z.int(),
  create_customers_participant: z.boolean(),
  payments_references_prefix: z.string(),
  /** the kind of reference the organiser's account gets (a Belgian one in euros: structured) */
  payment_reference_kind: z.enum(["STRUCTURED_COMMUNICATION", "CREDITOR_REFERENCE"]),
  formats: z.object({ ages: z.array(ageFormatRule) }),
});
export type PreferencesSettingsView = z.infer<typeof preferencesSettingsView>;

const positiveNumber = z.number("INVALID_TYPE").positive("TOO_SMALL").max(1_000_000, "TOO_BIG");

export const ageFormatRuleBody = z.object({
  type: z.enum(["seconds", "minutes", "hours", "days", "weeks", "months", "years"], {
    error: "INVALID_CHOICE",
  }),
  number_of_days: positiveNumber,
  /** in the rule's own unit; null: no limit (the last rule) */
  limit: positiveNumber.nullable(),
  rounding_interval: positiveNumber,
  rounding_method: z.enum(["down", "up", "nearest"], { error: "INVALID_CHOICE" }),
});

/**
 * PUT /api/admin/settings/preferences. The server refuses a delay outside 60 s – 24 h
 * (TOO_SMALL, TOO_BIG), a prefix that is not digits (INVALID_FORMAT) or too long for the
 * structured reference (TOO_LONG), and age limits that would leave a rule unused
 * (`formats.ages.{i}.limit`: AGE_LIMIT_NOT_INCREASING, AGE_RULE_UNREACHABLE).
 */
export const preferencesSettingsBody = z.object({
  carts_expiration_delay: z.int("INVALID_TYPE"),
  create_customers_participant: z.boolean("INVALID_TYPE"),
  payments_references_prefix: z.string("INVALID_TYPE").trim().max(20, "TOO_LONG"),
  formats: z.object({ ages: z.array(ageFormatRuleBody).max(10, "TOO_BIG") }),
});
export type PreferencesSettingsBody = z.input<typeof preferencesSettingsBody>;

/** The organiser's own provider account: never its key, only enough to recognise it. */
export const ownPaymentProviderView = z.object({
  provider: z.literal("mollie"),
  configured: z.literal(true),
  /** null when the stored key cannot be read (the server's secret changed) */
  api_key_last4: z.string().nullable(),
  mode: z.enum(["test", "live"]).nullable(),
});
export type OwnPaymentProviderView = z.infer<typeof ownPaymentProviderView>;

export const paymentsSettingsView = z.object({
  bank_transfers_payments_activated: z.boolean(),
  online_payments_activated: z.boolean(),
  own_provider: ownPaymentProviderView.nullable(),
  /** whether the platform takes online payments for organisers without their own account */
  platform_provider: z.boolean(),
});
export type PaymentsSettingsView = z.infer<typeof paymentsSettingsView>;

/** A Mollie API key: `test_` or `live_` then its letters and digits (not a profile id). */
export const MOLLIE_API_KEY_PATTERN = /^(test|live)_[A-Za-z0-9]{20,100}$/;

/**
 * PUT /api/admin/settings/payments. `mollie_api_key`: a new key, null to remove the organiser's
 * own, missing to keep it. Online payments need a provider (the platform's or the organiser's
 * own): without one, `online_payments_activated` is PAYMENT_PROVIDER_REQUIRED.
 */
export const paymentsSettingsBody = z.object({
  bank_transfers_payments_activated: z.boolean("INVALID_TYPE"),
  online_payments_activated: z.boolean("INVALID_TYPE"),
  mollie_api_key: z
    .string("INVALID_TYPE")
    .trim()
    .regex(MOLLIE_API_KEY_PATTERN, "INVALID_MOLLIE_API_KEY")
    .nullable()
    .optional(),
});
export type PaymentsSettingsBody = z.input<typeof paymentsSettingsBody>;
