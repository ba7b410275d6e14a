import {
  checkoutBody,
  checkoutResponse,
  processedCartParams,
  processedCartResponse,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { originOf } from "../payments/routes.ts";
import { checkoutProvider, type PaymentsConfig } from "../payments/service.ts";
import { checkout, processedCart } from "./service.ts";

/** The account page of a processed cart (platform-and-account.md §2.2), for the e-mail. */
function cartUrlFor(request: FastifyRequest) {
  const language = request.tenant.kind === "storefront" ? request.tenant.organiser.language : "fr";
  const origin = `${request.protocol}://${request.headers.host}`;
  return (cuid: string) => `${origin}/${language}/account/carts/${encodeURIComponent(cuid)}`;
}

/** Checkout and its success page: storefront.md §4 "Checkout", §5, §7. */
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
    async (request) =>
      inTenant(deps, request, (context) =>
        checkout(
          context,
          request.body,
          { dispatchEmail: deps.dispatchEmail, cartUrl: cartUrlFor(request) },
          {
            origin: originOf(request),
            provider: () => checkoutProvider(context, deps.payments, originOf(request)),
          },
        ),
      ),
  );

  api.get(
    "/api/carts/:cuid",
    { schema: { tags, params: processedCartParams, response: { 200: processedCartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) => processedCart(context, request.params.cuid)),
    }),
  );
}
