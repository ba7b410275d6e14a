/**
 * Console permissions (platform-and-account.md §6): names `area.resource.action`, plus the
 * special two-part `collaborators.impersonate`, `customers.impersonate` and
 * `notifications.trigger`. The catalogue below is the only list of them: roles store names from
 * it, every console call declares one, and the role editor shows it grouped by area.
 */

const CRUD = ["create", "read", "update", "delete"] as const;
const READ_UPDATE = ["read", "update"] as const;

/** Areas → resources → actions, in the order of the spec's list. */
export const PERMISSION_CATALOGUE = {
  organiser: {
    account: READ_UPDATE,
    business: READ_UPDATE,
    preferences: READ_UPDATE,
    payments: READ_UPDATE,
    billing: ["read"],
  },
  billing: { invoices: ["read"] },
  payment_types: { payment_types: READ_UPDATE },
  notification_templates: { notification_templates: CRUD },
  date_configurations: { date_configurations: CRUD },
  discounts: { discounts: CRUD, volume_discounts: CRUD },
  vouchers: { vouchers: CRUD },
  memberships: { memberships: CRUD },
  bank: { statements: ["create", "read", "update"], transfers: ["create", "read", "delete"] },
  blog: { articles: CRUD },
  newsletters: { newsletters: CRUD, subscribers: CRUD },
  website: { website: READ_UPDATE, pages: CRUD },
  collaborators: {
    collaborators: CRUD,
    roles: CRUD,
    tags: CRUD,
    custom_fields: CRUD,
    notes: CRUD,
    logs: ["read"],
  },
  customers: {
    customers: CRUD,
    custom_fields: CRUD,
    tags: CRUD,
    discounts: CRUD,
    notifications: ["read"],
    vouchers: ["read", "update", "refund", "redeem"],
    memberships: CRUD,
    carts: ["read", "update"],
    bundles: ["read", "update", "refund"],
    notes: CRUD,
    reviews: ["read", "update", "delete"],
    transaction_proofs: ["read"],
    wallet: ["read", "update"],
    merge: ["update"],
  },
  participants: { participants: CRUD },
  documents: { models: CRUD, downloads: ["read"] },
  activities: {
    activities: CRUD,
    catalogs: CRUD,
    locations: CRUD,
    categories: CRUD,
    questions: CRUD,
    calendar_periods: CRUD,
    options: CRUD,
    attendance_billing: CRUD,
    bundles: CRUD,
    coupons: CRUD,
    registration_constraints: CRUD,
    cancellations: READ_UPDATE,
    confirmations: READ_UPDATE,
    notifications: READ_UPDATE,
  },
  availabilities: {
    availabilities: CRUD,
    dates: CRUD,
    schedules: ["create"],
    synchronisation: ["update"],
    automatic_cancellations: CRUD,
  },
  registrations: {
    registrations: ["create", "read", "update", "cancel", "transfer", "replace", "refund"],
    notes: CRUD,
    attendances: ["read", "register"],
    requests: READ_UPDATE,
  },
  waiting_list: { entries: ["read", "update", "delete"] },
  payments: { payments: ["create", "read", "refund"], transactions: ["create", "read"] },
  carts: { carts: ["read", "update"] },
  exports: { registrations: ["read"], customers: ["read"], payments: ["read"] },
  imports: { imports: ["create"] },
  integrations: { integrations: ["read", "activate", "deactivate"] },
  badge_lists: { badge_lists: CRUD },
  segments: { segments: CRUD },
  reports: {
    dashboard: ["read"],
    participation: ["read"],
    sales: ["read"],
    treasury: ["read"],
    timesheet: ["read"],
  },
  customer_invoices: { settings: READ_UPDATE },
  resources: { resources: CRUD, groups: CRUD },
  bookings: { bookings: CRUD, configurations: CRUD },
} as const satisfies Record<string, Record<string, readonly string[]>>;

type Catalogue = typeof PERMISSION_CATALOGUE;
type AreaPermission<A extends keyof Catalogue> = {
  [R in keyof Catalogue[A]]: `${A & string}.${R & string}.${Catalogue[A][R] extends readonly (infer X)[] ? X & string : never}`;
}[keyof Catalogue[A]];

export const SPECIAL_PERMISSIONS = [
  "collaborators.impersonate",
  "customers.impersonate",
  "notifications.trigger",
] as const;

export type Permission =
  | { [A in keyof Catalogue]: AreaPermission<A> }[keyof Catalogue]
  | (typeof SPECIAL_PERMISSIONS)[number];

/** Every permission, in catalogue order (the specials last). */
export const ALL_PERMISSIONS: readonly Permission[] = [
  ...Object.entries(PERMISSION_CATALOGUE).flatMap(([area, resources]) =>
    Object.entries(resources).flatMap(([resource, actions]) =>
      (actions as readonly string[]).map((action) => `${area}.${resource}.${action}` as Permission),
    ),
  ),
  ...SPECIAL_PERMISSIONS,
];

const KNOWN = new Set<string>(ALL_PERMISSIONS);

export function isPermission(name: string): name is Permission {
  return KNOWN.has(name);
}

/** A role's grant: the owner role holds every permission, present and future. */
export interface RoleGrant {
  isOwner: boolean;
  permissions: readonly string[];
}

export function grants(role: RoleGrant, permission: Permission): boolean {
  return role.isOwner || role.permissions.includes(permission);
}

/** The permissions a role effectively holds (the whole catalogue for the owner). */
export function effectivePermissions(role: RoleGrant): Permission[] {
  return role.isOwner
    ? [...ALL_PERMISSIONS]
    : ALL_PERMISSIONS.filter((p) => role.permissions.includes(p));
}

/**
 * A role's permission list as stored: unknown names dropped, duplicates removed, catalogue order.
 * Names retired from the catalogue thereby disappear from a role the next time it is saved.
 */
export function normalisePermissions(names: readonly string[]): Permission[] {
  const wanted = new Set(names);
  return ALL_PERMISSIONS.filter((p) => wanted.has(p));
}
