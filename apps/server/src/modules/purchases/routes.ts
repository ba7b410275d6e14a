import {
  accountItemParams,
  accountListQuery,
  cartList,
  customerBundleList,
  customerBundleResponse,
  customerMembershipList,
  customerMembershipResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import {
  bundleByCuid,
  listBundles,
  listMemberships,
  listOrders,
  membershipByCuid,
} from "./service.ts";

/**
 * What the customer bought (platform-and-account.md §2.3): their orders (an order's detail is
 * GET /api/carts/{cuid}), bundles and memberships.
 */
export function registerPurchaseRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/carts",
    {
      schema: {
        tags: ["checkout"],
        querystring: accountListQuery,
        response: { 200: cartList },
      },
    },
    async (request) => inTenant(deps, request, (context) => listOrders(context, request.query)),
  );

  api.get(
    "/api/customer-bundles",
    {
      schema: {
        tags: ["bundles"],
        querystring: accountListQuery,
        response: { 200: customerBundleList },
      },
    },
    async (request) => inTenant(deps, request, (context) => listBundles(context, request.query)),
  );

  api.get(
    "/api/customer-bundles/:cuid",
    {
      schema: {
        tags: ["bundles"],
        params: accountItemParams,
        response: { 200: customerBundleResponse },
      },
    },
    async (request) => ({
      bundle: await customerItemOr404(deps, request, bundleByCuid, "BUNDLE_NOT_FOUND"),
    }),
  );

  api.get(
    "/api/customer-memberships",
    {
      schema: {
        tags: ["memberships"],
        querystring: accountListQuery,
        response: { 200: customerMembershipList },
      },
    },
    async (request) =>
      inTenant(deps, request, (context) => listMemberships(context, request.query)),
  );

  api.get(
    "/api/customer-memberships/:cuid",
    {
      schema: {
        tags: ["memberships"],
        params: accountItemParams,
        response: { 200: customerMembershipResponse },
      },
    },
    async (request) => ({
      membership: await customerItemOr404(deps, request, membershipByCuid, "MEMBERSHIP_NOT_FOUND"),
    }),
  );
}
