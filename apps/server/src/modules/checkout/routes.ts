import {
  checkoutBody,
  checkoutResponse,
  processedCartParams,
  processedCartResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { checkout, processedCart } from "./service.ts";

/** Checkout and its success page: storefront.md §4 "Checkout", §5, §7. */
export function registerCheckoutRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["checkout"];

  api.post(
    "/api/carts/checkout",
    { schema: { tags, body: checkoutBody, response: { 200: checkoutResponse } } },
    async (request) => inTenant(deps, request, (context) => checkout(context, request.body)),
  );

  api.get(
    "/api/carts/:cuid",
    { schema: { tags, params: processedCartParams, response: { 200: processedCartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) => processedCart(context, request.params.cuid)),
    }),
  );
}
