import type { AdminSessionResponse } from "@booking/contracts";
import type { Permission } from "@booking/domain";

/**
 * Whether the session's role grants `permission` at the organiser shown. The session lists the
 * role's effective permissions (every one for an owner), so this is a lookup; the API checks
 * again on every call, the console only hides what would be refused.
 */
export function hasPermission(
  session: Pick<AdminSessionResponse, "permissions">,
  permission: Permission,
): boolean {
  return session.permissions.includes(permission);
}
