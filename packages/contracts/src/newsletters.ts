import { z } from "zod";

/** Where a customer's newsletter consent last changed (decision 0047). */
export const NEWSLETTER_CONSENT_SOURCES = [
  "REGISTER",
  "PROFILE",
  "UNSUBSCRIBE_LINK",
  "CONSOLE",
  "ACCOUNT_DELETION",
] as const;
export type NewsletterConsentSource = (typeof NEWSLETTER_CONSENT_SOURCES)[number];

/** A customer's newsletter consent as the account and the console show it. */
export const newsletterConsentView = z.object({
  subscribed: z.boolean(),
  subscribed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  source: z.enum(NEWSLETTER_CONSENT_SOURCES).nullable(),
});
export type NewsletterConsentView = z.infer<typeof newsletterConsentView>;

/** An unsubscribe token: the customer's cuid and a 256-bit HMAC (base64url), dot-separated. */
export const newsletterUnsubscribeToken = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .min(1, "REQUIRED")
  .max(100, "TOO_LONG");

/**
 * POST /api/newsletters/unsubscribe (storefront.md §7): the token of the page's URL, in the body
 * or in the call's own query string (the form the List-Unsubscribe header will use), and the
 * page's redirect value; the answer names where to go: that path when it is one of this site,
 * else "/".
 */
export const newsletterUnsubscribeBody = z
  .object({
    token: newsletterUnsubscribeToken.optional(),
    redirect: z.string("INVALID_TYPE").max(2000, "TOO_LONG").nullable().optional(),
    /** RFC 8058: the one-click POST of a mail provider, form-encoded (decision 0056) */
    "List-Unsubscribe": z.literal("One-Click", "INVALID_CHOICE").optional(),
  })
  .strict();
export const newsletterUnsubscribeQuery = z.object({
  token: newsletterUnsubscribeToken.optional(),
});
export type NewsletterUnsubscribeBody = z.input<typeof newsletterUnsubscribeBody>;
export const newsletterUnsubscribeResponse = z.object({ redirect: z.string() });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponse>;
