import type { CustomerErasureBody, CustomerProfileView } from "@booking/contracts";
import { confirmationMatches, fullName } from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { anonymiseCustomer } from "../accounts/anonymise.ts";
import type { ProofStore } from "../transaction-proofs/storage.ts";
import { findCustomerSummary } from "./console-queries.ts";
import { customerProfile, requireCustomer } from "./console-service.ts";
import { countUpcomingRegistrations } from "./erasure-queries.ts";

/**
 * DELETE /api/admin/customers/:cuid (`customers.customers.delete`, decision 0104): staff erase a
 * customer at the family's request with the account deletion's own anonymisation. Refused while
 * it would lose track of money or a place — something owed (409 CUSTOMER_HAS_DEBT: record the
 * payment or cancel what is owed first), money in the wallet (409 CUSTOMER_HAS_WALLET_BALANCE:
 * refund or debit it first), a registration to come (409 CUSTOMER_HAS_UPCOMING_REGISTRATIONS:
 * cancel it first) — and unless the full name is typed (CONFIRMATION_MISMATCH). All is read
 * under the customer's row lock, so an erasure and a purchase or another erasure do not cross.
 * The audit entry keeps no personal data: the customer's cuid and what was erased.
 */
export async function eraseCustomer(
  context: ConsoleContext,
  proofStore: ProofStore,
  cuid: string,
  input: CustomerErasureBody,
): Promise<CustomerProfileView> {
  const { db, organiser } = context;
  const customer = await requireCustomer(context, cuid, { lock: true });
  if (customer.anonymisedAt !== null) throw new AppError("CUSTOMER_ANONYMISED");
  const now = new Date();
  const summary = (await findCustomerSummary(db, organiser.id, customer.id))!;
  if (summary.outstanding_amount > 0) {
    throw new AppError("CUSTOMER_HAS_DEBT", undefined, { amount: summary.outstanding_amount });
  }
  if (summary.wallet_amount > 0) {
    throw new AppError("CUSTOMER_HAS_WALLET_BALANCE", undefined, {
      amount: summary.wallet_amount,
    });
  }
  const upcoming = await countUpcomingRegistrations(db, organiser.id, customer.id, now);
  if (upcoming > 0) {
    throw new AppError("CUSTOMER_HAS_UPCOMING_REGISTRATIONS", undefined, { count: upcoming });
  }
  const typed = input.confirmation ?? "";
  if (!confirmationMatches(fullName(customer.firstname, customer.lastname), typed)) {
    throw validationError({ confirmation: "CONFIRMATION_MISMATCH" });
  }
  const { proofsErased } = await anonymiseCustomer(context, proofStore, customer, now);
  await context.audit({
    action: "customer.erased",
    entity: "customer",
    entityId: customer.cuid,
    before: { anonymised: false },
    after: { anonymised: true, proofs_erased: proofsErased },
  });
  return customerProfile(context, await requireCustomer(context, cuid));
}
