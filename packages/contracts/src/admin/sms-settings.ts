import { z } from "zod";

/**
 * The organiser's SMS settings (/api/admin/settings/sms, organiser.preferences.read|update):
 * the sender name families see, its own Twilio account (sealed on the server, never answered:
 * the view says only whether one is configured), and what its SMS cost per month.
 * The sender name and the account's `from` are checked by the server with @booking/domain
 * (sms.ts, phone-numbers.ts), which answers INVALID_SMS_SENDER / INVALID_PHONE_NUMBER.
 */

export const smsSettingsView = z.object({
  /** the alphanumeric sender id shown instead of a number; null: the account's sender */
  sender_name: z.string().nullable(),
  /** "configured", "unreadable" (the server's secret changed: enter it again) or null (none) */
  own_provider: z.enum(["configured", "unreadable"]).nullable(),
  /** whether the platform sends SMS for organisers without their own account */
  platform_provider: z.boolean(),
  /** minor units billed per SMS part (§9 default 15) */
  unit_amount: z.number().int(),
  currency: z.string(),
});
export type SmsSettingsView = z.infer<typeof smsSettingsView>;

/** Twilio's identifiers: an account SID (AC + 32 hex digits) and its auth token (32 hex digits). */
export const TWILIO_ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
export const TWILIO_AUTH_TOKEN_PATTERN = /^[0-9a-fA-F]{32}$/;

export const smsCredentialsBody = z.object({
  provider: z.literal("twilio", "INVALID_CHOICE"),
  account_sid: z.string("INVALID_TYPE").trim().regex(TWILIO_ACCOUNT_SID_PATTERN, "INVALID_FORMAT"),
  auth_token: z.string("INVALID_TYPE").trim().regex(TWILIO_AUTH_TOKEN_PATTERN, "INVALID_FORMAT"),
  /** one of the account's numbers (E.164 once read) or an alphanumeric sender id */
  from: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(32, "TOO_LONG"),
});

/**
 * PUT /api/admin/settings/sms. `sender_name`: empty or null for none. `credentials`: a new
 * account, null to remove the organiser's own, missing to keep it.
 */
export const smsSettingsBody = z.object({
  sender_name: z
    .string("INVALID_TYPE")
    .trim()
    .max(64, "TOO_LONG")
    .nullable()
    .transform((value) => value || null),
  credentials: smsCredentialsBody.nullable().optional(),
});
export type SmsSettingsBody = z.input<typeof smsSettingsBody>;

/** One month of SMS sent (status SENT in the delivery log), in the organiser's time zone. */
export const smsUsageMonth = z.object({
  /** YYYY-MM */
  month: z.string(),
  messages: z.number().int(),
  segments: z.number().int(),
  /** minor units: segments × unit_amount, what platform billing charges */
  amount: z.number().int(),
});
export type SmsUsageMonth = z.infer<typeof smsUsageMonth>;

/** GET /api/admin/settings/sms/usage: the last 12 months, the most recent first (empty ones too). */
export const smsUsageView = z.object({
  unit_amount: z.number().int(),
  currency: z.string(),
  months: z.array(smsUsageMonth),
});
export type SmsUsageView = z.infer<typeof smsUsageView>;
