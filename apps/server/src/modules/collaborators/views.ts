import type {
  AdminCollaborator,
  AdminSessionResponse,
  AuditLogView,
  CollaboratorView,
  RoleView,
} from "@booking/contracts";
import { effectivePermissions } from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import type { Collaborator, listAuditLogs, Role, TeamMember } from "./queries.ts";

export function collaboratorView(row: Collaborator): AdminCollaborator {
  return { cuid: row.cuid, email: row.email, firstname: row.firstname, lastname: row.lastname };
}

export function roleSummary(role: Role) {
  return { cuid: role.cuid, name: role.name, is_owner: role.isOwner };
}

export function roleView(role: Role, members: number): RoleView {
  return {
    ...roleSummary(role),
    permissions: effectivePermissions(role),
    collaborators_count: members,
  };
}

export function teamMemberView(member: TeamMember): CollaboratorView {
  return {
    ...collaboratorView(member.collaborator),
    role: roleSummary(member.role),
    active: member.collaborator.passwordHash !== null,
    last_login_at: member.collaborator.lastLoginAt?.toISOString() ?? null,
    joined_at: member.membership.createdAt.toISOString(),
  };
}

export function organiserSummary(organiser: Organiser) {
  return {
    cuid: organiser.cuid,
    slug: organiser.slug,
    name: organiser.name,
    logo: organiser.logoUrl,
  };
}

export function consoleSessionView(input: {
  /** an unpaid platform invoice of the organiser shown is overdue (decision 0082) */
  billingOverdue: boolean;
  collaborator: Collaborator;
  impersonator: Collaborator | null;
  operatorImpersonator: { email: string; name: string } | null;
  memberships: Array<{ organiser: Organiser; role: Role }>;
  current: { organiser: Organiser; role: Role } | null;
  storefrontUrl: (organiser: Organiser) => string;
}): AdminSessionResponse {
  const { current } = input;
  return {
    collaborator: collaboratorView(input.collaborator),
    language: input.collaborator.language,
    impersonator: input.impersonator ? collaboratorView(input.impersonator) : null,
    operator_impersonator: input.operatorImpersonator
      ? { email: input.operatorImpersonator.email, name: input.operatorImpersonator.name }
      : null,
    organisers: input.memberships.map((m) => organiserSummary(m.organiser)),
    organiser: current
      ? {
          ...organiserSummary(current.organiser),
          language: current.organiser.language,
          currency: current.organiser.currency,
          timezone: current.organiser.timezone,
          storefront_url: input.storefrontUrl(current.organiser),
          status: current.organiser.status,
          billing_overdue: input.billingOverdue,
        }
      : null,
    role: current ? roleSummary(current.role) : null,
    permissions: current ? effectivePermissions(current.role) : [],
  };
}

export function auditLogView(
  row: Awaited<ReturnType<typeof listAuditLogs>>["rows"][number],
): AuditLogView {
  return {
    cuid: row.log.cuid,
    action: row.log.action,
    entity: row.log.entity,
    entity_id: row.log.entityId,
    collaborator: row.author ? collaboratorView(row.author) : null,
    impersonator: row.impersonator ? collaboratorView(row.impersonator) : null,
    operator: row.operator?.email ? { email: row.operator.email, name: row.operator.name } : null,
    before: row.log.before,
    after: row.log.after,
    created_at: row.log.createdAt.toISOString(),
  };
}
