import {
  addCartItemsBody,
  attachCouponBody,
  cartResponse,
  currentCartResponse,
  deleteCartItemQuery,
  detachCouponQuery,
  estimateCartItemBody,
  estimateResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import {
  addCartItems,
  attachCoupon,
  currentCart,
  detachCoupon,
  estimateCartItem,
  removeCartItem,
} from "./service.ts";

/**
 * The customer's cart: storefront.md §2 "Cart panel and drawer", §3 "Estimate", §7. The add and
 * the estimate, an opening rush's hot calls, run their statements on generic plans (`withTenant`).
 */
export function registerCartRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["carts"];

  api.get(
    "/api/carts/current",
    { schema: { tags, response: { 200: currentCartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) => currentCart(context)),
    }),
  );

  api.post(
    "/api/carts/items",
    { schema: { tags, body: addCartItemsBody, response: { 201: cartResponse } } },
    async (request, reply) => {
      const cart = await inTenant(deps, request, (context) => addCartItems(context, request.body), {
        genericPlans: true,
      });
      return reply.status(201).send({ cart });
    },
  );

  api.post(
    "/api/carts/items/estimate",
    { schema: { tags, body: estimateCartItemBody, response: { 200: estimateResponse } } },
    async (request) =>
      inTenant(deps, request, (context) => estimateCartItem(context, request.body), {
        genericPlans: true,
      }),
  );

  api.delete(
    "/api/carts/items",
    { schema: { tags, querystring: deleteCartItemQuery, response: { 200: cartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) =>
        removeCartItem(context, request.query.item_id),
      ),
    }),
  );

  api.post(
    "/api/carts/coupons",
    { schema: { tags, body: attachCouponBody, response: { 200: cartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) => attachCoupon(context, request.body)),
    }),
  );

  api.delete(
    "/api/carts/coupons",
    { schema: { tags, querystring: detachCouponQuery, response: { 200: cartResponse } } },
    async (request) => ({
      cart: await inTenant(deps, request, (context) =>
        detachCoupon(context, request.query.cart_id),
      ),
    }),
  );
}
