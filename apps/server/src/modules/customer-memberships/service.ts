import type { CustomerMembershipAdminList, CustomerMembershipAdminView } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireCustomer } from "../customers/console-service.ts";
import {
  type CustomerMembershipRow,
  cancelMembership,
  findCustomerMembership,
  listCustomerMemberships,
} from "./queries.ts";

// Customers' memberships in the console (issue 17 §4, decision 0087): read, and cancelled by
// staff — the account then shows the cancelled badge (platform-and-account.md §4).

const view = ({ id: _, ...row }: CustomerMembershipRow): CustomerMembershipAdminView => row;

export const customerMembershipsConsole = {
  /** GET /api/admin/customers/:cuid/memberships */
  async list(context: ConsoleContext, customerCuid: string): Promise<CustomerMembershipAdminList> {
    const customer = await requireCustomer(context, customerCuid);
    const rows = await listCustomerMemberships(context.db, context.organiser.id, customer.id);
    return { data: rows.map(view) };
  },

  /**
   * POST /api/admin/customer-memberships/:item/cancel: once (409 MEMBERSHIP_ALREADY_CANCELLED;
   * the conditional update lets only one of concurrent calls through). What was paid stays
   * paid: a refund goes through the customer's wallet.
   */
  async cancel(context: ConsoleContext, cuid: string): Promise<CustomerMembershipAdminView> {
    const { db, organiser } = context;
    const membership = await findCustomerMembership(db, organiser.id, cuid);
    if (!membership) throw new AppError("MEMBERSHIP_NOT_FOUND");
    if (!(await cancelMembership(db, organiser.id, membership.id))) {
      throw new AppError("MEMBERSHIP_ALREADY_CANCELLED");
    }
    await context.audit({
      action: "customer_membership.cancelled",
      entity: "customer_membership",
      entityId: membership.cuid,
      before: { cancelled: false },
      after: { cancelled: true },
    });
    return view({ ...membership, cancelled: true });
  },
};
