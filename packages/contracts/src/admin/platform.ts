import { z } from "zod";
import { LIMITS, listEnvelope } from "../common.ts";
import { adminListQuery } from "./list-query.ts";

/**
 * The platform area of the console (decision 0040): platform operators, a role apart from the
 * organisers' collaborators, list every organiser, suspend and reactivate one, and act as its
 * owner. Their calls live under /api/admin/platform; log-in reuses `loginBody`.
 */

export const organiserStatus = z.enum(["ACTIVE", "SUSPENDED"]);
export type OrganiserStatus = z.infer<typeof organiserStatus>;

/** An operator's password: longer than a customer's, this log-in reaches every organiser. */
export const OPERATOR_PASSWORD_MIN = 12;

export const operatorView = z.object({ cuid: z.string(), email: z.string(), name: z.string() });
export type OperatorView = z.infer<typeof operatorView>;

/** GET /api/admin/platform/session (and the log-in's answer) */
export const operatorSessionResponse = z.object({ operator: operatorView });
export type OperatorSessionResponse = z.infer<typeof operatorSessionResponse>;

/** POST /api/admin/platform/auth/password: the one-time link of `npm run operator -- create`. */
export const operatorPasswordBody = z
  .object({
    token: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(LIMITS.token, "TOO_LONG"),
    password: z
      .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
      .min(OPERATOR_PASSWORD_MIN, "TOO_SHORT")
      .max(LIMITS.password.max, "TOO_LONG"),
    password_confirmation: z.string("INVALID_TYPE").max(LIMITS.password.max, "TOO_LONG"),
  })
  .refine((body) => body.password_confirmation === body.password, {
    message: "MISMATCH",
    path: ["password_confirmation"],
  });
export type OperatorPasswordBody = z.input<typeof operatorPasswordBody>;

/** GET /api/admin/platform/organisers: `q` searches name, slug and owner e-mail. */
export const platformOrganisersQuery = adminListQuery.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["ACTIVE", "SUSPENDED"], { error: "INVALID_CHOICE" }).optional(),
  ),
});
export type PlatformOrganisersQuery = z.input<typeof platformOrganisersQuery>;

const person = z.object({ email: z.string(), firstname: z.string(), lastname: z.string() });

export const platformOrganiserCounts = z.object({
  customers: z.int(),
  participants: z.int(),
  registrations: z.int(),
  activities: z.int(),
  collaborators: z.int(),
});

export const platformOrganiserView = z.object({
  cuid: z.string(),
  slug: z.string(),
  name: z.string(),
  language: z.enum(["fr", "en"]),
  status: organiserStatus,
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  /** the first collaborator holding the owner role */
  owner: person.nullable(),
  counts: platformOrganiserCounts,
  storefront_url: z.string(),
});
export type PlatformOrganiserView = z.infer<typeof platformOrganiserView>;

export const platformOrganiserList = listEnvelope(platformOrganiserView);
export type PlatformOrganiserList = z.infer<typeof platformOrganiserList>;

/** One line of what operators did to an organiser. */
export const platformAuditEntry = z.object({
  cuid: z.string(),
  action: z.enum([
    "organiser.suspended",
    "organiser.reactivated",
    "organiser.owner_impersonated",
    "organiser.billing_changed",
    "organiser.billing_cycle_rerun",
  ]),
  operator: operatorView.nullable(),
  created_at: z.string(),
});

/** GET /api/admin/platform/organisers/:cuid */
export const platformOrganiserDetail = platformOrganiserView.extend({
  currency: z.string(),
  timezone: z.string(),
  domain: z.string().nullable(),
  contact_email: z.string().nullable(),
  suspended_by: operatorView.nullable(),
  history: z.array(platformAuditEntry),
});
export type PlatformOrganiserDetail = z.infer<typeof platformOrganiserDetail>;
