import { z } from "zod";
import { password } from "./auth.ts";
import { emailAddress, LIMITS, requiredText } from "./common.ts";
import { LANGUAGES } from "./organiser.ts";

/**
 * Sign-up of a new organiser on the platform host (`{PLATFORM_DOMAIN}`). The shapes are checked
 * here; the slug's rules (length, hostname format, reserved names), the currency and the time zone
 * are checked by the server with @booking/domain and answer the same field codes.
 */

/** The longest slug the shape accepts; organiserSlugProblem (domain) narrows it to 3–40. */
const SLUG_INPUT_MAX = 63;

const slug = requiredText(SLUG_INPUT_MAX).toLowerCase();

/** POST /api/signup */
export const signupBody = z.object({
  organiser: z.object({
    name: requiredText(LIMITS.name),
    slug,
    language: z.enum(LANGUAGES, "INVALID_CHOICE"),
    currency: requiredText(3)
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "INVALID_CURRENCY"),
    timezone: requiredText(64),
  }),
  owner: z.object({
    firstname: requiredText(LIMITS.name),
    lastname: requiredText(LIMITS.name),
    email: emailAddress,
    password,
  }),
  terms: z.literal(true, "TERMS_REQUIRED"),
  /** the slug of the organiser whose referral link was followed; an unknown one is ignored */
  referral: z.string().trim().toLowerCase().max(SLUG_INPUT_MAX, "TOO_LONG").optional(),
});
export type SignupBody = z.input<typeof signupBody>;

/** 201 of POST /api/signup: the browser goes on to `console_url` (a one-time log-in link). */
export const signupResponse = z.object({
  organiser: z.object({ cuid: z.string(), slug: z.string(), storefront_url: z.string() }),
  console_url: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

/** GET /api/signup/slug-availability?slug= (checked as the slug is typed) */
export const slugAvailabilityQuery = z.object({ slug: z.string().max(200, "TOO_LONG") });

export const slugAvailabilityResponse = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** why it is not available: a field code (TOO_SHORT, INVALID_FORMAT, SLUG_RESERVED, SLUG_TAKEN…) */
  reason: z.string().nullable(),
});
export type SlugAvailability = z.infer<typeof slugAvailabilityResponse>;

/** How long the one-time console log-in link of a sign-up stays valid. */
export const SIGNUP_LOGIN_TTL_SECONDS = 120;

/** GET /api/admin/auth/handover?token= (the admin host end of the sign-up) */
export const handoverQuery = z.object({ token: z.string().min(1).max(LIMITS.token) });

/** The first steps of a new organiser, in the order the console's home lists them. */
export const ONBOARDING_STEPS = [
  "location",
  "activity",
  "dates",
  "bank_account",
  "website",
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** GET /api/admin/onboarding: which first steps the organiser has done, from its data. */
export const onboardingView = z.object({
  steps: z.array(z.object({ step: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
});
export type OnboardingView = z.infer<typeof onboardingView>;
