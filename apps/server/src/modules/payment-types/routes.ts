import { paymentTypesBody, paymentTypesView } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { paymentTypesConsole } from "./service.ts";

/** Settings › Payment types: the order checkout offers them in (decision 0092). */
export function registerPaymentTypeConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: settings"];
  api.get(
    "/api/admin/payment-types",
    {
      schema: { tags, response: { 200: paymentTypesView } },
      config: { console: "payment_types.payment_types.read" },
    },
    (request) => inConsole(deps, request, async (context) => paymentTypesConsole.get(context)),
  );
  api.put(
    "/api/admin/payment-types",
    {
      schema: { tags, body: paymentTypesBody, response: { 200: paymentTypesView } },
      config: { console: "payment_types.payment_types.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => paymentTypesConsole.update(context, request.body)),
  );
}
