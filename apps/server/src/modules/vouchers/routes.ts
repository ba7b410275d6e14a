import {
  accountVoucherList,
  accountVoucherResponse,
  customerVoucherParams,
  listCustomerVouchersQuery,
  redeemVoucherBody,
  voucherRedeemQuery,
  voucherRedemptionResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import { listVouchers, redeemVoucher, voucherByCuid, voucherRedemption } from "./service.ts";

/**
 * The customer's vouchers in the account area (platform-and-account.md §7): the redemption calls
 * of the spec, and the list and detail reads of /account/vouchers. `GET /api/vouchers` is the
 * catalogue's list of voucher products, hence `/api/customer-vouchers` for the bought ones.
 */
export function registerVoucherRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["vouchers"];

  api.get(
    "/api/vouchers/redeem",
    {
      schema: {
        tags,
        querystring: voucherRedeemQuery,
        response: { 200: voucherRedemptionResponse },
      },
    },
    async (request) => ({
      voucher: await inTenant(deps, request, (context) =>
        voucherRedemption(context, request.query.code),
      ),
    }),
  );

  api.put(
    "/api/vouchers/redeem",
    { schema: { tags, body: redeemVoucherBody, response: { 200: accountVoucherResponse } } },
    async (request) => ({
      voucher: await inTenant(deps, request, (context) => redeemVoucher(context, request.body)),
    }),
  );

  api.get(
    "/api/customer-vouchers",
    {
      schema: {
        tags,
        querystring: listCustomerVouchersQuery,
        response: { 200: accountVoucherList },
      },
    },
    async (request) => inTenant(deps, request, (context) => listVouchers(context, request.query)),
  );

  api.get(
    "/api/customer-vouchers/:cuid",
    {
      schema: {
        tags,
        params: customerVoucherParams,
        response: { 200: accountVoucherResponse },
      },
    },
    async (request) => ({
      voucher: await customerItemOr404(deps, request, voucherByCuid, "VOUCHER_NOT_FOUND"),
    }),
  );
}
