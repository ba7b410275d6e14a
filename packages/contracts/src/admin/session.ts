import { z } from "zod";

/**
 * The console session: who is logged in, the organisers they work for, the one shown and the
 * permissions their role there grants. Log-in, log-out and the password calls reuse the
 * customer payloads (`loginBody`, `passwordLinkBody`, `passwordResetBody`) under /api/admin/auth.
 */
export const adminCollaborator = z.object({
  cuid: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type AdminCollaborator = z.infer<typeof adminCollaborator>;

export const adminOrganiserSummary = z.object({
  cuid: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
});

export const adminOrganiser = adminOrganiserSummary.extend({
  language: z.enum(["fr", "en"]),
  currency: z.string(),
  timezone: z.string(),
  /** the organiser's public storefront, for "view the site" links */
  storefront_url: z.string(),
  /** SUSPENDED by a platform operator: the console is read-only (decision 0040) */
  status: z.enum(["ACTIVE", "SUSPENDED"]),
  /**
   * A platform invoice is unpaid past its due date and the overdue delay: every console page
   * shows a banner (decision 0082)
   */
  billing_overdue: z.boolean(),
});
export type AdminOrganiser = z.infer<typeof adminOrganiser>;

/** GET /api/admin/session */
export const adminSessionResponse = z.object({
  collaborator: adminCollaborator,
  /** the collaborator's own language (their profile), which the console speaks; null: the organiser's */
  language: z.enum(["fr", "en"]).nullable(),
  /** the collaborator who opened this session as `collaborator` (collaborators.impersonate) */
  impersonator: adminCollaborator.nullable(),
  /** the platform operator who opened this session as the organiser's owner (decision 0040) */
  operator_impersonator: z.object({ email: z.string(), name: z.string() }).nullable(),
  organisers: z.array(adminOrganiserSummary),
  /** the organiser shown; null for a collaborator who works for none */
  organiser: adminOrganiser.nullable(),
  role: z.object({ cuid: z.string(), name: z.string(), is_owner: z.boolean() }).nullable(),
  /** the permission names the role grants at `organiser` (the whole catalogue for an owner) */
  permissions: z.array(z.string()),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;

/** PUT /api/admin/session/organiser: the organiser switcher. */
export const switchOrganiserBody = z.object({
  organiser: z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG"),
});
