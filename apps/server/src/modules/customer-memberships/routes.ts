import {
  customerCuidParams,
  customerMembershipAdminList,
  customerMembershipAdminView,
  customerOwnedItemParams,
  membershipGiftBody,
  membershipGiftChoices,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { membershipGiftChoices as giftChoices, giveMembership } from "./gift-service.ts";
import { customerMembershipsConsole } from "./service.ts";

/** Customers' memberships in the console: list and cancel (decision 0087), give (0104). */
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
  api.get(
    "/api/admin/membership-choices",
    {
      schema: { tags, response: { 200: membershipGiftChoices } },
      config: { console: "customers.memberships.create" },
    },
    (request) => inConsole(deps, request, giftChoices),
  );
  api.post(
    "/api/admin/customers/:cuid/memberships",
    {
      schema: {
        tags,
        params: customerCuidParams,
        body: membershipGiftBody,
        response: { 201: customerMembershipAdminView },
      },
      config: { console: "customers.memberships.create" },
    },
    async (request, reply) => {
      const given = await inConsole(deps, request, (context) =>
        giveMembership(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(given);
    },
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
