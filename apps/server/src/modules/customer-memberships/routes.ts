import {
  customerCuidParams,
  customerMembershipAdminList,
  customerMembershipAdminView,
  customerOwnedItemParams,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customerMembershipsConsole } from "./service.ts";

/** Customers' memberships in the console: list and cancel (decision 0087). */
export function registerCustomerMembershipConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: customers"];

  api.get(
    "/api/admin/customers/:cuid/memberships",
    {
      schema: { tags, params: customerCuidParams, response: { 200: customerMembershipAdminList } },
      config: { console: "customers.memberships.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerMembershipsConsole.list(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/customer-memberships/:item/cancel",
    {
      schema: {
        tags,
        params: customerOwnedItemParams,
        response: { 200: customerMembershipAdminView },
      },
      config: { console: "customers.memberships.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerMembershipsConsole.cancel(context, request.params.item),
      ),
  );
}
