import { z } from "zod";
import { emailAddress, LIMITS, listEnvelope, pageNumber, requiredText } from "../common.ts";
import { adminCollaborator } from "./session.ts";

const cuidParam = z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG");
export const adminCuidParams = z.object({ cuid: cuidParam });

export const roleView = z.object({
  cuid: z.string(),
  name: z.string(),
  is_owner: z.boolean(),
  permissions: z.array(z.string()),
  collaborators_count: z.int(),
});
export type RoleView = z.infer<typeof roleView>;
export const roleList = z.object({ data: z.array(roleView) });

/** POST /api/admin/roles, PUT /api/admin/roles/:cuid (unknown permission names are refused). */
export const roleBody = z.object({
  name: requiredText(LIMITS.name),
  permissions: z.array(z.string("INVALID_TYPE").max(100, "TOO_LONG")).max(1000, "TOO_BIG"),
});
export type RoleBody = z.input<typeof roleBody>;

export const collaboratorView = adminCollaborator.extend({
  role: z.object({ cuid: z.string(), name: z.string(), is_owner: z.boolean() }),
  /** false while an invited collaborator has not chosen a password */
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  joined_at: z.string(),
});
export type CollaboratorView = z.infer<typeof collaboratorView>;
export const collaboratorList = z.object({ data: z.array(collaboratorView) });

/** POST /api/admin/collaborators: invites by e-mail (or adds an existing collaborator). */
export const inviteCollaboratorBody = z.object({
  email: emailAddress,
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  role: cuidParam,
});
export type InviteCollaboratorBody = z.input<typeof inviteCollaboratorBody>;

/** PUT /api/admin/collaborators/:cuid */
export const updateCollaboratorBody = z.object({ role: cuidParam });

/** GET /api/admin/audit-logs */
export const auditLogQuery = z.object({
  page_number: pageNumber,
  page_size: z.coerce
    .number()
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(100, "TOO_BIG")
    .default(50),
  entity: z.string().max(60, "TOO_LONG").optional(),
  entity_id: z.string().max(40, "TOO_LONG").optional(),
  collaborator: z.string().max(40, "TOO_LONG").optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogView = z.object({
  cuid: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  collaborator: adminCollaborator.nullable(),
  impersonator: adminCollaborator.nullable(),
  /** the platform operator who acted as `collaborator` (decision 0040) */
  operator: z.object({ email: z.string(), name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditLogView = z.infer<typeof auditLogView>;
export const auditLogList = listEnvelope(auditLogView);

/** POST /api/admin/customers/:cuid/impersonate and /collaborators/:cuid/impersonate */
export const impersonationResponse = z.object({ url: z.string() });
