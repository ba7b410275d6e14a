import type { CustomerCounters } from "@booking/contracts";
import {
  attendanceCharges,
  bookingParticipations,
  type CustomFieldEntity,
  carts,
  customerBundles,
  customerDiscounts,
  customerMemberships,
  customers,
  customerTags,
  customerVouchers,
  customFields,
  messages,
  participantBadges,
  participants,
  participantTags,
  passwordResetTokens,
  registrationRequests,
  registrations,
  type TenantTx,
  waitingListEntries,
} from "@booking/db";
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  inArray,
  isNull,
  ne,
  type SQL,
  sql,
} from "@booking/db/orm";
import type { CustomerTable } from "../account-items/queries.ts";
import { availableVoucher } from "../vouchers/queries.ts";

export type CustomerRow = typeof customers.$inferSelect;
export type CustomFieldRow = typeof customFields.$inferSelect;

// Every query filters by organiser explicitly; row-level security is the second wall.

/** A customer of the organiser whose account is not deleted, by e-mail or by id. */
async function findActiveCustomerWhere(
  tx: TenantTx,
  organiserId: number,
  condition: SQL,
): Promise<CustomerRow | null> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), isNull(customers.anonymisedAt), condition))
    .limit(1);
  return row ?? null;
}

export function findActiveCustomerByEmail(tx: TenantTx, organiserId: number, email: string) {
  return findActiveCustomerWhere(tx, organiserId, eq(customers.email, email));
}

export function findActiveCustomer(tx: TenantTx, organiserId: number, customerId: number) {
  return findActiveCustomerWhere(tx, organiserId, eq(customers.id, customerId));
}

/**
 * A count of the customer's rows of `table`, correlated with the `customers` row of the outer
 * query (built with the query builder, which qualifies every column, so the inner table's own
 * `id` cannot be taken for the customer's).
 */
function ownedCount(tx: TenantTx, table: CustomerTable, condition?: SQL) {
  const owned = tx
    .select({ value: count() })
    .from(table)
    .where(
      and(
        eq(table.organiserId, customers.organiserId),
        eq(table.customerId, customers.id),
        condition,
      ),
    );
  return sql<number>`(${owned})`.mapWith(Number);
}

/**
 * The bookings in which a participant of the customer of the outer query takes part: a booking
 * shared by two of their participants counts once (platform-and-account.md §6); a cancelled one
 * too, as the account shows it cancelled (decision 0072).
 */
function bookingCount(tx: TenantTx) {
  const booked = tx
    .select({ value: countDistinct(bookingParticipations.bookingId) })
    .from(bookingParticipations)
    .where(
      and(
        eq(bookingParticipations.organiserId, customers.organiserId),
        eq(bookingParticipations.customerId, customers.id),
      ),
    );
  return sql<number>`(${booked})`.mapWith(Number);
}

/** The vouchers others bought that the customer of the outer query redeemed. */
function receivedVoucherCount(tx: TenantTx) {
  const received = tx
    .select({ value: count() })
    .from(customerVouchers)
    .where(
      and(
        eq(customerVouchers.organiserId, customers.organiserId),
        eq(customerVouchers.recipientId, customers.id),
        ne(customerVouchers.customerId, customers.id),
      ),
    );
  return sql<number>`(${received})`.mapWith(Number);
}

/**
 * The active customer and the counters of GET /api/session (platform-and-account.md §3.5), in one
 * statement: every counter is a correlated count over an `(organiser_id, customer_id)` index.
 * - participants: not deleted;
 * - carts: processed carts (orders); the open cart is the cart drawer's, not the account's;
 * - registrations: all of them, cancelled ones included (the list shows them with a badge);
 * - bundles, memberships: every one bought;
 * - vouchers: the vouchers the customer bought or redeemed (the list of /account/vouchers);
 *   available_vouchers: those bought, fully paid, unexpired and not redeemed yet, ready to be
 *   given (`availableVoucher`, docs/decisions/0017-voucher-redemption.md);
 * - bookings: the bookings one of their participants takes part in (their participations);
 * - registrations_requests: all of them, whatever their status; attendance_charges: all of them
 *   (docs/decisions/0018-account-items.md).
 */
export async function findSessionCustomer(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<{ customer: CustomerRow; counters: CustomerCounters } | null> {
  const [row] = await tx
    .select({
      customer: customers,
      participants: ownedCount(tx, participants, isNull(participants.deletedAt)),
      carts: ownedCount(tx, carts, sql`${carts.processedAt} is not null`),
      registrations: ownedCount(tx, registrations),
      bundles: ownedCount(tx, customerBundles),
      memberships: ownedCount(tx, customerMemberships),
      vouchers: ownedCount(tx, customerVouchers),
      receivedVouchers: receivedVoucherCount(tx),
      availableVouchers: ownedCount(tx, customerVouchers, availableVoucher()),
      bookings: bookingCount(tx),
      registrationsRequests: ownedCount(tx, registrationRequests),
      attendanceCharges: ownedCount(tx, attendanceCharges),
    })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.id, customerId),
        isNull(customers.anonymisedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    customer: row.customer,
    counters: {
      participants: row.participants,
      carts: row.carts,
      registrations: row.registrations,
      bookings: row.bookings,
      registrations_requests: row.registrationsRequests,
      bundles: row.bundles,
      vouchers: row.vouchers + row.receivedVouchers,
      available_vouchers: row.availableVouchers,
      memberships: row.memberships,
      attendance_charges: row.attendanceCharges,
    },
  };
}

export async function activeCustomFields(
  tx: TenantTx,
  organiserId: number,
  entity: CustomFieldEntity,
): Promise<CustomFieldRow[]> {
  return tx
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.organiserId, organiserId),
        eq(customFields.entity, entity),
        eq(customFields.active, true),
      ),
    )
    .orderBy(asc(customFields.order), asc(customFields.id));
}

/**
 * What account deletion removes besides the personal data of the customer row (decision 0004):
 * the open cart (its items stop holding places), the waiting-list entries (no place is offered to
 * a deleted account) and the reset tokens. Processed carts, registrations, bundles, memberships,
 * vouchers, wallet movements and payments stay: they are the organiser's accounting records.
 */
export async function deleteCustomerLeftovers(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<void> {
  await tx
    .delete(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        eq(carts.customerId, customerId),
        isNull(carts.processedAt),
      ),
    );
  await tx
    .delete(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.organiserId, organiserId),
        eq(waitingListEntries.customerId, customerId),
      ),
    );
  await tx
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.organiserId, organiserId),
        eq(passwordResetTokens.customerId, customerId),
      ),
    );
  // Staff's labels of the person and their children (badges may say allergies): decision 0088.
  await tx
    .delete(customerTags)
    .where(and(eq(customerTags.organiserId, organiserId), eq(customerTags.customerId, customerId)));
  // Discounts given, with staff's reason (a social rate says much of a family): decision 0100.
  await tx
    .delete(customerDiscounts)
    .where(
      and(
        eq(customerDiscounts.organiserId, organiserId),
        eq(customerDiscounts.customerId, customerId),
      ),
    );
  const theirParticipants = sql`(select ${participants.id} from ${participants}
    where ${participants.organiserId} = ${organiserId} and ${participants.customerId} = ${customerId})`;
  await tx
    .delete(participantTags)
    .where(
      and(
        eq(participantTags.organiserId, organiserId),
        inArray(participantTags.participantId, theirParticipants),
      ),
    );
  await tx
    .delete(participantBadges)
    .where(
      and(
        eq(participantBadges.organiserId, organiserId),
        inArray(participantBadges.participantId, theirParticipants),
      ),
    );
}

/**
 * Erases the organiser's e-mail log for an address: the recipient becomes `replacement`, the
 * bodies are emptied (subjects stay, for the organiser's history), and messages still waiting for
 * delivery are never sent (CANCELLED).
 */
export async function eraseEmailLog(
  tx: TenantTx,
  organiserId: number,
  address: string,
  replacement: string,
): Promise<void> {
  await tx
    .update(messages)
    .set({
      toAddress: replacement,
      html: "",
      text: "",
      status: sql`case when ${messages.status} in ('SCHEDULED', 'QUEUED') then 'CANCELLED' else ${messages.status} end`,
      lastError: sql`case when ${messages.status} in ('SCHEDULED', 'QUEUED') then 'account deleted before delivery' else ${messages.lastError} end`,
    })
    .where(and(eq(messages.organiserId, organiserId), eq(messages.toAddress, address)));
}

export async function insertResetToken(
  tx: TenantTx,
  values: { organiserId: number; customerId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResetTokens).values(values);
}

/** Consumes a reset token atomically: of two concurrent uses, only one gets the row back. */
export async function consumeResetToken(
  tx: TenantTx,
  organiserId: number,
  tokenHash: string,
): Promise<{ customerId: number; expiresAt: Date } | "USED" | null> {
  const [token] = await tx
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.organiserId, organiserId),
        eq(passwordResetTokens.tokenHash, tokenHash),
      ),
    )
    .for("update")
    .limit(1);
  if (!token) return null;
  if (token.usedAt) return "USED";
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(eq(passwordResetTokens.id, token.id));
  return { customerId: token.customerId, expiresAt: token.expiresAt };
}
