import type {
  auditLogQuery,
  CollaboratorView,
  InviteCollaboratorBody,
  RoleView,
  roleBody,
} from "@booking/contracts";
import { isPermission, normalisePermissions } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { queueEmail } from "../mail/outbox.ts";
import { staffEmail, templateCollaborator } from "../notifications/system-mail.ts";
import {
  countRoleMembers,
  deleteMembership,
  deleteRole,
  findCollaboratorByEmail,
  findRole,
  findTeamMember,
  insertCollaborator,
  insertMembership,
  insertRole,
  insertToken,
  listAuditLogs,
  listRoles,
  listTeam,
  lockOwners,
  type Role,
  roleNameTaken,
  type TeamMember,
  updateMembershipRole,
  updateRole,
} from "./queries.ts";
import { auditLogView, roleView, teamMemberView } from "./views.ts";

/** An invitation link lets its collaborator choose a password for 7 days. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export interface TeamLinks {
  /** where an invited collaborator chooses a password */
  activationUrl(token: string): string;
  loginUrl: string;
  /** the configured public addresses the invitation is made with */
  urls: PublicUrls;
  dispatchEmail(emailId: number): Promise<void>;
  secret: string;
}

const memberAudit = (member: TeamMember) => ({
  email: member.collaborator.email,
  role: member.role.name,
});

const roleAudit = (role: Role) => ({ name: role.name, permissions: role.permissions });

async function requireMember(context: ConsoleContext, cuid: string): Promise<TeamMember> {
  const member = await findTeamMember(context.db, context.organiser.id, cuid);
  if (!member) throw new AppError("COLLABORATOR_NOT_FOUND");
  return member;
}

async function requireRole(context: ConsoleContext, cuid: string): Promise<Role> {
  const role = await findRole(context.db, context.organiser.id, cuid);
  if (!role) throw new AppError("ROLE_NOT_FOUND");
  return role;
}

/** Refuses a change that would leave the organiser without any owner. */
async function keepAnOwner(context: ConsoleContext, member: TeamMember, nextRole: Role | null) {
  if (!member.role.isOwner || nextRole?.isOwner) return;
  const owners = await lockOwners(context.db, context.organiser.id);
  if (owners.length <= 1) throw new AppError("LAST_OWNER");
}

/** Only an owner may hand out, take away or act as the owner role. */
function requireOwnerFor(context: ConsoleContext, ...roles: Array<Role | null>) {
  if (roles.some((role) => role?.isOwner) && !context.actor.role.isOwner) {
    throw new AppError("FORBIDDEN");
  }
}

export const team = {
  async listCollaborators(context: ConsoleContext, tag?: string): Promise<CollaboratorView[]> {
    return (await listTeam(context.db, context.organiser.id, tag)).map(teamMemberView);
  },

  /**
   * Invites by e-mail: a new person gets a log-in without password and a link to choose one; a
   * person who already works for another organiser is added and told by e-mail.
   */
  async invite(
    context: ConsoleContext,
    input: InviteCollaboratorBody & { email: string },
    links: TeamLinks,
  ): Promise<CollaboratorView> {
    const role = await requireRole(context, input.role);
    requireOwnerFor(context, role);
    const existing = await findCollaboratorByEmail(context.db, input.email);
    if (existing && (await findTeamMember(context.db, context.organiser.id, existing.cuid))) {
      throw new AppError("COLLABORATOR_ALREADY_MEMBER");
    }
    const collaborator =
      existing ??
      (await insertCollaborator(context.db, {
        email: input.email,
        firstname: input.firstname,
        lastname: input.lastname,
      }));
    await insertMembership(context.db, {
      organiserId: context.organiser.id,
      collaboratorId: collaborator.id,
      roleId: role.id,
    });
    let link: { kind: "activate" | "login"; url: string } = { kind: "login", url: links.loginUrl };
    if (!collaborator.passwordHash) {
      const token = newToken();
      await insertToken(context.db, {
        collaboratorId: collaborator.id,
        purpose: "INVITATION",
        tokenHash: hashToken(links.secret, token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
      });
      link = { kind: "activate", url: links.activationUrl(token) };
    }
    const inviter = context.session.impersonator ?? context.session.collaborator;
    const message = await staffEmail(links.urls, "collaborator-invitation", context.organiser, {
      collaborator: templateCollaborator(collaborator),
      inviter: { name: `${inviter.firstname} ${inviter.lastname}` },
      link,
    });
    const emailId = await queueEmail(context.db, {
      organiserId: context.organiser.id,
      to: collaborator.email,
      ...message,
    });
    context.afterCommit(() => links.dispatchEmail(emailId));
    const member = await requireMember(context, collaborator.cuid);
    await context.audit({
      action: "collaborator.invited",
      entity: "collaborator",
      entityId: collaborator.cuid,
      after: memberAudit(member),
    });
    return teamMemberView(member);
  },

  async changeRole(
    context: ConsoleContext,
    cuid: string,
    roleCuid: string,
  ): Promise<CollaboratorView> {
    const member = await requireMember(context, cuid);
    const role = await requireRole(context, roleCuid);
    requireOwnerFor(context, member.role, role);
    await keepAnOwner(context, member, role);
    await updateMembershipRole(context.db, member.membership.id, role.id);
    const updated = { ...member, role };
    await context.audit({
      action: "collaborator.role_changed",
      entity: "collaborator",
      entityId: cuid,
      before: memberAudit(member),
      after: memberAudit(updated),
    });
    return teamMemberView(updated);
  },

  /** Removes a collaborator from this organiser; their log-in stays for their other organisers. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const member = await requireMember(context, cuid);
    requireOwnerFor(context, member.role);
    await keepAnOwner(context, member, null);
    await deleteMembership(context.db, member.membership.id);
    await context.audit({
      action: "collaborator.removed",
      entity: "collaborator",
      entityId: cuid,
      before: memberAudit(member),
    });
  },

  /** The member to act as, checked: not oneself, and an owner only by an owner. */
  async impersonationTarget(context: ConsoleContext, cuid: string): Promise<TeamMember> {
    const member = await requireMember(context, cuid);
    if (member.collaborator.id === context.actor.collaboratorId) {
      throw new AppError("CANNOT_IMPERSONATE_SELF");
    }
    requireOwnerFor(context, member.role);
    await context.audit({
      action: "collaborator.impersonated",
      entity: "collaborator",
      entityId: cuid,
      after: memberAudit(member),
    });
    return member;
  },

  async listRoles(context: ConsoleContext): Promise<RoleView[]> {
    return (await listRoles(context.db, context.organiser.id)).map((row) =>
      roleView(row.role, row.members),
    );
  },

  async createRole(context: ConsoleContext, input: z.output<typeof roleBody>): Promise<RoleView> {
    const permissions = checkedPermissions(input.permissions);
    if (await roleNameTaken(context.db, context.organiser.id, input.name)) {
      throw new AppError("ROLE_NAME_TAKEN");
    }
    const role = await insertRole(context.db, {
      organiserId: context.organiser.id,
      name: input.name,
      permissions,
    });
    await context.audit({
      action: "collaborator_role.created",
      entity: "collaborator_role",
      entityId: role.cuid,
      after: roleAudit(role),
    });
    return roleView(role, 0);
  },

  async updateRole(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof roleBody>,
  ): Promise<RoleView> {
    const role = await requireRole(context, cuid);
    if (role.isOwner) throw new AppError("OWNER_ROLE_LOCKED");
    const permissions = checkedPermissions(input.permissions);
    if (await roleNameTaken(context.db, context.organiser.id, input.name, role.id)) {
      throw new AppError("ROLE_NAME_TAKEN");
    }
    const updated = await updateRole(context.db, role.id, { name: input.name, permissions });
    await context.audit({
      action: "collaborator_role.updated",
      entity: "collaborator_role",
      entityId: cuid,
      before: roleAudit(role),
      after: roleAudit(updated),
    });
    return roleView(updated, await countRoleMembers(context.db, context.organiser.id, role.id));
  },

  async deleteRole(context: ConsoleContext, cuid: string): Promise<void> {
    const role = await requireRole(context, cuid);
    if (role.isOwner) throw new AppError("OWNER_ROLE_LOCKED");
    if ((await countRoleMembers(context.db, context.organiser.id, role.id)) > 0) {
      throw new AppError("ROLE_IN_USE");
    }
    await deleteRole(context.db, role.id);
    await context.audit({
      action: "collaborator_role.deleted",
      entity: "collaborator_role",
      entityId: cuid,
      before: roleAudit(role),
    });
  },

  async auditLogs(context: ConsoleContext, query: z.output<typeof auditLogQuery>) {
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const { rows, count } = await listAuditLogs(
      context.db,
      context.organiser.id,
      { entity: query.entity, entityId: query.entity_id, collaboratorCuid: query.collaborator },
      { limit, offset },
    );
    return { data: rows.map(auditLogView), count, limit, offset };
  },
};

/** Unknown permission names are refused on the field rather than silently dropped. */
function checkedPermissions(names: string[]): string[] {
  const unknown = names.findIndex((name) => !isPermission(name));
  if (unknown >= 0) throw validationError({ [`permissions.${unknown}`]: "UNKNOWN_PERMISSION" });
  return normalisePermissions(names);
}
