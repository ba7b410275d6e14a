import {
  cartPaymentView,
  checkoutBody,
  checkoutResponse,
  processedCartParams,
  processedCartResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { checkoutProvider, type PaymentsConfig } from "../payments/service.ts";
import { cancelCartPayment, cartPayment } from "./payment-service.ts";
import { checkout, processedCart, takeCheckoutReference } from "./service.ts";

/** Checkout, its success page and its online payment: storefront.md §4 "Checkout", §5, §7. */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: ContextDeps & {
    /** enqueues delivery of an e-mail row written by the transaction */
    dispatchEmail(emailId: number): Promise<void>;
    payments: PaymentsConfig;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["checkout"];

  api.post(
    "/api/carts/checkout",
    { schema: { tags, body: checkoutBody, response: { 200: checkoutResponse } } },
    async (request) => {
      // Its own transaction, committed before the checkout's begins: never two at once.
      // Both on generic plans, as the add (decision 0090).
      const taken = await inTenant(
        deps,
        request,
        async (context) => ({
          actor: context.actor,
          referenceNumber: await takeCheckoutReference(context, request.body),
        }),
        { genericPlans: true },
      );
      return inTenant(
        deps,
        request,
        (context) =>
          checkout(
            context,
            request.body,
            {
              origin: publicOrigin(request),
              provider: () => checkoutProvider(context, deps.payments, publicOrigin(request)),
            },
            taken.referenceNumber,
          ),
        { actor: taken.actor, genericPlans: true },
      );
    },
  );

  api.get(
    "/api/carts/:cuid",
    { schema: { tags, params: processedCartParams, response: { 200: processedCartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) => processedCart(context, request.params.cuid)),
    }),
  );

  api.get(
    "/api/carts/:cuid/payment",
    { schema: { tags, params: processedCartParams, response: { 200: cartPaymentView } } },
    async (request, reply) => {
      // Polled by the success page until the webhook lands: never from a cache.
      reply.header("cache-control", "no-store");
      return inTenant(deps, request, (context) => cartPayment(context, request.params.cuid));
    },
  );

  api.delete(
    "/api/carts/:cuid/payment",
    { schema: { tags, params: processedCartParams, response: { 200: cartPaymentView } } },
    async (request) =>
      inTenant(deps, request, (context) => cancelCartPayment(context, request.params.cuid)),
  );
}
