import { z } from "zod";
import {
  calendarDate,
  customData,
  emailAddress,
  LIMITS,
  phoneNumber,
  requiredText,
} from "./common.ts";

/** The rules of every password (customers and collaborators). */
export const password = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .min(1, "REQUIRED")
  .min(LIMITS.password.min, "TOO_SHORT")
  .max(LIMITS.password.max, "TOO_LONG");

/** POST /api/auth/register */
export const registerBody = z.object({
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  email: emailAddress,
  phone: phoneNumber,
  password,
  terms: z.literal(true, "TERMS_REQUIRED"),
  custom_data: customData,
  /** the newsletter opt-in box, unticked by default (decision 0047) */
  newsletter: z.boolean("INVALID_TYPE").default(false),
  participant: z
    .object({
      birthdate: calendarDate,
      custom_data: customData,
    })
    .optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

/** POST /api/auth/login */
export const loginBody = z.object({
  email: emailAddress,
  password: z
    .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
    .min(1, "REQUIRED")
    .max(LIMITS.password.max, "TOO_LONG"),
});
export type LoginBody = z.input<typeof loginBody>;

/** POST /api/auth/password/link */
export const passwordLinkBody = z.object({ email: emailAddress });
export type PasswordLinkBody = z.input<typeof passwordLinkBody>;

/**
 * POST /api/auth/password. The spec's payload is password and token; the confirmation is checked
 * by the form and, when sent, by the server too (mismatch → MISMATCH on password_confirmation).
 */
export const passwordResetBody = z
  .object({
    token: requiredText(LIMITS.token),
    password,
    password_confirmation: z.string("INVALID_TYPE").max(LIMITS.password.max, "TOO_LONG").optional(),
  })
  .refine(
    (body) =>
      body.password_confirmation === undefined || body.password_confirmation === body.password,
    { path: ["password_confirmation"], message: "MISMATCH" },
  );
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** The reset form of /auth/password?token=…: both fields required, equal. */
export const passwordResetForm = z
  .object({
    password,
    password_confirmation: z.string("INVALID_TYPE").min(1, "REQUIRED"),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ["password_confirmation"],
    message: "MISMATCH",
  });

/** Reset tokens are valid for one hour and usable once. */
export const PASSWORD_RESET_TOKEN_TTL_SECONDS = 3600;
