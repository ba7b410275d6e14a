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

/**
 * Permissions of the spec's list that no console call checks, each with the reason. Roles may
 * hold them; apps/server/test/permission-coverage.test.ts fails on a permission nothing checks
 * that is not listed here, and on a listed one that something starts checking.
 */
export const RESERVED_PERMISSIONS: Partial<Record<Permission, string>> = {
  "bank.transfers.read":
    "Transfers are read where staff meet them: the payments list and exports (payments.payments.read) and the statement lines (bank.statements.read).",
  "newsletters.subscribers.create":
    "Consent is the customer's own act (at registration or in the profile); staff only withdraw it, under newsletters.subscribers.update (decision 0047).",
  "newsletters.subscribers.delete":
    "A subscriber is a customer who consented; withdrawing consent is newsletters.subscribers.update, and the customer record stays.",
  "customers.vouchers.update":
    "A bought voucher is fixed at purchase; staff read, refund and redeem it under their own permissions.",
  "customers.memberships.delete":
    "A membership is never deleted, so that its history stays; staff cancel it (customers.memberships.update) and give one (customers.memberships.create).",
  "customers.wallet.read":
    "The wallet balance is part of the customer's record (customers.customers.read); customers.wallet.update guards every change to it.",
  "customers.carts.update":
    "Staff change carts under carts.carts.update, from the carts list and the customer's carts tab alike (decision 0092).",
  "availabilities.dates.read":
    "An availability's dates are read with it (availabilities.availabilities.read); dates have their own create, update and delete.",
  "payments.payments.create":
    "Money staff receive is recorded as a bank transfer by hand (bank.transfers.create) or a wallet credit (customers.wallet.update); online payments are the provider's.",
  "payments.transactions.create":
    "Transactions are what payments, transfers and wallet movements write; no console call creates one directly.",
  "payments.transactions.read":
    "Transactions are read in the payments list and exports (payments.payments.read, exports.payments.read).",
};

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
