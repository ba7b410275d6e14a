import {
  bundleExpiryBody,
  customerBundleAdminList,
  customerBundleAdminView,
  customerCuidParams,
  customerOwnedItemParams,
  ownedRefundBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customerBundlesConsole } from "./service.ts";

/** Customers' bundles in the console: list with consumption, validity, refund (decision 0087). */
export function registerCustomerBundleConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: customers"];
  const params = customerOwnedItemParams;

  api.get(
    "/api/admin/customers/:cuid/bundles",
    {
      schema: { tags, params: customerCuidParams, response: { 200: customerBundleAdminList } },
      config: { console: "customers.bundles.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerBundlesConsole.list(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/customer-bundles/:item/expiry",
    {
      schema: { tags, params, body: bundleExpiryBody, response: { 200: customerBundleAdminView } },
      config: { console: "customers.bundles.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerBundlesConsole.setExpiry(context, request.params.item, request.body),
      ),
  );
  api.post(
    "/api/admin/customer-bundles/:item/refund",
    {
      schema: { tags, params, body: ownedRefundBody, response: { 200: customerBundleAdminView } },
      config: { console: "customers.bundles.refund" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerBundlesConsole.refund(context, request.params.item, request.body),
      ),
  );
}
