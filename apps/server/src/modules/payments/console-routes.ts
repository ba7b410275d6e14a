import {
  adminCuidParams,
  adminPaymentList,
  adminPaymentView,
  outstandingList,
  outstandingQuery,
  paymentListQuery,
  refundPaymentBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { paymentsConsole } from "./console-service.ts";
import type { PaymentsConfig } from "./service.ts";

/** The console's payments: the money received, the carts still owing, online refunds. */
export function registerPaymentConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { payments: PaymentsConfig; dispatchEmail(emailId: number): Promise<void> },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: payments"];

  api.get(
    "/api/admin/payments",
    {
      schema: { tags, querystring: paymentListQuery, response: { 200: adminPaymentList } },
      config: { console: "payments.payments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => paymentsConsole.list(context, request.query)),
  );
  api.get(
    "/api/admin/outstanding",
    {
      schema: { tags, querystring: outstandingQuery, response: { 200: outstandingList } },
      config: { console: "payments.payments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => paymentsConsole.outstanding(context, request.query)),
  );
  api.post(
    "/api/admin/payments/:cuid/refund",
    {
      schema: {
        tags,
        params: adminCuidParams,
        body: refundPaymentBody,
        response: { 200: adminPaymentView },
      },
      config: { console: "payments.payments.refund" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        paymentsConsole.refund(context, request.params.cuid, request.body, {
          config: deps.payments,
          // The provider's return and webhook URLs are on the organiser's storefront.
          origin: app.publicUrls.storefront(context.organiser),
          urls: app.publicUrls,
          dispatchEmail: deps.dispatchEmail,
        }),
      ),
  );
}
