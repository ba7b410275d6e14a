import {
  adminCuidParams,
  customerCuidParams,
  customerDiscountBody,
  customerDiscountChangeBody,
  customerDiscountList,
  customerDiscountView,
  customerOwnedItemParams,
  discountBody,
  discountList,
  discountView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { customerDiscountsConsole } from "./customer-service.ts";
import { discountsConsole } from "./service.ts";

/** Customer discounts in the console: definitions (discounts.discounts.*; decision 0100). */
export function registerDiscountConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: discounts"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/discounts",
    {
      schema: { tags, response: { 200: discountList } },
      config: { console: "discounts.discounts.read" },
    },
    (request) => inConsole(deps, request, discountsConsole.list),
  );
  api.post(
    "/api/admin/discounts",
    {
      schema: { tags, body: discountBody, response: { 201: discountView } },
      config: { console: "discounts.discounts.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        discountsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/discounts/:cuid",
    {
      schema: { tags, params, body: discountBody, response: { 200: discountView } },
      config: { console: "discounts.discounts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        discountsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/discounts/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "discounts.discounts.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        discountsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  registerCustomerDiscountRoutes(app, deps);
}

/** The discounts given to a customer, from their page (customers.discounts.*). */
function registerCustomerDiscountRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: customers"];
  const params = customerOwnedItemParams;

  api.get(
    "/api/admin/customers/:cuid/discounts",
    {
      schema: { tags, params: customerCuidParams, response: { 200: customerDiscountList } },
      config: { console: "customers.discounts.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerDiscountsConsole.list(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/customers/:cuid/discounts",
    {
      schema: {
        tags,
        params: customerCuidParams,
        body: customerDiscountBody,
        response: { 201: customerDiscountView },
      },
      config: { console: "customers.discounts.create" },
    },
    async (request, reply) => {
      const given = await inConsole(deps, request, (context) =>
        customerDiscountsConsole.give(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(given);
    },
  );
  api.put(
    "/api/admin/customer-discounts/:item",
    {
      schema: {
        tags,
        params,
        body: customerDiscountChangeBody,
        response: { 200: customerDiscountView },
      },
      config: { console: "customers.discounts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customerDiscountsConsole.change(context, request.params.item, request.body),
      ),
  );
  api.delete(
    "/api/admin/customer-discounts/:item",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "customers.discounts.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        customerDiscountsConsole.withdraw(context, request.params.item),
      );
      return { ok: true as const };
    },
  );
}
