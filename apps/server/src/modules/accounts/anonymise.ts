import { customers, participants } from "@booking/db";
import { and, eq, isNull, sql } from "@booking/db/orm";
import type { ServiceContext } from "../../http/service-context.ts";
import { eraseBillingDetails } from "../invoices/billing-details.ts";
import { changeNewsletterConsent } from "../newsletters/service.ts";
import { cancelPendingRequest } from "../registration-requests/queries.ts";
import { eraseCustomerProofs } from "../transaction-proofs/queries.ts";
import type { ProofStore } from "../transaction-proofs/storage.ts";
import { deleteCustomerLeftovers, eraseEmailLog } from "./queries.ts";
import { closeAllSessions } from "./sessions.ts";

export type ErasedCustomer = { id: number; cuid: string; email: string };

/**
 * Locks a customer not anonymised yet: two erasures of the same person (their own account
 * deletion, staff's erasure) run one after the other, and the second finds nobody.
 */
export async function lockCustomerToErase(
  tx: ServiceContext["db"],
  organiserId: number,
  where: { id: number } | { cuid: string },
): Promise<ErasedCustomer | null> {
  const [customer] = await tx
    .select({ id: customers.id, cuid: customers.cuid, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        "id" in where ? eq(customers.id, where.id) : eq(customers.cuid, where.cuid),
        isNull(customers.anonymisedAt),
      ),
    )
    .for("update");
  return customer ?? null;
}

/**
 * Erases a customer's personal data, for their own account deletion (decision 0004) and staff's
 * erasure at their request (decision 0104) alike. The organiser's records stay — the customer
 * row, its processed carts, registrations, bundles, memberships, vouchers, wallet movements and
 * payments keep their ids and amounts — but names, e-mail, phone, password and custom data of the
 * customer and their participants are replaced, the e-mail log to the address is emptied, the
 * open cart, waiting-list entries, tags, badges, reset tokens and sessions are deleted, and the
 * proofs of payment sent to their orders are erased (rows now, files once committed: a bank's
 * PDF names the payer). The row must be locked (`lockCustomerToErase`).
 */
export async function anonymiseCustomer(
  context: Pick<ServiceContext, "db" | "organiser" | "afterCommit">,
  proofStore: ProofStore,
  customer: ErasedCustomer,
  now: Date,
): Promise<{ proofsErased: number }> {
  const { db, organiser } = context;
  const anonymisedEmail = `deleted-${customer.cuid}@anonymised.invalid`;
  await changeNewsletterConsent(db, organiser.id, customer.id, false, "ACCOUNT_DELETION");
  await eraseBillingDetails(db, organiser.id, customer.id);
  await db
    .update(customers)
    .set({
      firstname: "Deleted",
      lastname: "customer",
      email: anonymisedEmail,
      phone: "",
      passwordHash: null,
      customData: [],
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(and(eq(customers.organiserId, organiser.id), eq(customers.id, customer.id)));
  await db
    .update(participants)
    .set({
      firstname: "Deleted",
      lastname: "participant",
      customData: [],
      deletedAt: sql`coalesce(${participants.deletedAt}, ${now})`,
      updatedAt: now,
    })
    .where(
      and(eq(participants.organiserId, organiser.id), eq(participants.customerId, customer.id)),
    );
  await deleteCustomerLeftovers(db, organiser.id, customer.id);
  // Nobody is left to take up a place the organiser would approve.
  await cancelPendingRequest(db, organiser.id, customer.id, null, now);
  await eraseEmailLog(db, organiser.id, customer.email, anonymisedEmail);
  const proofFiles = await eraseCustomerProofs(db, organiser.id, customer.id, now);
  // Removed only once the rows' deletion is committed: a rolled-back erasure keeps its files.
  if (proofFiles.length > 0) {
    context.afterCommit(async () => {
      for (const file of proofFiles) await proofStore.remove(file);
    });
  }
  await closeAllSessions(db, customer.id);
  return { proofsErased: proofFiles.length };
}
