import { PERMISSION_CATALOGUE, type Permission, SPECIAL_PERMISSIONS } from "@booking/domain";
import type { TFunction } from "../../../i18n/translator";

export interface PermissionChoice {
  name: Permission;
  /** the action's label, the checkbox text */
  label: string;
}

export interface PermissionResource {
  id: string;
  label: string;
  choices: PermissionChoice[];
}

export interface PermissionGroup {
  id: string;
  label: string;
  resources: PermissionResource[];
}

/** "custom_fields" → "Custom fields": the label of a catalogue name not translated yet. */
function humanize(name: string): string {
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The permission catalogue as the role editor shows it: one group per area with its resources
 * and their actions, in catalogue order, then the special permissions. Labels come from
 * admin.permissions.*, falling back to the names themselves for entries added to the catalogue
 * before their translation.
 */
export function permissionGroups(t: TFunction): PermissionGroup[] {
  const label = (kind: string, name: string) =>
    t(`admin.permissions.${kind}.${name}`, { defaultValue: humanize(name) });
  const areas = Object.entries(PERMISSION_CATALOGUE).map(([area, resources]) => ({
    id: area,
    label: label("areas", area),
    resources: Object.entries(resources).map(([resource, actions]) => ({
      id: `${area}.${resource}`,
      label: label("resources", resource),
      choices: (actions as readonly string[]).map((action) => ({
        name: `${area}.${resource}.${action}` as Permission,
        label: label("actions", action),
      })),
    })),
  }));
  const special: PermissionGroup = {
    id: "special",
    label: t("admin.permissions.special_title"),
    resources: SPECIAL_PERMISSIONS.map((name) => ({
      id: name,
      label: label("special", name.replace(".", "_")),
      choices: [{ name, label: t("admin.permissions.allowed") }],
    })),
  };
  return [...areas, special];
}

/** The groups narrowed to the resources whose area, resource, action or name contain `query`. */
export function filterGroups(groups: PermissionGroup[], query: string): PermissionGroup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return groups;
  const matches = (...texts: string[]) => texts.some((text) => text.toLowerCase().includes(needle));
  return groups
    .map((group) => ({
      ...group,
      resources: matches(group.label, group.id)
        ? group.resources
        : group.resources.filter((resource) =>
            matches(
              resource.label,
              resource.id,
              ...resource.choices.flatMap((choice) => [choice.label, choice.name]),
            ),
          ),
    }))
    .filter((group) => group.resources.length > 0);
}

export function groupPermissions(group: PermissionGroup): Permission[] {
  return group.resources.flatMap((resource) => resource.choices.map((choice) => choice.name));
}
