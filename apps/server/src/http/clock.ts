/**
 * Where a service reads the time: its context's `clock` when the caller set one, else the
 * system's. Requests never set one; the demo seed's flows do, to make what the demo's customers
 * and staff did days ago through the same services (apps/server/src/demo; decision 0073).
 */
export interface Clocked {
  clock?: () => Date;
}

/** The time a service acts at. */
export function nowOf(context: Clocked): Date {
  return context.clock?.() ?? new Date();
}
