/**
 * The one catalogue of event types: the notification triggers of platform-and-account.md §9.
 * A change that causes an event writes it in its own transaction (the `events` outbox table);
 * consumers read it from the `events` queue and are idempotent by the event's cuid.
 *
 * Each payload names what the event is about by cuid (the ids that leave the database), just
 * that: a consumer reads the rest at its own time. The organiser is the event row's own column. `manual` carries the cuid of the message sent by hand.
 */
export const EVENT_PAYLOAD_FIELDS = {
  manual: ["message_cuid"],
  "cart.processed": ["cart_cuid"],
  "registration.created": ["registration_cuid"],
  "registration.cancellation.created": ["registration_cuid"],
  "registration.cancellation.restored": ["registration_cuid"],
  "registration.transfer.created": ["registration_cuid", "availability_cuid"],
  "bank_statement.transfer.reconciled": ["transfer_cuid"],
  "waiting-list.vacancy": ["availability_cuid"],
  "attendance-charge.created": ["attendance_charge_cuid"],
  "membership.created": ["customer_membership_cuid"],
  "customer-invoice.created": ["invoice_cuid"],
  /** a payment reminder of something still owed (docs/decisions/0077-payment-reminders.md) */
  "payment.reminder": ["reminder_cuid"],
  /**
   * money credited to what a customer owes — a processed order, one of its registrations, a
   * registration request, an attendance charge or a booking share, named by its cuid — by the
   * wallet, online or by bank transfer (docs/decisions/0083-invoices-for-every-debt.md)
   */
  "payment.received": ["destination_cuid"],
} as const satisfies Record<string, readonly string[]>;

export type EventType = keyof typeof EVENT_PAYLOAD_FIELDS;

/** The triggers in the order of §9. */
export const EVENT_TYPES = Object.keys(EVENT_PAYLOAD_FIELDS) as EventType[];

/** The payload of an event of `type`: each field the cuid of a row, as a string. */
export type EventPayload<T extends EventType> = {
  [Field in (typeof EVENT_PAYLOAD_FIELDS)[T][number]]: string;
};

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && Object.hasOwn(EVENT_PAYLOAD_FIELDS, value);
}

/**
 * Whether `payload` is exactly the payload of an event of `type`: its fields, each a non-empty
 * string, and nothing else (a consumer must not meet an unknown shape).
 */
export function isEventPayload<T extends EventType>(
  type: T,
  payload: unknown,
): payload is EventPayload<T> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return false;
  const fields: readonly string[] = EVENT_PAYLOAD_FIELDS[type];
  const keys = Object.keys(payload);
  return (
    keys.length === fields.length &&
    fields.every((field) => {
      const value = (payload as Record<string, unknown>)[field];
      return typeof value === "string" && value.length > 0;
    })
  );
}
