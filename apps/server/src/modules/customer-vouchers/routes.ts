import {
  customerCuidParams,
  customerOwnedItemParams,
  customerVoucherAdminList,
  customerVoucherAdminView,
  ownedRefundBody,
  voucherRedeemForCustomerBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customerVouchersConsole } from "./service.ts";

/** Customers' vouchers in the console: list, refund, redemption for the buyer (decision 0087). */
export function registerCustomerVoucherConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: customers"];
  const params = customerOwnedItemParams;
  const response = { 200: customerVoucherAdminView };

  api.get(
    "/api/admin/customers/:cuid/vouchers",
    {
      schema: { tags, params: customerCuidParams, response: { 200: customerVoucherAdminList } },
      config: { console: "customers.vouchers.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerVouchersConsole.list(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/customer-vouchers/:item/refund",
    {
      schema: { tags, params, body: ownedRefundBody, response },
      config: { console: "customers.vouchers.refund" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerVouchersConsole.refund(context, request.params.item, request.body),
      ),
  );
  api.post(
    "/api/admin/customer-vouchers/:item/redeem",
    {
      schema: { tags, params, body: voucherRedeemForCustomerBody, response },
      config: { console: "customers.vouchers.redeem" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerVouchersConsole.redeem(context, request.params.item, request.body),
      ),
  );
}
