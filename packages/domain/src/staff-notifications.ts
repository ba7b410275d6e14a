import type { EventType } from "./events.ts";
import { grants, type RoleGrant } from "./permissions.ts";

/**
 * What a collaborator may be told of by e-mail (platform-and-account.md §6, collaborator
 * notification options), each option the event that fires it. `reservation.created` is the
 * spec's name for a new registration, request or booking.
 */
export const STAFF_NOTIFICATION_EVENTS = {
  "reservation.created": "registration.created",
  "registration.cancellation.created": "registration.cancellation.created",
  "registration.transfer.created": "registration.transfer.created",
  "waiting-list.vacancy": "waiting-list.vacancy",
  "bank_statement.transfer.reconciled": "bank_statement.transfer.reconciled",
} as const satisfies Record<string, EventType>;

export type StaffNotificationOption = keyof typeof STAFF_NOTIFICATION_EVENTS;

export const STAFF_NOTIFICATION_OPTIONS = Object.keys(
  STAFF_NOTIFICATION_EVENTS,
) as StaffNotificationOption[];

/** A new membership's options: §6 has reservation.created on by default. */
export const DEFAULT_STAFF_NOTIFICATION_OPTIONS: StaffNotificationOption[] = [
  "reservation.created",
];

export function isStaffNotificationOption(value: unknown): value is StaffNotificationOption {
  return typeof value === "string" && Object.hasOwn(STAFF_NOTIFICATION_EVENTS, value);
}

/** The option an event fires, or null when staff are never told of it. */
export function staffOptionOf(type: string): StaffNotificationOption | null {
  return (
    STAFF_NOTIFICATION_OPTIONS.find((option) => STAFF_NOTIFICATION_EVENTS[option] === type) ?? null
  );
}

/** Options about an availability: told to those assigned to it. The others concern the owners' desk. */
const AVAILABILITY_OPTIONS: ReadonlySet<StaffNotificationOption> = new Set([
  "reservation.created",
  "registration.cancellation.created",
  "registration.transfer.created",
  "waiting-list.vacancy",
]);

export function isAvailabilityOption(option: StaffNotificationOption): boolean {
  return AVAILABILITY_OPTIONS.has(option);
}

/**
 * Whether a role may choose `option`: those about availabilities are everyone's (told only of
 * what they are assigned to); the reconciled bank transfers are for who may read them.
 */
export function mayChooseStaffOption(role: RoleGrant, option: StaffNotificationOption): boolean {
  return isAvailabilityOption(option) || grants(role, "bank.transfers.read");
}

export interface StaffCandidate {
  /** holds the owner role: told of everything at the organiser */
  isOwner: boolean;
  /** assigned to the availability the event is about */
  assigned: boolean;
  /** may read what an option about no availability concerns (bank transfers) */
  mayRead: boolean;
  /** has chosen a password: an invitation not accepted yet is no recipient */
  active: boolean;
  options: readonly string[];
}

/**
 * Whether a collaborator is told of an event of `option`: they chose it, their account is
 * active, and it concerns them — an availability they are assigned to (owners: all of them), or
 * for the other options, something their role may read.
 */
export function isStaffRecipient(
  option: StaffNotificationOption,
  candidate: StaffCandidate,
): boolean {
  if (!candidate.active || !candidate.options.includes(option)) return false;
  if (candidate.isOwner) return true;
  return isAvailabilityOption(option) ? candidate.assigned : candidate.mayRead;
}
