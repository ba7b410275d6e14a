import {
  balancePaymentParams,
  balancePaymentView,
  onlinePaymentBody,
  onlinePaymentResponse,
  walletPaymentBody,
  walletPaymentResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { checkoutProvider, type PaymentsConfig } from "../payments/service.ts";
import { balancePayment, payFromWallet, payOnline } from "./service.ts";

/**
 * Payments from the account (platform-and-account.md §7): the wallet and the online payment of
 * what a processed cart, a registration or a registration request still owes, and where an online
 * one stands (docs/decisions/0019-account-payments.md).
 */
export function registerTransactionRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { payments: PaymentsConfig },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["account payments"];

  api.post(
    "/api/transactions/wallet",
    { schema: { tags, body: walletPaymentBody, response: { 200: walletPaymentResponse } } },
    async (request) => inTenant(deps, request, (context) => payFromWallet(context, request.body)),
  );

  api.post(
    "/api/transactions/checkout",
    { schema: { tags, body: onlinePaymentBody, response: { 200: onlinePaymentResponse } } },
    async (request) =>
      inTenant(deps, request, (context) =>
        payOnline(context, request.body, {
          origin: publicOrigin(request),
          provider: () => checkoutProvider(context, deps.payments, publicOrigin(request)),
        }),
      ),
  );

  api.get(
    "/api/transactions/payments/:cuid",
    { schema: { tags, params: balancePaymentParams, response: { 200: balancePaymentView } } },
    async (request, reply) => {
      // Followed by the return page until the webhook lands: never from a cache.
      reply.header("cache-control", "no-store");
      return inTenant(deps, request, (context) => balancePayment(context, request.params.cuid));
    },
  );
}
