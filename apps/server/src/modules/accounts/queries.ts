import {
  customers,
  customFields,
  participants,
  passwordResetTokens,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, eq, isNull, type SQL } from "@booking/db/orm";

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

export async function activeCustomFields(
  tx: TenantTx,
  organiserId: number,
  entity: "CUSTOMERS" | "PARTICIPANTS",
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

export async function countActiveParticipants(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customerId),
        isNull(participants.deletedAt),
      ),
    );
  return row?.value ?? 0;
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
