import type {
  AdminSessionResponse,
  CollaboratorView,
  InviteCollaboratorBody,
  LoginBody,
  PasswordLinkBody,
  PasswordResetBody,
  RoleBody,
  RoleView,
  updateCollaboratorBody,
} from "@booking/contracts";
import type { z } from "zod";
import { apiRequest } from "../api";

/**
 * The console's calls under /api/admin, sent by the browser (XSRF header, JSON bodies) as every
 * other mutation of the web app (docs/decisions/0003). Reads go through the loaders instead.
 */

const ADMIN_API = "/api/admin";

const item = (collection: string, cuid: string) =>
  `${ADMIN_API}/${collection}/${encodeURIComponent(cuid)}`;

export const adminApi = {
  login: (body: LoginBody) =>
    apiRequest<AdminSessionResponse>("POST", `${ADMIN_API}/auth/login`, body),
  logout: () => apiRequest<{ ok: true }>("POST", `${ADMIN_API}/auth/logout`, {}),
  sendPasswordLink: (body: PasswordLinkBody) =>
    apiRequest<{ ok: true }>("POST", `${ADMIN_API}/auth/password/link`, body),
  /** Sets a new password from a reset or invitation link. */
  setPassword: (body: PasswordResetBody) =>
    apiRequest<{ ok: true }>("POST", `${ADMIN_API}/auth/password`, body),
  switchOrganiser: (organiser: string) =>
    apiRequest<AdminSessionResponse>("PUT", `${ADMIN_API}/session/organiser`, { organiser }),

  inviteCollaborator: (body: InviteCollaboratorBody) =>
    apiRequest<CollaboratorView>("POST", `${ADMIN_API}/collaborators`, body),
  updateCollaborator: (cuid: string, body: z.input<typeof updateCollaboratorBody>) =>
    apiRequest<CollaboratorView>("PUT", item("collaborators", cuid), body),
  removeCollaborator: (cuid: string) => apiRequest<unknown>("DELETE", item("collaborators", cuid)),
  /** Answers the URL that opens the console as that collaborator. */
  impersonateCollaborator: (cuid: string) =>
    apiRequest<{ url: string }>("POST", `${item("collaborators", cuid)}/impersonate`, {}),

  createRole: (body: RoleBody) => apiRequest<RoleView>("POST", `${ADMIN_API}/roles`, body),
  updateRole: (cuid: string, body: RoleBody) =>
    apiRequest<RoleView>("PUT", item("roles", cuid), body),
  deleteRole: (cuid: string) => apiRequest<unknown>("DELETE", item("roles", cuid)),
};
