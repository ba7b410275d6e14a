import {
  adminCuidParams,
  okResponse,
  volumeDiscountBody,
  volumeDiscountList,
  volumeDiscountView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { volumeDiscountsConsole } from "./service.ts";

/** The console's volume discounts (discounts.volume_discounts.*; decision 0092). */
export function registerVolumeDiscountConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: volume discounts"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/volume-discounts",
    {
      schema: { tags, response: { 200: volumeDiscountList } },
      config: { console: "discounts.volume_discounts.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, volumeDiscountsConsole.list) }),
  );
  api.post(
    "/api/admin/volume-discounts",
    {
      schema: { tags, body: volumeDiscountBody, response: { 201: volumeDiscountView } },
      config: { console: "discounts.volume_discounts.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        volumeDiscountsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/volume-discounts/:cuid",
    {
      schema: { tags, params, body: volumeDiscountBody, response: { 200: volumeDiscountView } },
      config: { console: "discounts.volume_discounts.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        volumeDiscountsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/volume-discounts/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "discounts.volume_discounts.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        volumeDiscountsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
