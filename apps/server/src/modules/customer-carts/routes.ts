import {
  cartAdminDetail,
  cartAdminList,
  cartCancelBody,
  cartItemParams,
  cartListQuery,
  cartParams,
  customerCuidParams,
  holdExtendBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customerCartsConsole } from "./service.ts";

/**
 * Customers' carts in the console (decision 0092): the customer page reads theirs
 * (customers.carts.read); the carts list, a cart, and the changes of its holds and order
 * (carts.carts.*).
 */
export function registerCustomerCartConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: carts"];

  api.get(
    "/api/admin/customers/:cuid/carts",
    {
      schema: {
        tags,
        params: customerCuidParams,
        response: { 200: z.object({ data: z.array(cartAdminDetail) }) },
      },
      config: { console: "customers.carts.read" },
    },
    (request) =>
      inConsole(deps, request, async (context) => ({
        data: await customerCartsConsole.ofCustomer(context, request.params.cuid),
      })),
  );
  api.get(
    "/api/admin/carts",
    {
      schema: { tags, querystring: cartListQuery, response: { 200: cartAdminList } },
      config: { console: "carts.carts.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => customerCartsConsole.list(context, request.query)),
  );
  api.get(
    "/api/admin/carts/:cuid",
    {
      schema: { tags, params: cartParams, response: { 200: cartAdminDetail } },
      config: { console: "carts.carts.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerCartsConsole.detail(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/cart-items/:item/extend",
    {
      schema: {
        tags,
        params: cartItemParams,
        body: holdExtendBody,
        response: { 200: cartAdminDetail },
      },
      config: { console: "carts.carts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerCartsConsole.extend(context, request.params.item, request.body),
      ),
  );
  api.post(
    "/api/admin/cart-items/:item/release",
    {
      schema: { tags, params: cartItemParams, response: { 200: cartAdminDetail } },
      config: { console: "carts.carts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerCartsConsole.release(context, request.params.item),
      ),
  );
  api.post(
    "/api/admin/carts/:cuid/cancel",
    {
      schema: {
        tags,
        params: cartParams,
        body: cartCancelBody,
        response: { 200: cartAdminDetail },
      },
      config: { console: "carts.carts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerCartsConsole.cancel(context, request.params.cuid, request.body),
      ),
  );
}
