import type {
  attendanceCharges,
  bookings,
  carts,
  customerBundles,
  customerMemberships,
  customerVouchers,
  participants,
  registrationRequests,
  registrations,
  TenantTx,
} from "@booking/db";
import { and, count, eq, type SQL } from "@booking/db/orm";

// The statements every account list shares: which rows are the customer's, and how many rows a
// list has beside the page it shows.

/** The tables whose rows belong to one customer of one organiser. */
export type CustomerTable =
  | typeof participants
  | typeof carts
  | typeof registrations
  | typeof customerBundles
  | typeof customerMemberships
  | typeof customerVouchers
  | typeof registrationRequests
  | typeof attendanceCharges;

/**
 * The customer's rows of `table` (that meet `condition`): every account query filters on the
 * organiser and the customer explicitly, row-level security being the second wall.
 */
export function ownedByCustomer(
  table: CustomerTable,
  organiserId: number,
  customerId: number,
  condition?: SQL,
): SQL | undefined {
  return and(eq(table.organiserId, organiserId), eq(table.customerId, customerId), condition);
}

/** How many rows of `table` meet `where`: the count of a whole list beside its page. */
export async function countRows(
  tx: TenantTx,
  table: CustomerTable | typeof bookings,
  where: SQL | undefined,
): Promise<number> {
  const [total] = await tx.select({ value: count() }).from(table).where(where);
  return total?.value ?? 0;
}
